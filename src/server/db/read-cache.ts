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
import { connected, notificationsSettled, onNotification } from './notifications.ts';

export const ROWS_CHANGED_CHANNEL = 'rows_changed';
const MAX_ENTRIES = 5000;
const SCHEMA_REF = /"?\b(core|cg_[a-z][a-z0-9_]*)"?\./g;

interface Entry {
  value: unknown;
  at: number;
  schemas: Set<string>;
}

const entries = new Map<string, Entry>();
let generation = 0;

/** Drops the results that read `schema` (all of them without one). */
export function forgetReads(schema?: string): void {
  generation++;
  if (!schema) {
    entries.clear();
    return;
  }
  for (const [key, e] of entries) if (e.schemas.has(schema)) entries.delete(key);
}

onNotification(ROWS_CHANGED_CHANNEL, {
  onNotify: (schema) => forgetReads(schema || undefined),
  onLost: () => forgetReads(),
});

/** What `load` answers for the compiled statement, from memory while nothing it reads changed. */
export async function cachedRead<T>(query: CompiledQuery, load: () => Promise<T>): Promise<T> {
  const ttl = config().READ_CACHE_MS;
  if (ttl <= 0 || !connected()) return load();
  const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && now - hit.at < ttl) return hit.value as T;
  const before = generation;
  const value = await load();
  if (before === generation && connected()) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.delete(key);
    entries.set(key, {
      value,
      at: now,
      schemas: new Set([...query.sql.matchAll(SCHEMA_REF)].map((m) => m[1]!)),
    });
  }
  return value;
}

/** Resolves once every row change committed before the call has reached this process's cache. */
export function rowChangesSettled(): Promise<void> {
  return notificationsSettled(ROWS_CHANGED_CHANNEL);
}
