import { Redis } from 'ioredis';
import pg from 'pg';
import { config } from './config.ts';

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

export async function checkPostgres(url = config().DATABASE_URL): Promise<void> {
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  // Connect to the maintenance database first so a missing application database can be created.
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 4000 });
  try {
    await client.connect();
  } catch (e) {
    throw new ServiceUnavailableError(
      `PostgreSQL is not reachable at ${hostOf(url)} (${(e as Error).message}). Start it (e.g. \`pg_ctlcluster 15 main start\` or \`docker compose up -d postgres\`) or set DATABASE_URL.`,
    );
  }
  try {
    const r = await client.query('select 1 from pg_database where datname = $1', [dbName]);
    if (r.rowCount === 0) await client.query(`create database "${dbName.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function checkRedis(url = config().REDIS_URL): Promise<void> {
  const r = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 4000,
  });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
    const policy = (await r.config('GET', 'maxmemory-policy').catch(() => [])) as string[];
    if (policy[1] && policy[1] !== 'noeviction') {
      // BullMQ needs every key kept; try to set it, warn if we cannot.
      await r.config('SET', 'maxmemory-policy', 'noeviction').catch(() => {
        console.warn(`Redis maxmemory-policy is ${policy[1]}; BullMQ needs noeviction.`);
      });
    }
  } catch (e) {
    throw new ServiceUnavailableError(
      `Redis is not reachable at ${hostOf(url)} (${(e as Error).message}). Start it (e.g. \`redis-server --daemonize yes\` or \`docker compose up -d redis\`) or set REDIS_URL.`,
    );
  } finally {
    r.disconnect();
  }
}

export async function checkServices(): Promise<void> {
  await checkPostgres();
  await checkRedis();
}
