import { Redis, ReplyError } from 'ioredis';
import { config } from './config.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';

let client: Redis | undefined;

/** How long one command on the shared client may take before it fails (Redis down or stuck). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A shared connection for commands (rate limits, idempotency keys, caches). BullMQ workers and
 * queues open their own. Use it through `redisCommand`, which turns an outage into 503
 * REDIS_UNAVAILABLE instead of a hang or a 500.
 */
export function redis(): Redis {
  client ??= createRedis();
  return client;
}

/**
 * One line when Redis goes away and one when it is back, instead of a stack trace per reconnect
 * attempt on stderr (ioredis prints "Unhandled error event" when a client has no listener), or a
 * line per retry (a BullMQ worker re-emits every failed reconnect: ~480 lines in 30 s, issue 26
 * item 20). With `onOtherError`, errors that are not an outage (`isRedisUnavailable`) go there
 * instead, each one.
 */
export function watchRedis(
  conn: { on(ev: string, fn: (...a: unknown[]) => void): unknown },
  name: string,
  onOtherError?: (err: Error) => void,
) {
  let down = false;
  conn.on('error', (err: unknown) => {
    if (onOtherError && !isRedisUnavailable(err)) return onOtherError(err as Error);
    if (down) return;
    down = true;
    log.warn('redis unavailable', { connection: name, error: String((err as Error)?.message ?? err) });
  });
  conn.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('redis available again', { connection: name });
  });
}

/**
 * A new connection. Blocking (BullMQ worker) connections need `maxRetriesPerRequest: null`; command
 * connections fail a command after REDIS_COMMAND_TIMEOUT_MS and retry it at most once.
 */
export function createRedis(opts: { blocking?: boolean } = {}): Redis {
  const r = new Redis(config().REDIS_URL, {
    maxRetriesPerRequest: opts.blocking ? null : 1,
    commandTimeout: opts.blocking ? undefined : REDIS_COMMAND_TIMEOUT_MS,
    enableReadyCheck: true,
    lazyConnect: false,
    // Reconnect forever, backing off to 2 s: an outage ends when Redis is back, not when we give up.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  watchRedis(r, opts.blocking ? 'blocking' : 'commands');
  return r;
}

/**
 * True for a failure of the connection (refused, closed, timed out, retries exhausted), false for
 * an answer Redis gave (a `ReplyError` is a bug in our command, not an outage).
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof ReplyError) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    /Command timed out|Connection is closed|Stream isn't writeable|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN/.test(
      err.message,
    )
  );
}

/**
 * Runs commands on the shared client. While the client is reconnecting it fails at once; a
 * command that cannot reach Redis throws 503 REDIS_UNAVAILABLE (logged by the error handlers as a
 * warning, never a 500).
 */
export async function redisCommand<T>(fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = redis();
  if (r.status === 'reconnecting' || r.status === 'end' || r.status === 'close')
    throw new AppError('REDIS_UNAVAILABLE');
  try {
    return await fn(r);
  } catch (err) {
    if (isRedisUnavailable(err)) throw new AppError('REDIS_UNAVAILABLE');
    throw err;
  }
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
    retryStrategy: (times: number) => Math.min(times * 100, 2000),
  };
}
