/**
 * Results of aggregate reads kept for a few seconds per process (issue 12): a list's capped count
 * (it read up to 1,001 rows for a page of 10 and was most of Postgres' work per list call; it
 * depends only on the filters, not on page or sort, so paging, sorting, refetching and polling
 * reuse it) and the logged user's tag counters (read on every page load). Keyed by the
 * statement's SQL and values (the caller's scope is among them, so callers only share a result
 * they would compute alike). Freshness:
 * - every statement that changes a table NOTIFYs `rows_changed` with its schema (triggers added by
 *   db/row-change-triggers.ts); each process drops that schema's counts within milliseconds;
 * - this process's own writes drop its counts when their request ends (app.ts), so the request
 *   after a create shows the new total at once;
 * - results are kept only while the LISTEN connection is in place, and one whose statement raced
 *   a change is not stored.
 * `READ_CACHE_MS=0` turns it off.
 */
import type { CompiledQuery } from 'kysely';
import { config } from '../config.ts';
import { notifiedCache } from './notified-cache.ts';

export const ROWS_CHANGED_CHANNEL = 'rows_changed';
/**
 * The schemas a statement reads (its tags): qualified names, not `core.search_text(…)` and the
 * other functions of `core` — a count over a tenant's products is not dropped by every core write.
 */
const SCHEMA_REF = /"?\b(core|cg_[a-z][a-z0-9_]*)"?\.(?!"?(search_text|immutable_unaccent)\b)/g;

const reads = notifiedCache<unknown>({
  channel: ROWS_CHANGED_CHANNEL,
  ttlMs: () => config().READ_CACHE_MS,
  maxEntries: 5000,
  // The payload is the changed table's schema.
  tagOf: (schema) => schema || undefined,
});

/** Drops the results that read `schema` (all of them without one). */
export function forgetReads(schema?: string): void {
  reads.forget(schema);
}

/** What `load` answers for the compiled statement, from memory while nothing it reads changed. */
export function cachedRead<T>(query: CompiledQuery, load: () => Promise<T>): Promise<T> {
  const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
  const tags = () => new Set([...query.sql.matchAll(SCHEMA_REF)].map((m) => m[1]!));
  return reads.get(key, load, { tags }) as Promise<T>;
}

/** Resolves once every row change committed before the call has reached this process's cache. */
export function rowChangesSettled(): Promise<void> {
  return reads.settled();
}
