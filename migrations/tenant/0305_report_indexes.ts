// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';

/**
 * The reports (issue 13). The maintenance report filters by the last maintenance's day (a range of
 * instants on `last_maintenance_at`, which inspections' twin `last_inspection_at` already has kept
 * by the same writes) and sorts by it: one b-tree, read forwards for ascending and backwards for
 * descending (Postgres' null order either way); the same for the last inspection, whose index of
 * 0301 (`desc nulls last`) matches neither direction of the lists' order. The extinguisher date
 * filters look a day up among one attribute's values: `(attribute_id, value)` finds them without
 * reading every equipment's values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('equipment_last_maintenance_idx')
    .on('equipment')
    .columns(['last_maintenance_at', 'id'])
    .execute();
  await db.schema
    .createIndex('equipment_last_inspection_order_idx')
    .on('equipment')
    .columns(['last_inspection_at', 'id'])
    .execute();
  await db.schema
    .createIndex('equipment_attribute_values_value_idx')
    .on('equipment_attribute_values')
    .columns(['attribute_id', 'value'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('equipment_attribute_values_value_idx').ifExists().execute();
  await db.schema.dropIndex('equipment_last_inspection_order_idx').ifExists().execute();
  await db.schema.dropIndex('equipment_last_maintenance_idx').ifExists().execute();
}
