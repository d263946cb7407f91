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
 * Under NODE_ENV=test the json statement also selects the plain columns — the same rows, in the
 * same snapshot, so a concurrent write cannot make them differ — and `executeJsonRows` fails the
 * call when the two forms differ, naming the row and column: a timestamp column missing from
 * `dates`, or a type whose json form reads differently, is caught by the suite rather than shipped.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { config } from '../config.ts';

/** The json value's column (the plain columns beside it under tests). */
const JSON_ROW = 'json_row';

/** `q` with each row as one json value; `order`: a column of `q`'s rows that keeps their order. */
export function asJsonRows(q: CompiledQuery, order?: string): CompiledQuery {
  const by = order ? ` order by j."${order.replaceAll('"', '""')}"` : '';
  const plain = config().NODE_ENV === 'test' ? ', j.*' : '';
  return CompiledQuery.raw(`select row_to_json(j) as ${JSON_ROW}${plain} from (${q.sql}) as j${by}`, [
    ...q.parameters,
  ]);
}

/** The rows of an `asJsonRows` statement as the plain statement reads them (`dates`: its timestamptz columns). */
export function fromJsonRows<T>(rows: readonly Record<string, unknown>[], dates: readonly string[]): T[] {
  const out: T[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]![JSON_ROW] as Record<string, unknown>;
    for (const k of dates) {
      const v = row[k];
      if (typeof v === 'string') row[k] = new Date(v);
    }
    out[i] = row as T;
  }
  return out;
}

/** Runs an `asJsonRows` statement and answers its rows as the plain statement's (compared under tests). */
export async function executeJsonRows<T>(
  db: Kysely<any>,
  json: CompiledQuery,
  dates: readonly string[],
): Promise<T[]> {
  const result = (await db.executeQuery<Record<string, unknown>>(json)).rows;
  const rows = fromJsonRows<T>(result, dates);
  if (config().NODE_ENV === 'test')
    assertSameRows(
      rows,
      result.map(({ [JSON_ROW]: _, ...plain }) => plain),
      json.sql,
    );
  return rows;
}

function assertSameRows(json: readonly unknown[], plain: readonly unknown[], text: string): void {
  const where = diff(json, plain, 'rows');
  if (where) throw new Error(`json rows differ from the statement's own at ${where}: ${text.slice(0, 160)}`);
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
