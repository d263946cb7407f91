import { type Kysely, sql } from 'kysely';
import { reindexSearchIndexes } from '../core/0010_search_text_compatibility.ts';

/**
 * `core.search_text` now folds compatibility characters (core migration 0010, issue 26 item 18):
 * what this schema stored with the old definition is rebuilt.
 *  - Stored generated columns over it (`products.search`, `service_orders.search`, found in the
 *    catalogue): Postgres recomputes a generated column only when a column it reads is written, so
 *    each row whose value differs is updated with one of those columns set to itself.
 *  - Columns kept by triggers or the services (`equipment.search`, `equipment.product_sort`): set
 *    again with the expressions of tenant migrations 0601 and 0306 (equipment/search.ts).
 *  - Every index whose definition calls it: REINDEX (a unique one over names that now fold alike,
 *    e.g. categories "CO₂" and "CO2", fails the migration and must be renamed by hand).
 * Rows already right are not written. On a new schema this runs before its tables exist and does
 * nothing: the later migrations build everything with the new definition.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = sql.id(schema);
  // The schema's tables through pg_depend's index on the schema, then their generated columns'
  // expressions (pg_get_expr over every column default of the database grew with the number of
  // company groups, issue 33).
  const generated = await sql<{ tbl: string; col: string; source: string; expr: string }>`
    with mine as materialized (
      select c.oid, c.relname from pg_catalog.pg_namespace n
        join pg_catalog.pg_depend d on d.refclassid = 'pg_catalog.pg_namespace'::regclass
          and d.refobjid = n.oid and d.refobjsubid = 0 and d.classid = 'pg_catalog.pg_class'::regclass
        join pg_catalog.pg_class c on c.oid = d.objid and c.relnamespace = n.oid
      where n.nspname = ${schema} and c.relkind = 'r'),
    cols as materialized (
      select c.oid, c.relname, a.attname, a.attnum, ad.oid as adoid, ad.adbin, ad.adrelid
      from mine c
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
      where a.attgenerated = 's' and not a.attisdropped)
    select g.relname as tbl, g.attname as col, pg_get_expr(g.adbin, g.adrelid) as expr,
      (select ra.attname from pg_catalog.pg_depend d
         join pg_catalog.pg_attribute ra on ra.attrelid = d.refobjid and ra.attnum = d.refobjsubid
       where d.classid = 'pg_catalog.pg_attrdef'::regclass and d.objid = g.adoid
         and d.refobjid = g.oid and d.refobjsubid > 0 and d.refobjsubid <> g.attnum
       order by ra.attnum limit 1) as source
    from cols g
    where pg_get_expr(g.adbin, g.adrelid) like '%search_text(%'
    order by g.relname, g.attname`.execute(db);
  for (const g of generated.rows) {
    if (!g.source) throw new Error(`${schema}.${g.tbl}.${g.col}: no column its expression reads`);
    await sql`update ${s}.${sql.id(g.tbl)} set ${sql.id(g.source)} = ${sql.id(g.source)}
      where ${sql.id(g.col)} is distinct from (${sql.raw(g.expr)})`.execute(db);
  }
  const has = async (table: string, column: string) =>
    // By the table's oid (information_schema.columns scans pg_class for the schema's tables).
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_catalog.pg_attribute
        where attrelid = to_regclass(format('%I.%I', ${schema}::text, ${table}::text))
          and attname = ${column} and not attisdropped`.execute(db)
    ).rows[0]!.n > 0;
  if (await has('equipment', 'product_sort'))
    await sql`update ${s}.equipment e set product_sort = core.search_text(p.name)
      from ${s}.products p
      where p.id = e.product_id and e.product_sort is distinct from core.search_text(p.name)`.execute(db);
  if ((await has('equipment', 'search')) && (await has('equipment', 'last_inspection_user_name'))) {
    const doc = sql`core.search_text('|' || concat_ws('|', t.serial_number, e.extra_label, e.extra_code, p.name, p.sku, e.last_inspection_user_name) || '|')`;
    await sql`update ${s}.equipment e set search = ${doc}
      from ${s}.tags t, ${s}.products p
      where t.id = e.tag_id and p.id = e.product_id and e.search is distinct from ${doc}`.execute(db);
  }
  await reindexSearchIndexes(db, schema);
}

export async function down(): Promise<void> {
  // Core migration 0010's down restores the old function; rebuilding is the same walk.
}
