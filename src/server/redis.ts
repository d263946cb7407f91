import { Redis } from 'ioredis';
import { config } from './config.ts';

let client: Redis | undefined;

/** A shared connection for commands (rate limits, caches). BullMQ workers open their own. */
export function redis(): Redis {
  client ??= createRedis();
  return client;
}

/** A new connection; BullMQ needs `maxRetriesPerRequest: null` on blocking connections. */
export function createRedis(opts: { blocking?: boolean } = {}): Redis {
  return new Redis(config().REDIS_URL, {
    maxRetriesPerRequest: opts.blocking ? null : 3,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}

/** Key under the install's prefix, so tests and installs can share one Redis. */
export function redisKey(...parts: (string | number)[]): string {
  return [config().REDIS_PREFIX, ...parts].join(':');
}

export async function closeRedis(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.quit().catch(() => c.disconnect());
}

/**
 * Connection options (not a client) for BullMQ: given options, BullMQ opens its own connections
 * and closes them on `close()`; a shared client would be left open and keep the process alive.
 */
export function bullConnection(): import('ioredis').RedisOptions {
  const u = new URL(config().REDIS_URL);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
