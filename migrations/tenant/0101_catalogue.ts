// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import { type Kysely, sql } from 'kysely';

/**
 * Catalogue of a company group (seed 001 §3): categories with their attribute lists, inspection
 * types (subcategories) with questions, attributes and custom answers, products with maintenance
 * parts. List rows are never deleted (only disabled), so foreign keys restrict deletes.
 * Unique (parent, text) constraints are deferrable so a save may swap two rows' texts.
 */
const timestamps = (t: any) =>
  t
    .addColumn('created_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`));

async function listTable(
  db: Kysely<any>,
  table: string,
  parent: string,
  parentTable: string,
  text: string,
  extra: (t: any) => any = (t) => t,
): Promise<void> {
  let t = db.schema
    .createTable(table)
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn(parent, 'integer', (c) => c.notNull().references(`${parentTable}.id`).onDelete('restrict'))
    .addColumn(text, 'text', (c) => c.notNull().check(sql`length(btrim(${sql.ref(text)})) > 0`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0));
  t = extra(t).addUniqueConstraint(`${table}_text_uq`, [parent, text], (u: any) =>
    u.deferrable().initiallyDeferred(),
  );
  await timestamps(t).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await timestamps(
    db.schema
      .createTable('categories')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();
  await listTable(db, 'category_inspection_attributes', 'category_id', 'categories', 'name');
  await listTable(db, 'category_maintenance_attributes', 'category_id', 'categories', 'name');

  await timestamps(
    db.schema
      .createTable('inspection_types')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) =>
        c.notNull().references('categories.id').onDelete('restrict'),
      )
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute();
  await listTable(db, 'inspection_questions', 'inspection_type_id', 'inspection_types', 'question', (t) =>
    t.addColumn('type', 'text', (c: any) => c.notNull().check(sql`type in ('YES_NO_NA', 'TEXT', 'CUSTOM')`)),
  );
  await listTable(db, 'maintenance_questions', 'inspection_type_id', 'inspection_types', 'question', (t) =>
    t.addColumn('type', 'text', (c: any) => c.notNull().check(sql`type in ('YES_NO_NA', 'TEXT')`)),
  );
  await listTable(
    db,
    'inspection_type_attributes',
    'inspection_type_id',
    'inspection_types',
    'attribute',
    (t) => t.addColumn('type', 'text', (c: any) => c.notNull().check(sql`type in ('TEXT', 'DATE')`)),
  );
  await listTable(
    db,
    'inspection_custom_answers',
    'inspection_question_id',
    'inspection_questions',
    'answer',
    (t) =>
      t.addColumn('type', 'text', (c: any) => c.notNull().check(sql`type in ('POSITIVE', 'NEGATIVE', 'NA')`)),
  );

  await timestamps(
    db.schema
      .createTable('products')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('short_description', 'text')
      .addColumn('is_dv_exclusive', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_due_date', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('inspection_schedule', 'integer', (c) =>
        c.notNull().check(sql`inspection_schedule in (360, 180, 90, 30, 15, 7, 1)`),
      )
      .addColumn('days_notification_due_date', 'integer', (c) =>
        c.check(sql`days_notification_due_date >= 0`),
      )
      .addColumn('days_notification_next_inspection_date', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`days_notification_next_inspection_date >= 0`),
      )
      .addColumn('manufacturing_number', 'text')
      .addColumn('manufacturer', 'text')
      .addColumn('inspection_type_id', 'integer', (c) =>
        c.notNull().references('inspection_types.id').onDelete('restrict'),
      )
      .addColumn('retest_date', 'date')
      .addColumn('recharge_date', 'date')
      .addColumn('weight_date', 'date')
      .addColumn('image_key', 'text')
      .addColumn('image_content_type', 'text')
      .addColumn('image_updated_at', 'timestamptz'),
  ).execute();
  await listTable(db, 'maintenance_parts', 'product_id', 'products', 'name', (t) =>
    t.addColumn('unit', 'text', (c: any) =>
      c.notNull().check(sql`unit in ('UNITS', 'LITRES', 'KILOGRAMS', 'METRES', 'NA')`),
    ),
  );

  // One name per category / subcategory-in-category / SKU, compared as the search compares.
  await db.schema
    .createIndex('categories_name_uq')
    .on('categories')
    .unique()
    .expression(sql`core.search_text(name)`)
    .execute();
  await db.schema
    .createIndex('inspection_types_name_uq')
    .on('inspection_types')
    .unique()
    .expression(sql`category_id, core.search_text(name)`)
    .execute();
  await db.schema
    .createIndex('products_sku_uq')
    .on('products')
    .unique()
    .expression(sql`core.search_text(sku)`)
    .execute();
  // Accent-insensitive search (docs/conventions.md): trigram GIN over core.search_text.
  for (const [table, col] of [
    ['categories', 'name'],
    ['inspection_types', 'name'],
    ['products', 'name'],
    ['products', 'sku'],
  ] as const) {
    await db.schema
      .createIndex(`${table}_${col}_search_idx`)
      .on(table)
      .using('gin')
      .expression(sql`core.search_text(${sql.ref(col)}) gin_trgm_ops`)
      .execute();
  }
  await db.schema
    .createIndex('inspection_types_category_idx')
    .on('inspection_types')
    .column('category_id')
    .execute();
  await db.schema
    .createIndex('products_inspection_type_idx')
    .on('products')
    .column('inspection_type_id')
    .execute();
  await db.schema.createIndex('categories_updated_idx').on('categories').column('updated_at').execute();
  await db.schema
    .createIndex('inspection_types_updated_idx')
    .on('inspection_types')
    .column('updated_at')
    .execute();
  await db.schema.createIndex('products_updated_idx').on('products').column('updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'maintenance_parts',
    'products',
    'inspection_custom_answers',
    'inspection_type_attributes',
    'maintenance_questions',
    'inspection_questions',
    'inspection_types',
    'category_maintenance_attributes',
    'category_inspection_attributes',
    'categories',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
