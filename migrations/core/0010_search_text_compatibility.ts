import { type Kysely, sql } from 'kysely';

/**
 * The product's accent-insensitive search folds compatibility characters too (issue 26 item 18):
 * "CO₂" is found by `co2`, "ﬁ" by `fi`, "㎏" by `kg`. `core.search_text` applies Unicode NFKC
 * before unaccent and lower-casing (the client's `normalizeSearch` does the same with NFKD).
 *
 * Every value computed with the old definition is stale: the core expression indexes over
 * `core.search_text(...)` are rebuilt here; each tenant schema rebuilds its own (its generated
 * search documents, the trigger-kept equipment columns and its indexes) in tenant migration 0010,
 * which runs after this one (core migrations run first).
 */
export const SEARCH_TEXT_NFKC = sql`create or replace function core.search_text(text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(core.immutable_unaccent(normalize($1, NFKC))) $$`;

export async function reindexSearchIndexes(db: Kysely<unknown>, schema: string): Promise<void> {
  // The schema's indexes first (its tables through pg_depend's index on the schema), then their
  // definitions: pg_get_indexdef over every index of the database took 2.2 s at 300 company
  // groups, on every replayed tenant schema (issue 33).
  const indexes = await sql<{ name: string }>`
    with mine as materialized (
      select ic.oid, ic.relname from pg_catalog.pg_namespace n
        join pg_catalog.pg_depend d on d.refclassid = 'pg_catalog.pg_namespace'::regclass
          and d.refobjid = n.oid and d.refobjsubid = 0 and d.classid = 'pg_catalog.pg_class'::regclass
        join pg_catalog.pg_class t on t.oid = d.objid and t.relnamespace = n.oid
        join pg_catalog.pg_index i on i.indrelid = t.oid
        join pg_catalog.pg_class ic on ic.oid = i.indexrelid
      where n.nspname = ${schema})
    select relname as name from mine where pg_get_indexdef(oid) like '%search_text(%'
    order by relname`.execute(db);
  for (const { name } of indexes.rows) await sql`reindex index ${sql.id(schema, name)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await SEARCH_TEXT_NFKC.execute(db);
  await reindexSearchIndexes(db, 'core');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function core.search_text(text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(core.immutable_unaccent($1)) $$`.execute(db);
  await reindexSearchIndexes(db, 'core');
}
