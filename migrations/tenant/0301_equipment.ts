import { type Kysely, sql } from 'kysely';

/**
 * Equipment on tags, and its history: inspections, maintenances, snapshots (every change of
 * product, labels or tag) and tag replacement requests (issue 11).
 *
 * Statuses are never stored: the equipment row keeps the *dates* they derive from — the last
 * inspection's day, the next inspection's day and the day its notice starts, the due date and the
 * day its notice starts — and the lists compare them with today (`status-sql.ts`). The notice
 * days and schedule come from the product; a product edit recomputes its equipment's dates.
 * Records keep the texts of questions, answers, attributes and parts as they were (jsonb), so a
 * later catalogue edit never rewrites history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('equipment')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    // On exactly one tag at a time; a replacement moves the row to the new tag.
    .addColumn('tag_id', 'bigint', (c) => c.notNull().unique().references('tags.id').onDelete('restrict'))
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('extra_label', 'text')
    .addColumn('extra_code', 'text')
    .addColumn('due_date', 'date')
    // The due date was typed by a user (otherwise it follows the extinguisher rule, if any).
    .addColumn('due_date_manual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('due_notice_date', 'date')
    .addColumn('last_inspection_id', 'bigint')
    .addColumn('last_inspection_at', 'timestamptz')
    .addColumn('last_inspection_day', 'date')
    .addColumn('last_inspection_user_id', 'bigint')
    .addColumn('last_inspection_improper', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('next_inspection_date', 'date')
    .addColumn('inspection_notice_date', 'date')
    .addColumn('last_maintenance_id', 'bigint')
    .addColumn('last_maintenance_at', 'timestamptz')
    .addColumn('last_maintenance_user_id', 'bigint')
    // Searched text: tag serial, labels, product name and SKU (kept by the service on every write).
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('equipment_attribute_values')
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('attribute_id', 'integer', (c) =>
      c.notNull().references('inspection_type_attributes.id').onDelete('restrict'),
    )
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('equipment_attribute_values_pk', ['equipment_id', 'attribute_id'])
    .execute();

  await db.schema
    .createTable('inspections')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('user_name', 'text')
    .addColumn('user_email', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('improper', 'boolean', (c) => c.notNull().defaultTo(false))
    // [{questionId, type, question, answer, answerType}] and [{attributeId, attribute, value}]
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('maintenances')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('user_name', 'text')
    .addColumn('user_email', 'text')
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // [{partId, part, quantity, unit}]
    .addColumn('parts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('equipment_snapshots')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('CREATED', 'UPDATED', 'TAG_REPLACED')`))
    .addColumn('user_id', 'bigint')
    .addColumn('user_name', 'text')
    .addColumn('user_email', 'text')
    .addColumn('tag_serial', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer')
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text', (c) => c.notNull())
    .addColumn('extra_label', 'text')
    .addColumn('extra_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('tag_replacement_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('new_tag_id', 'bigint', (c) => c.notNull().references('tags.id').onDelete('restrict'))
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('suggested_equipment_id', 'integer', (c) => c.references('equipment.id').onDelete('set null'))
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'COMPLETED', 'CANCELLED')`),
    )
    .addColumn('requested_by', 'bigint')
    .addColumn('requested_by_name', 'text')
    .addColumn('completed_equipment_id', 'integer')
    .addColumn('completed_by', 'bigint')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Raw SQL would miss the tenant schema (migrations run with `withSchema`): use the builder.
  const index = (name: string, table: string) => db.schema.createIndex(name).on(table);
  // One open request per new tag (a double submit makes one).
  await index('tag_replacement_open_uq', 'tag_replacement_requests')
    .unique()
    .column('new_tag_id')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await index('tag_replacement_created_idx', 'tag_replacement_requests')
    .columns(['created_at desc', 'id'])
    .execute();

  // Lists: newest first per company, and every status filter as a range on a date column.
  await index('equipment_company_created_idx', 'equipment')
    .columns(['company_id', 'created_at desc', 'id'])
    .execute();
  await index('equipment_created_idx', 'equipment').columns(['created_at desc', 'id']).execute();
  await index('equipment_product_idx', 'equipment').column('product_id').execute();
  await index('equipment_next_inspection_idx', 'equipment').column('next_inspection_date').execute();
  await index('equipment_inspection_notice_idx', 'equipment').column('inspection_notice_date').execute();
  await index('equipment_due_date_idx', 'equipment').column('due_date').execute();
  await index('equipment_due_notice_idx', 'equipment').column('due_notice_date').execute();
  await index('equipment_last_inspection_idx', 'equipment')
    .expression(sql`last_inspection_at desc nulls last, id`)
    .execute();
  await index('equipment_never_inspected_idx', 'equipment')
    .columns(['created_at desc', 'id'])
    .where(sql.ref('last_inspection_at'), 'is', null)
    .execute();
  await index('equipment_improper_idx', 'equipment')
    .columns(['created_at desc', 'id'])
    .where(sql.ref('last_inspection_improper'), '=', true)
    .execute();
  await index('equipment_search_trgm', 'equipment')
    .using('gin')
    .expression(sql`search gin_trgm_ops`)
    .execute();

  // History in order, per equipment; reports by date.
  await index('inspections_equipment_idx', 'inspections')
    .columns(['equipment_id', 'created_at desc'])
    .execute();
  await index('inspections_created_idx', 'inspections').column('created_at').execute();
  await index('maintenances_equipment_idx', 'maintenances')
    .columns(['equipment_id', 'created_at desc'])
    .execute();
  await index('maintenances_created_idx', 'maintenances').column('created_at').execute();
  await index('equipment_snapshots_equipment_idx', 'equipment_snapshots')
    .columns(['equipment_id', 'created_at desc'])
    .execute();
  // Tags list: the used-tags count per company.
  await index('tags_company_activated_idx', 'tags')
    .column('company_id')
    .where(sql.ref('activated_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tags_company_activated_idx').ifExists().execute();
  for (const t of [
    'tag_replacement_requests',
    'equipment_snapshots',
    'maintenances',
    'inspections',
    'equipment_attribute_values',
    'equipment',
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
