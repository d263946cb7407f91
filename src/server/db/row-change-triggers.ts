/**
 * Every table of a schema gets a statement-level trigger that NOTIFYs `rows_changed` with the
 * schema's name (core migration 0107), added after each migration run so later tables are covered
 * without each migration remembering it. Only missing triggers are created (no lock on a table
 * that already has one). `core.sessions` is left out: sign-ins and the once-a-minute touch do not
 * change any list; so are the page views (issue 18), written on every route change.
 */
import { type Kysely, sql } from 'kysely';

const UNWATCHED_CORE_TABLES = new Set(['sessions', 'page_views', 'page_view_days']);

export async function watchRowChanges(db: Kysely<unknown>, schema: string): Promise<void> {
  const { rows } = await sql<{ table: string }>`select c.relname as "table"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'rows_changed')`.execute(
    db,
  );
  for (const { table } of rows) {
    if (table.startsWith('kysely_') || (schema === 'core' && UNWATCHED_CORE_TABLES.has(table))) continue;
    await sql`create trigger rows_changed after insert or update or delete or truncate
      on ${sql.table(`${schema}.${table}`)} for each statement execute function core.notify_rows_changed()`.execute(
      db,
    );
  }
}
