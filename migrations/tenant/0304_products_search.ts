// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Products get a stored search document (db/search.ts `searchDocument`) kept by Postgres itself
 * (a generated column), searched through one trigram index: matching `core.search_text(col)` per
 * row cost ~3 µs a column, and a search over 100,000 products spent 17 ms just counting (issue 12).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('search', 'text', (c) =>
      // concat_ws is only stable; `||` over the two not-null columns is immutable, as a generated column needs.
      c.generatedAlwaysAs(sql`core.search_text('|' || sku || '|' || name || '|')`).stored().notNull(),
    )
    .execute();
  await db.schema
    .createIndex('products_search_doc_idx')
    .on('products')
    .using('gin')
    .expression(sql`search gin_trgm_ops`)
    .execute();
  // The per-column trigram indexes served the old per-column search only.
  await db.schema.dropIndex('products_name_search_idx').ifExists().execute();
  await db.schema.dropIndex('products_sku_search_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_search_doc_idx').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('search').execute();
  for (const col of ['name', 'sku']) {
    await db.schema
      .createIndex(`products_${col}_search_idx`)
      .on('products')
      .using('gin')
      .expression(sql`core.search_text(${sql.ref(col)}) gin_trgm_ops`)
      .execute();
  }
}
