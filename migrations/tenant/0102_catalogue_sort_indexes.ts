import { type Kysely, sql } from 'kysely';

/**
 * Lists are sorted by the normalised name (and SKU) with the id as tie-breaker; these b-tree
 * indexes let "page 1 sorted by name" read 10 index entries instead of sorting every product
 * (measured in docs/performance.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_name_sort_idx')
    .on('products')
    .expression(sql`core.search_text(name), id`)
    .execute();
  await db.schema
    .createIndex('categories_name_sort_idx')
    .on('categories')
    .expression(sql`core.search_text(name), id`)
    .execute();
  await db.schema
    .createIndex('inspection_types_name_sort_idx')
    .on('inspection_types')
    .expression(sql`core.search_text(name), id`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['products_name_sort_idx', 'categories_name_sort_idx', 'inspection_types_name_sort_idx']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
}
