import { type Cluster, Redis } from 'ioredis';
import pg from 'pg';
import { config, DEFAULT_DATABASE_URL } from './config.ts';
import { log } from './logger.ts';
import { createCluster, isRedisCluster } from './redis.ts';

/** A missing dependency gets one clear sentence saying what to start, never a stack trace. */
export class ServiceUnavailableError extends Error {}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)}`;
  } catch {
    return url;
  }
}

/** The database name of a connection URL. */
export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * Whether start-up may create a missing database: only the default one (a fresh dev machine), or
 * any name with an explicit DB_CREATE=true. A misspelt DATABASE_URL must not yield an empty database.
 */
export function mayCreateDatabase(url = config().DATABASE_URL, explicit = config().DB_CREATE): boolean {
  return explicit || databaseNameOf(url) === databaseNameOf(DEFAULT_DATABASE_URL);
}

export interface CheckPostgresOptions {
  /** Create the database when it is missing (see `mayCreateDatabase`); otherwise a missing one is refused. */
  create?: boolean;
}

export async function checkPostgres(
  url = config().DATABASE_URL,
  opts: CheckPostgresOptions = {},
): Promise<void> {
  const dbName = databaseNameOf(url);
  // Connect to the maintenance database first so a missing application database can be found (and created).
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 4000 });
  // A connection dropped while checking is a failed check, not an unhandled 'error' event.
  client.on('error', (e) => log.warn('start-up check: database connection lost', { error: e.message }));
  try {
    await client.connect();
  } catch (e) {
    throw new ServiceUnavailableError(
      `PostgreSQL is not reachable at ${hostOf(url)} (${(e as Error).message}). Start it (e.g. \`pg_ctlcluster 15 main start\` or \`docker compose up -d postgres\`) or set DATABASE_URL.`,
    );
  }
  try {
    const r = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (r.rowCount === 0) {
      if (!opts.create) {
        throw new ServiceUnavailableError(
          `The database "${dbName}" does not exist on ${hostOf(url)}: check the name in DATABASE_URL, or create it (\`createdb -h ${new URL(url).hostname} -U ${decodeURIComponent(new URL(url).username) || 'postgres'} ${dbName}\`, or start once with DB_CREATE=true npm start).`,
        );
      }
      await client.query(`create database ${pg.escapeIdentifier(dbName)}`);
      console.log(`Created the database "${dbName}".`);
    }
  } finally {
    await client.end();
  }
}

/** Redis answers (on a Redis Cluster: the cluster, and every master keeps every key). */
export async function checkRedis(url = config().REDIS_URL, cluster = isRedisCluster()): Promise<void> {
  const quick = {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 4000,
  };
  const r: Redis | Cluster = cluster ? createCluster(quick, {}, url) : new Redis(url, quick);
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    for (const node of 'nodes' in r ? r.nodes('master') : [r]) {
      const policy = (await node.config('GET', 'maxmemory-policy').catch(() => [])) as string[];
      if (policy[1] && policy[1] !== 'noeviction') {
        // BullMQ needs every key kept; try to set it, warn if we cannot.
        await node.config('SET', 'maxmemory-policy', 'noeviction').catch(() => {
          console.warn(`Redis maxmemory-policy is ${policy[1]}; BullMQ needs noeviction.`);
        });
      }
    }
  } catch (e) {
    throw new ServiceUnavailableError(
      `Redis${cluster ? ' Cluster' : ''} is not reachable at ${url.split(',').map(hostOf).join(', ')} (${(e as Error).message}). Start it (e.g. \`redis-server --daemonize yes\` or \`docker compose up -d redis\`) or set REDIS_URL.`,
    );
  } finally {
    r.disconnect();
  }
}

/** Postgres (the database must exist unless `create`) and Redis are reachable. */
export async function checkServices(opts: CheckPostgresOptions = {}): Promise<void> {
  await checkPostgres(undefined, opts);
  await checkRedis();
}
