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
