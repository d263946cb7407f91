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
  const indexes = await sql<{ name: string }>`
    select c.relname as name from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and pg_get_indexdef(i.indexrelid) like '%search_text(%'
    order by c.relname`.execute(db);
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
