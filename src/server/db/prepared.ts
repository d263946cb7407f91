/**
 * Prepared statements for what Kysely sends (issue 12). Postgres plans every unnamed statement
 * again; the sign-in resolution's four-table join spent 0.16 ms planning for 0.04 ms of work, and
 * under load that planning was the server's ceiling. Each pooled connection now sends a statement
 * it sees under a name derived from its text, so Postgres parses and plans it once per connection
 * (and switches to a generic plan only when that costs no more, its own rule).
 *
 * Bounded per connection, least recently used out (issue 33): a company group's statements are
 * schema-qualified (db/tenant-compiler.ts), so one list call is a different text in every tenant,
 * and a connection serving hundreds of tenants sees thousands of texts. A text is named on its
 * SECOND run on the connection (a text run once — a tenant served once by this connection — costs
 * no prepared statement and no DEALLOCATE); at most PREPARED_PER_CONNECTION names are kept, the
 * least recently used one is deallocated when a new one is made. So the hot texts (the busy
 * tenants', the core ones) stay prepared whatever the number of tenants. Only plain DML is named
 * (DDL, SET, transactions stay unnamed). A prepared `select *` whose table gained a column while
 * the process runs fails once with 0A000 "cached plan must not change result type": that text is
 * then run unnamed for the connection's life, and the call answers normally.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const PREPARED_PER_CONNECTION = 200;
/** Texts seen once remembered per connection (the admission filter) before it starts again. */
const SEEN_ONCE = 2000;
const DML = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * `ON CONFLICT (col) WHERE <predicate>` infers a partial unique index from the predicate; under a
 * generic plan (after five runs) a parameter in it is unknown and Postgres refuses the statement
 * ("no unique or exclusion constraint matching"). Such statements stay unnamed; an upsert on a
 * whole unique index or a constraint is named (the field write's statement has one, issue 32).
 */
const NEVER_NAMED = /\bon conflict\s*\([^)]*\)\s*where\b/i;

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/** What a connection's cache holds (the test reads it through `preparedCache`). */
interface Cache {
  /** Text → name, least recently used first (a Map keeps insertion order; a hit moves it last). */
  names: Map<string, string>;
  seenOnce: Set<string>;
  unnamed: Set<string>;
  made: number;
  evicted: number;
}
const caches = new WeakMap<object, Cache>();

/** The named statements of one connection, for tests and the memory bench. */
export function preparedCache(client: object): { size: number; made: number; evicted: number } | undefined {
  const c = caches.get(client);
  return c && { size: c.names.size, made: c.made, evicted: c.evicted };
}

export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const cache: Cache = { names: new Map(), seenOnce: new Set(), unnamed: new Set(), made: 0, evicted: 0 };
  caches.set(client, cache);
  const { names, seenOnce, unnamed } = cache;
  // pg's own record of what it parsed on this connection (it skips Parse for a known name).
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
    .connection?.parsedStatements;
  const evictOldest = () => {
    const [text, old] = names.entries().next().value as [string, string];
    names.delete(text);
    cache.evicted++;
    if (parsed) delete parsed[old];
    // Queued behind the current statement; a failure (an aborted transaction) only leaves that
    // one statement on the server until the pool recycles the connection — names are never reused.
    (query(`deallocate "${old}"`) as Promise<unknown>).catch(() => {});
  };
  const named: Query = (text, values, callback) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      callback !== undefined ||
      unnamed.has(text) ||
      !DML.test(text) ||
      NEVER_NAMED.test(text)
    )
      return query(text, values, callback);
    let name = names.get(text);
    if (name) {
      // Most recently used: last in the map.
      names.delete(text);
      names.set(text, name);
    } else {
      if (!seenOnce.has(text)) {
        if (seenOnce.size >= SEEN_ONCE) seenOnce.clear();
        seenOnce.add(text);
        return query(text, values);
      }
      seenOnce.delete(text);
      if (names.size >= PREPARED_PER_CONNECTION) evictOldest();
      // Unique on the connection: a name whose DEALLOCATE failed is never prepared again.
      name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}_${(cache.made++).toString(36)}`;
      names.set(text, name);
    }
    return (query({ name, text, values }) as Promise<pg.QueryResult>).catch((e: { code?: string }) => {
      if (e?.code !== '0A000') throw e;
      unnamed.add(text);
      return query(text, values);
    });
  };
  (client as unknown as { query: Query }).query = named;
}
