import { Cluster, Redis } from 'ioredis';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Deletes every key of a run's Redis prefix: `<prefix>:…`, and `{<prefix>:…}…` (the hash-tagged
 * keys of a Redis Cluster: BullMQ queues and grouped keys, src/server/redis.ts). On a cluster
 * (REDIS_CLUSTER=true, or several comma-separated nodes in the URL) SCAN runs on every master and
 * keys are deleted one by one (one DEL over keys of several slots fails with CROSSSLOT).
 */
export async function deleteRedisKeys(
  prefix: string,
  url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
  cluster = process.env.REDIS_CLUSTER === 'true' ||
    (process.env.REDIS_CLUSTER === undefined && url.includes(',')),
): Promise<number> {
  const client = cluster
    ? new Cluster(url.split(',').map((u) => new URL(u.includes('://') ? u : `redis://${u}`).host))
    : new Redis(url);
  let deleted = 0;
  try {
    await client.ping();
    const nodes = client instanceof Cluster ? client.nodes('master') : [client];
    for (const node of nodes) {
      for (const match of [`${prefix}:*`, `{${prefix}:*`]) {
        let cursor = '0';
        do {
          const [next, keys] = await node.scan(cursor, 'MATCH', match, 'COUNT', 500);
          cursor = next;
          if (keys.length) {
            const p = node.pipeline();
            for (const k of keys) p.unlink(k);
            await p.exec();
            deleted += keys.length;
          }
        } while (cursor !== '0');
      }
    }
  } finally {
    await client.quit().catch(() => client.disconnect());
  }
  return deleted;
}
