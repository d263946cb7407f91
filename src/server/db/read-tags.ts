/**
 * Which schemas a piece of work read (issue 12): while `recordReadTags` runs a call, every statement
 * Kysely executes in its async context (and every read-cache hit standing in for one) adds the
 * schemas it names — `core` or a company group's `cg_…` — to the call's set. A cached answer is
 * tagged with exactly the schemas its statements read, so a `rows_changed` notification of any of
 * them drops it: correct by construction, nothing to declare per operation.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Qualified table names, not `core.search_text(…)` and the other functions of `core`. */
const SCHEMA_REF = /"?\b(core|cg_[a-z][a-z0-9_]*)"?\.(?!"?(search_text|immutable_unaccent)\b)/g;

const recording = new AsyncLocalStorage<Set<string>>();

/** The schemas `sql` reads. */
export function schemasOf(sql: string): Set<string> {
  return new Set([...sql.matchAll(SCHEMA_REF)].map((m) => m[1]!));
}

/** Notes a statement run (or answered from memory) on behalf of the call being recorded, if any. */
export function noteStatement(sql: string): void {
  const tags = recording.getStore();
  if (tags) for (const m of sql.matchAll(SCHEMA_REF)) tags.add(m[1]!);
}

/** Runs `fn`, collecting the schemas its statements read into `tags`. */
export function recordReadTags<T>(tags: Set<string>, fn: () => Promise<T>): Promise<T> {
  return recording.run(tags, fn);
}
