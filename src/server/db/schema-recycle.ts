/**
 * A pool connection is replaced once it has served DATABASE_POOL_MAX_SCHEMAS company groups
 * (issue 32, refining issue 33's recycling). A Postgres backend keeps the catalog cache of every
 * schema it has read (~0.4 MB each), which is why connections are recycled at all; recycling them
 * after a fixed number of checkouts (250) also replaced them under a load that stays in one group,
 * several backends a second at a few hundred writes a second, and each new backend built its
 * caches, prepared its statements and planned them five times again (perf: ~10% of Postgres's CPU
 * under the field write). Counting the schemas bounds the memory the same way and leaves a busy
 * group's connections alone; the age limit (DATABASE_POOL_MAX_LIFETIME_SECONDS) still applies.
 *
 * Each connection remembers the statement texts it has seen (a bounded set, emptied when full:
 * seeing a text again only re-adds schemas already counted) and reads the schemas a text names
 * the first time it sees it; past the limit it is marked spent, and the pool ends it on release.
 */
import type pg from 'pg';
import { TENANT_SCHEMA } from './write-notify.ts';

const TEXTS_REMEMBERED = 2000;

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/** Marks the connection for replacement: pg-pool ends a client whose use count reached its limit. */
function spend(client: pg.PoolClient): void {
  (client as unknown as { _poolUseCount: number })._poolUseCount = Number.POSITIVE_INFINITY;
}

/** The schemas a connection has served (the test reads it). */
const served = new WeakMap<object, Set<string>>();
export function schemasServed(client: object): number {
  return served.get(client)?.size ?? 0;
}

export function recycleAfterSchemas(client: pg.PoolClient, max: number): void {
  const inner = (client.query as Query).bind(client) as Query;
  const texts = new Set<string>();
  const schemas = new Set<string>();
  served.set(client, schemas);
  const wrapped: Query = (text, values, callback) => {
    if (typeof text === 'string' && !texts.has(text)) {
      if (texts.size >= TEXTS_REMEMBERED) texts.clear();
      texts.add(text);
      for (const m of text.matchAll(TENANT_SCHEMA)) schemas.add(m[1]!);
      if (schemas.size > max) spend(client);
    }
    return inner(text, values, callback);
  };
  (client as unknown as { query: Query }).query = wrapped;
}
