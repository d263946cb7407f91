/**
 * Wide rows read as one json value each (issue 32). `pg` parses a row field by field: a buffer
 * slice, a text decode and a type parser per field (a regex date parser per timestamp), into an
 * object built anew per row. For the equipment page (10 rows of ~45 fields) that was the largest
 * part of the server's work on a computed page after the socket; one `row_to_json` per row is one
 * field, decoded by V8's native `JSON.parse`. What the json form changes is put back by
 * `fromJsonRows`: `timestamptz` columns arrive as ISO strings and are made Dates again (V8 parses
 * the offset form Postgres writes, to the millisecond `pg` keeps). Every other type this project
 * reads already reads the same both ways: `date` stays a YYYY-MM-DD string (db/database.ts), int8
 * and numeric are numbers, json is parsed.
 *
 * Under NODE_ENV=test `executeJsonRows` also runs the plain statement (on the same connection, not
 * shown to the statement counters) and fails the call when the two differ, naming the row and
 * column: a timestamp column missing from `dates`, or a type whose json form reads differently, is
 * caught by the suite rather than shipped.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { config } from '../config.ts';
import { UNOBSERVED } from './database.ts';

/** `q` with each row as one json value `j`; `order`: a column of `q`'s rows that keeps their order. */
export function asJsonRows(q: CompiledQuery, order?: string): CompiledQuery {
  const by = order ? ` order by j."${order.replaceAll('"', '""')}"` : '';
  return CompiledQuery.raw(`select row_to_json(j) as j from (${q.sql}) as j${by}`, [...q.parameters]);
}

/** The rows of an `asJsonRows` statement as the plain statement reads them (`dates`: its timestamptz columns). */
export function fromJsonRows<T>(
  rows: readonly { j: Record<string, unknown> }[],
  dates: readonly string[],
): T[] {
  const out: T[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!.j;
    for (const k of dates) {
      const v = row[k];
      if (typeof v === 'string') row[k] = new Date(v);
    }
    out[i] = row as T;
  }
  return out;
}

/**
 * Runs `json` (an `asJsonRows` form of the plain statement, with the same parameters) and answers
 * its rows as the plain statement's; under NODE_ENV=test compares them with that statement's own
 * rows (`plain` is called only then: a call outside tests builds nothing it does not run).
 */
export async function executeJsonRows<T>(
  db: Kysely<any>,
  json: CompiledQuery,
  plain: () => CompiledQuery,
  dates: readonly string[],
): Promise<T[]> {
  const rows = fromJsonRows<T>((await db.executeQuery<{ j: Record<string, unknown> }>(json)).rows, dates);
  if (config().NODE_ENV === 'test') {
    const q = plain();
    const own = await db.executeQuery<T>(CompiledQuery.raw(UNOBSERVED + q.sql, [...q.parameters]));
    assertSameRows(rows, own.rows, q.sql);
  }
  return rows;
}

function assertSameRows(json: readonly unknown[], plain: readonly unknown[], text: string): void {
  const where = diff(json, plain, 'rows');
  if (where) throw new Error(`json rows differ from the statement's own at ${where}: ${text.slice(0, 120)}`);
}

/** The first path where `a` and `b` differ (Dates by time, objects by own keys), or null. */
function diff(a: unknown, b: unknown, path: string): string | null {
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
      ? null
      : `${path} (${String(a)} / ${String(b)})`;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return Object.is(a, b) ? null : `${path} (${JSON.stringify(a)} / ${JSON.stringify(b)})`;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return null;
}
