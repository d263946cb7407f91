/**
 * The tables of a group export (issue 33 item 6) and their rows as CSV and JSON text, read through
 * a server-side cursor in batches inside the export's one REPEATABLE READ transaction: a table of
 * any size passes through in `EXPORT_BATCH` rows at a time.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { exportedColumns, type GroupTable, NOT_RESTORED, SECRET_COLUMN } from '../../db/group-core-rows.ts';

export const EXPORT_BATCH = 500;

/** One table of the export: where its rows come from and the columns written. */
export interface ExportTable {
  /** `tenant/<table>` or `core/<table>`: the entries' base name. */
  name: string;
  from: RawBuilder<unknown>;
  columns: string[];
  /** Columns left out (credentials). */
  omitted: string[];
}

/** The tables of the group's schema (migration bookkeeping left out), every column but secrets. */
export async function tenantExportTables(db: Kysely<unknown>, schema: string): Promise<ExportTable[]> {
  const r = await sql<{ table: string; columns: string[] }>`
    select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relnamespace = to_regnamespace(${schema}) and c.relkind in ('r', 'p')
      and c.relname not like 'kysely\\_migration%'
    group by c.relname order by c.relname`.execute(db);
  return r.rows.map((t) => ({
    name: `tenant/${t.table}`,
    from: sql`${sql.id(schema, t.table)}`,
    columns: t.columns.filter((c) => !SECRET_COLUMN.test(c)),
    omitted: t.columns.filter((c) => SECRET_COLUMN.test(c)),
  }));
}

/** The group's core rows (the backup's plan), without credential tables and secret columns. */
export function coreExportTables(plan: GroupTable[]): { tables: ExportTable[]; omittedTables: string[] } {
  const tables: ExportTable[] = [];
  const omittedTables: string[] = [];
  for (const t of plan) {
    const columns = exportedColumns(t);
    if (NOT_RESTORED.has(t.table) || columns.length === 0) {
      omittedTables.push(`core/${t.table}`);
      continue;
    }
    tables.push({
      name: `core/${t.table}`,
      from: sql`core.${sql.id(t.table)} where (${sql.raw(t.where)})`,
      columns,
      omitted: t.columns.filter((c) => !columns.includes(c)),
    });
  }
  return { tables, omittedTables };
}

/** A CSV field: empty for null, quoted when it holds a comma, quote, line break or edge space. */
export function csvField(v: string | null): string {
  if (v === null) return '';
  if (v === '' || /[",\r\n]|^\s|\s$/.test(v)) return `"${v.replaceAll('"', '""')}"`;
  return v;
}

let cursors = 0;

/** Rows of `query` through a cursor of the transaction, a batch at a time. */
async function* batches<R>(trx: Kysely<unknown>, query: RawBuilder<unknown>): AsyncGenerator<R[]> {
  const name = `group_export_${++cursors}`;
  await sql`declare ${sql.id(name)} no scroll cursor for ${query}`.execute(trx);
  try {
    for (;;) {
      const r = await sql<R>`fetch forward ${sql.lit(EXPORT_BATCH)} from ${sql.id(name)}`.execute(trx);
      if (r.rows.length === 0) return;
      yield r.rows;
    }
  } finally {
    await sql`close ${sql.id(name)}`.execute(trx);
  }
}

/** The table as CSV (header row, then each row; values in Postgres' text form). Counts its rows. */
export async function* tableCsv(
  trx: Kysely<unknown>,
  t: ExportTable,
  counted: { rows: number },
): AsyncGenerator<string> {
  yield `${t.columns.map(csvField).join(',')}\n`;
  const cols = sql.join(t.columns.map((c, i) => sql`${sql.id(c)}::text as ${sql.id(`c${i}`)}`));
  for await (const rows of batches<Record<string, string | null>>(trx, sql`select ${cols} from ${t.from}`)) {
    counted.rows += rows.length;
    yield rows.map((r) => `${t.columns.map((_, i) => csvField(r[`c${i}`] ?? null)).join(',')}\n`).join('');
  }
}

/** The table as a JSON array of objects (Postgres' `row_to_json`: numbers, booleans, nested JSON). */
export async function* tableJson(trx: Kysely<unknown>, t: ExportTable): AsyncGenerator<string> {
  const cols = sql.join(t.columns.map((c) => sql.id(c)));
  const query = sql`select row_to_json(x)::text as j from (select ${cols} from ${t.from}) x`;
  let first = true;
  yield '[';
  for await (const rows of batches<{ j: string }>(trx, query)) {
    const text = rows.map((r) => r.j).join(',\n');
    yield `${first ? '\n' : ',\n'}${text}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
