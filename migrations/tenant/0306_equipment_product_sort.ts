// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The reports' "product" sort (issue 13): it sorted by a subquery on `products` per row, so a page
 * sorted by product read every matching equipment (p95 365 ms at 100,000 equipment). The product's
 * normalised name is now stored on the equipment and indexed with the id. Kept by the database for
 * every writer (registration, seeds, bulk loads): a BEFORE trigger fills it when an equipment is
 * written or changes product, and a product's rename rewrites its equipment's.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`alter table ${s}.equipment add column if not exists product_sort text`.execute(db);
  await sql`create function ${s}.equipment_set_product_sort() returns trigger language plpgsql
    set search_path = ${s} as $$
    begin
      new.product_sort := (select core.search_text(p.name) from products p where p.id = new.product_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger equipment_product_sort before insert or update of product_id on ${s}.equipment
    for each row execute function ${s}.equipment_set_product_sort()`.execute(db);
  await sql`create function ${s}.products_rename_equipment_sort() returns trigger language plpgsql
    set search_path = ${s} as $$
    begin
      update equipment e set product_sort = core.search_text(n.name)
        from new_rows n join old_rows o on o.id = n.id
        where e.product_id = n.id and n.name is distinct from o.name;
      return null;
    end $$`.execute(db);
  await sql`create trigger products_rename_equipment_sort after update on ${s}.products
    referencing old table as old_rows new table as new_rows
    for each statement execute function ${s}.products_rename_equipment_sort()`.execute(db);
  await sql`update ${s}.equipment e set product_sort = core.search_text(p.name)
    from ${s}.products p where p.id = e.product_id`.execute(db);
  await db.schema
    .createIndex('equipment_product_sort_idx')
    .on('equipment')
    .columns(['product_sort', 'id'])
    .execute();
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`drop trigger if exists products_rename_equipment_sort on ${s}.products`.execute(db);
  await sql`drop trigger if exists equipment_product_sort on ${s}.equipment`.execute(db);
  await sql`drop function if exists ${s}.products_rename_equipment_sort()`.execute(db);
  await sql`drop function if exists ${s}.equipment_set_product_sort()`.execute(db);
  await db.schema.dropIndex('equipment_product_sort_idx').ifExists().execute();
  await sql`alter table ${s}.equipment drop column if exists product_sort`.execute(db);
}
