/**
 * Results of aggregate reads kept for a few seconds per process (issue 12): a list's capped count
 * (it read up to 1,001 rows for a page of 10 and was most of Postgres' work per list call; it
 * depends only on the filters, not on page or sort, so paging, sorting, refetching and polling
 * reuse it) and the logged user's tag counters (read on every page load). Keyed by the
 * statement's SQL and values (the caller's scope is among them, so callers only share a result
 * they would compute alike). Freshness:
 * - every statement that changes a table NOTIFYs `rows_changed` with its schema (triggers added by
 *   db/row-change-triggers.ts); each process drops that schema's counts within milliseconds;
 * - this process's own writes drop the entries that read a schema they wrote when their request
 *   ends (app.ts, write-notify.ts `collectWrites`), so the request after a create shows the new
 *   total at once, and other tenants' entries stay;
 * - results are kept only while the LISTEN connection is in place, and one whose statement raced
 *   a change is not stored.
 * `READ_CACHE_MS=0` turns it off.
 */
import type { CompiledQuery } from 'kysely';
import { config } from '../config.ts';
import { notifiedCache } from './notified-cache.ts';
import { noteStatement, recordReadTags, schemasOf } from './read-tags.ts';

export const ROWS_CHANGED_CHANNEL = 'rows_changed';
const reads = notifiedCache<unknown>({
  channel: ROWS_CHANGED_CHANNEL,
  ttlMs: () => config().READ_CACHE_MS,
  maxEntries: 5000,
  // The payload is the changed table's schema.
  tagOf: (schema) => schema || undefined,
});

/**
 * Whole answers of the read operations declared `cache: 'per-caller'` (kit/operation.ts), keyed by
 * the operation, the caller and the input, tagged with the schemas their statements read.
 */
const answers = notifiedCache<unknown>({
  channel: ROWS_CHANGED_CHANNEL,
  ttlMs: () => config().READ_CACHE_MS,
  maxEntries: 2000,
  tagOf: (schema) => schema || undefined,
});

/** Drops the results that read `schema` (all of them without one). */
export function forgetReads(schema?: string): void {
  reads.forget(schema);
  answers.forget(schema);
}

/**
 * `load`'s answer for `key`, from memory while no schema its statements read has changed (and for
 * at most READ_CACHE_MS). An answer whose statements named no schema is not kept.
 */
export function cachedAnswer<T>(key: string, load: () => Promise<T>): Promise<T> {
  const tags = new Set<string>();
  return answers.get(key, () => recordReadTags(tags, load), {
    tags: () => tags,
    store: () => tags.size > 0,
  }) as Promise<T>;
}

/** What `load` answers for the compiled statement, from memory while nothing it reads changed. */
export function cachedRead<T>(query: CompiledQuery, load: () => Promise<T>): Promise<T> {
  const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
  // A hit stands in for the statement: an answer built from it depends on the same schemas.
  noteStatement(query.sql);
  return reads.get(key, load, { tags: () => schemasOf(query.sql) }) as Promise<T>;
}

/** Resolves once every row change committed before the call has reached this process's cache. */
export function rowChangesSettled(): Promise<void> {
  return reads.settled();
}
