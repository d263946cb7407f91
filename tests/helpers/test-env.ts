import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createCitusDatabase, dropCitusDatabase } from '../../scripts/citus/nodes.ts';
import { deleteRedisKeys } from './redis-keys.ts';

/**
 * A throwaway database and Redis key prefix for one test run, created here and dropped by the
 * returned teardown. Everything real: no mocks.
 */
export interface TestEnvironment {
  databaseUrl: string;
  redisPrefix: string;
  dataDir: string;
  env: Record<string, string>;
  teardown(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * `npm run test:citus` (issue 28): ADMIN_URL is the Citus coordinator's and every throwaway
 * database is a Citus database (on every node, workers added; scripts/citus/nodes.ts).
 */
export const CITUS_TEST = process.env.CITUS_TEST === '1';

/** Creates a throwaway database (on every Citus node under CITUS_TEST). */
export async function createDatabase(dbName: string): Promise<void> {
  if (CITUS_TEST) return createCitusDatabase(dbName);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
}

/** Drops a throwaway database (on every Citus node under CITUS_TEST). */
export async function dropDatabase(dbName: string): Promise<void> {
  if (CITUS_TEST) return dropCitusDatabase(dbName);
  const a = new pg.Client({ connectionString: ADMIN_URL });
  await a.connect();
  await a.query(`drop database if exists "${dbName}" with (force)`);
  await a.end();
}

/** The names of one throwaway environment: its database (and URL), Redis prefix and files. */
function namesFor(label: string) {
  const id = `${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbName = `eqc_test_${id}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  return { dbName, databaseUrl: url.toString(), redisPrefix: dbName, dataDir: `/tmp/eqc-test-files/${id}` };
}

/** An environment named `names` running with `env`, and the teardown that drops all of it. */
function environment(names: ReturnType<typeof namesFor>, env: Record<string, string>): TestEnvironment {
  return {
    databaseUrl: names.databaseUrl,
    redisPrefix: names.redisPrefix,
    dataDir: names.dataDir,
    env,
    async teardown() {
      await dropDatabase(names.dbName);
      const cluster = env.REDIS_CLUSTER ? env.REDIS_CLUSTER === 'true' : REDIS_URL.includes(',');
      await deleteRedisKeys(names.redisPrefix, REDIS_URL, cluster);
      const { rm } = await import('node:fs/promises');
      await rm(names.dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestEnvironment(label: string): Promise<TestEnvironment> {
  const names = namesFor(label);
  const { dbName, redisPrefix, dataDir } = names;
  await createDatabase(dbName);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: names.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    ...(process.env.REDIS_CLUSTER ? { REDIS_CLUSTER: process.env.REDIS_CLUSTER } : {}),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: 'true',
    // Tests sign in many times from few addresses; the throttle tests set their own counters' keys.
    LOGIN_FREE_PER_IP: '100000',
    // Server and worker processes a test spawns run as one process each unless the test asks for more.
    WEB_CONCURRENCY: '1',
    WORKERS: '1',
    // A strong explicit secret (weak ones are refused at start-up).
    APP_SECRET: randomBytes(32).toString('hex'),
    // Outgoing webhooks reach the tests' receivers on http://127.0.0.1 (issue 18), whichever
    // process's worker picks the delivery up.
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
  return environment(names, env);
}

/**
 * A copy of a prepared (migrated, seeded) environment for another test worker: its database
 * cloned from `source`'s (CREATE DATABASE … TEMPLATE; nothing may be connected to the source),
 * its files copied, its own Redis prefix. Plain Postgres only (Citus databases are not templates).
 */
export async function copyTestEnvironment(source: TestEnvironment, label: string): Promise<TestEnvironment> {
  const names = namesFor(label);
  const { dbName, dataDir } = names;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const from = new URL(source.databaseUrl).pathname.slice(1);
    await admin.query(`create database "${dbName}" template "${from}"`);
  } finally {
    await admin.end();
  }
  const { cp } = await import('node:fs/promises');
  await cp(source.dataDir, dataDir, { recursive: true, force: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  return environment(names, {
    ...source.env,
    DATABASE_URL: names.databaseUrl,
    REDIS_PREFIX: names.redisPrefix,
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
  });
}

/** Applies a test environment to this process (before any server module reads its config). */
export function applyEnv(env: Record<string, string>): void {
  Object.assign(process.env, env);
}
