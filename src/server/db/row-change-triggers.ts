/**
 * Every table of a schema gets a statement-level trigger that NOTIFYs `rows_changed` with the
 * schema's name (core migration 0107), added after each migration run so later tables are covered
 * without each migration remembering it. Only missing triggers are created (no lock on a table
 * that already has one). `core.sessions` is left out: sign-ins and the once-a-minute touch do not
 * change any list; so are the page views (issue 18), written on every route change, and
 * `company_names` (issue 28), written only by the trigger of `companies`, which already notifies
 * (and, on Citus, a reference table, where a trigger would run on every node).
 */
import { type Kysely, sql } from 'kysely';

const UNWATCHED_CORE_TABLES = new Set(['sessions', 'page_views', 'page_view_days', 'company_names']);

export async function watchRowChanges(db: Kysely<unknown>, schema: string): Promise<void> {
  // The schema's tables through pg_depend's index on what depends on the schema: pg_class has no
  // index on relnamespace, and scanning it (~230,000 rows at 1,000 groups, 14 ms) per migrated
  // schema made migrating every group quadratic (issue 33). Ordered: the same statements in the
  // same order whatever plan the catalog's size picks (tenant-creation compares them).
  const { rows } = await sql<{ table: string }>`select c.relname as "table"
    from pg_catalog.pg_namespace n
      join pg_catalog.pg_depend d on d.refclassid = 'pg_catalog.pg_namespace'::regclass
        and d.refobjid = n.oid and d.refobjsubid = 0 and d.classid = 'pg_catalog.pg_class'::regclass
      join pg_catalog.pg_class c on c.oid = d.objid and c.relnamespace = n.oid
    where n.nspname = ${schema} and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_catalog.pg_trigger t where t.tgrelid = c.oid and t.tgname = 'rows_changed')
    order by c.relname`.execute(db);
  for (const { table } of rows) {
    if (table.startsWith('kysely_') || (schema === 'core' && UNWATCHED_CORE_TABLES.has(table))) continue;
    await sql`create trigger rows_changed after insert or update or delete or truncate
      on ${sql.table(`${schema}.${table}`)} for each statement execute function core.notify_rows_changed()`.execute(
      db,
    );
  }
}
