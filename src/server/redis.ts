import { Cluster, type ClusterOptions, Redis, type RedisOptions, ReplyError } from 'ioredis';
import { config } from './config.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';

/** The command client: one Redis, or a Redis Cluster (REDIS_CLUSTER). Both have every command. */
export type RedisClient = Redis | Cluster;

let client: RedisClient | undefined;

/** How long one command on the shared client may take before it fails (Redis down or stuck). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A shared connection for commands (rate limits, idempotency keys, caches). BullMQ workers and
 * queues open their own. Use it through `redisCommand`, which turns an outage into 503
 * REDIS_UNAVAILABLE instead of a hang or a 500.
 */
export function redis(): RedisClient {
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
export function createRedis(opts: { blocking?: boolean } = {}): RedisClient {
  const options: RedisOptions = {
    maxRetriesPerRequest: opts.blocking ? null : 1,
    commandTimeout: opts.blocking ? undefined : REDIS_COMMAND_TIMEOUT_MS,
    enableReadyCheck: true,
    lazyConnect: false,
    // Reconnect forever, backing off to 2 s: an outage ends when Redis is back, not when we give up.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  };
  const r = isRedisCluster() ? createCluster(options) : new Redis(config().REDIS_URL, options);
  watchRedis(r, opts.blocking ? 'blocking' : 'commands');
  return r;
}

/** Whether REDIS_URL names a Redis Cluster: REDIS_CLUSTER, else several comma-separated nodes. */
export function isRedisCluster(): boolean {
  const c = config();
  return c.REDIS_CLUSTER ?? c.REDIS_URL.includes(',');
}

/** The seed nodes of REDIS_URL (`redis://a:6379,redis://b:6379`; a bare `b:6379` takes the first's scheme). */
export function redisSeedUrls(url = config().REDIS_URL): URL[] {
  const items = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const scheme = /^(\w+):\/\//.exec(items[0] ?? '')?.[1] ?? 'redis';
  return items.map((s) => new URL(s.includes('://') ? s : `${scheme}://${s}`));
}

/** Connection options of one node URL (credentials, db, TLS). */
function nodeOptions(u: URL): RedisOptions {
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}

/**
 * An ioredis `Cluster` on REDIS_URL's seed nodes; `options` apply to every node connection
 * (credentials and TLS come from the first seed URL). A cluster has no databases: a `/db` is ignored.
 */
export function createCluster(
  options: RedisOptions,
  extra: ClusterOptions = {},
  url = config().REDIS_URL,
): Cluster {
  const seeds = redisSeedUrls(url);
  const { host: _h, port: _p, db: _db, ...auth } = nodeOptions(seeds[0]!);
  const { retryStrategy, ...redisOptions } = options;
  return new Cluster(
    seeds.map((u) => ({ host: u.hostname, port: Number(u.port || 6379) })),
    {
      redisOptions: { ...auth, ...redisOptions },
      enableReadyCheck: options.enableReadyCheck ?? true,
      lazyConnect: options.lazyConnect,
      clusterRetryStrategy: retryStrategy ?? ((times) => Math.min(times * 100, 2000)),
      ...extra,
    },
  );
}

/**
 * True for a failure of the connection (refused, closed, timed out, retries exhausted), false for
 * an answer Redis gave (a `ReplyError` is a bug in our command, not an outage).
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof ReplyError) return false;
  return (
    err.name === 'MaxRetriesPerRequestError' ||
    err.name === 'ClusterAllFailedError' ||
    /Command timed out|Connection is closed|Stream isn't writeable|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|None of startup nodes is available|Failed to refresh slots cache|Cluster isn't ready|CLUSTERDOWN/.test(
      err.message,
    )
  );
}

/**
 * Runs commands on the shared client. While the client is reconnecting it fails at once; a
 * command that cannot reach Redis throws 503 REDIS_UNAVAILABLE (logged by the error handlers as a
 * warning, never a 500).
 */
export async function redisCommand<T>(fn: (r: RedisClient) => Promise<T>): Promise<T> {
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

/**
 * Key of a set of keys that one multi-key command or script uses together (`MULTI` over several
 * keys, `EVAL` with several KEYS): `<prefix>:<group>:…` on one Redis, `{<prefix>:<group>}:…` on a
 * Redis Cluster, where the braces (a hash tag) put every key of the group in one slot, or the
 * command fails with CROSSSLOT. On one Redis the names stay those of earlier releases.
 */
export function redisGroupKey(group: string, ...parts: (string | number)[]): string {
  const head = `${config().REDIS_PREFIX}:${group}`;
  return [isRedisCluster() ? `{${head}}` : head, ...parts].join(':');
}

/**
 * BullMQ's `prefix` for queue `name`. BullMQ's scripts touch many keys of one queue at once, so on a
 * Redis Cluster each queue gets its own hash tag (`{<prefix>:<queue>}`, BullMQ's documented way) —
 * per queue, not one for all, so the queues spread over the masters. On one Redis the prefix stays
 * REDIS_PREFIX, so the queued jobs of a running install are still found after an upgrade.
 */
export function queuePrefix(name: string): string {
  const p = config().REDIS_PREFIX;
  return isRedisCluster() ? `{${p}:${name}}` : p;
}

export async function closeRedis(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.quit().catch(() => c.disconnect());
}

/**
 * The `connection` of a BullMQ queue or worker. On one Redis, options (not a client): BullMQ opens
 * its own connections and closes them on `close()`; a shared client would be left open and keep the
 * process alive. On a Redis Cluster, a `Cluster` of its own (BullMQ takes no cluster options), which
 * BullMQ does not close: pass it to `closeBullConnection` after the queue or worker is closed.
 */
export function bullConnection(): RedisOptions | Cluster {
  const retryStrategy = (times: number) => Math.min(times * 100, 2000);
  if (isRedisCluster()) return createCluster({ maxRetriesPerRequest: null, retryStrategy });
  return { ...nodeOptions(redisSeedUrls()[0]!), maxRetriesPerRequest: null, retryStrategy };
}

/** Closes a `bullConnection()` that BullMQ leaves open (a Cluster); options need nothing. */
export async function closeBullConnection(conn: RedisOptions | Cluster): Promise<void> {
  if (conn instanceof Cluster) await conn.quit().catch(() => conn.disconnect());
}
