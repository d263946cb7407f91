// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Service orders (issue 14): orders numbered per company, their equipment items, and the counter
 * row that numbers them.
 *
 * - `service_order_counters`: one row per company, bumped in the creating transaction; its row lock
 *   serialises concurrent creates of one company, and `(company_id, number)` is unique besides.
 * - `service_orders`: the status is stored (a cancelled order stays cancelled) and recomputed from
 *   the items on every write (`src/shared/service-orders/status.ts`); `items_count` /
 *   `completed_count` are kept with it. Requester and responsible names are copied from
 *   `core.users` when the order is saved, so the list sorts and searches them in this schema;
 *   `search` is the stored search document (number, observation, both names).
 * - `service_order_items`: one per equipment of an order. `order_open` / `order_type` copy the
 *   order's state onto its items so "open orders of type X with equipment E waiting for work" (the
 *   field records, the public card) is one partial index probe, whatever the equipment's history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_order_counters')
    .addColumn('company_id', 'bigint', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('service_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('request_user_id', 'bigint')
    .addColumn('request_user_name', 'text')
    .addColumn('responsible_user_id', 'bigint')
    .addColumn('responsible_user_name', 'text')
    .addColumn('priority', 'text', (c) =>
      c.notNull().check(sql`priority in ('LOWEST', 'LOW', 'AVERAGE', 'HIGH', 'HIGHEST')`),
    )
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('INSPECTION', 'MAINTENANCE')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'PARTIAL', 'FINISHED', 'CANCELLED')`),
    )
    .addColumn('observation', 'text')
    .addColumn('items_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Opened by a negative inspection answer: later negative answers of the day join it.
    .addColumn('auto_opened', 'boolean', (c) => c.notNull().defaultTo(false))
    // The stored search document (db/search.ts `searchDocument`), kept by Postgres: `||` and
    // coalesce are immutable, as a generated column needs (concat_ws is only stable).
    .addColumn('search', 'text', (c) =>
      c
        .generatedAlwaysAs(
          sql`core.search_text('|' || number::text || '|' || coalesce(observation, '') || '|' || coalesce(request_user_name, '') || '|' || coalesce(responsible_user_name, '') || '|')`,
        )
        .stored()
        .notNull(),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('service_orders_company_number_uq', ['company_id', 'number'])
    .execute();

  await db.schema
    .createTable('service_order_items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('service_order_id', 'integer', (c) =>
      c.notNull().references('service_orders.id').onDelete('cascade'),
    )
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('responsible_user_id', 'bigint')
    .addColumn('responsible_user_name', 'text')
    .addColumn('completion_date', 'date')
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('order_open', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('service_order_items_equipment_uq', ['service_order_id', 'equipment_id'])
    .execute();

  // Raw SQL would miss the tenant schema (migrations run with `withSchema`): use the builder.
  const index = (name: string, table: string) => db.schema.createIndex(name).on(table);
  // The items waiting for work on an equipment, by the order's type (field records, public card).
  await index('service_order_items_waiting_idx', 'service_order_items')
    .columns(['equipment_id', 'order_type'])
    .where(sql<any>`order_open and completion_date is null`)
    .execute();
  await index('service_order_items_equipment_idx', 'service_order_items').column('equipment_id').execute();

  // The list: every sort with the id, across the group and per company.
  const sorts: [string, ReturnType<typeof sql>][] = [
    ['number', sql`number`],
    ['start', sql`start_date`],
    ['end', sql`end_date`],
    ['requester', sql`core.search_text(coalesce(request_user_name, ''))`],
    ['responsible', sql`core.search_text(coalesce(responsible_user_name, ''))`],
    ['status', sql`status`],
    ['observation', sql`core.search_text(coalesce(observation, ''))`],
  ];
  for (const [name, expr] of sorts) {
    await index(`service_orders_${name}_idx`, 'service_orders').expression(sql`${expr}, id`).execute();
    await index(`service_orders_company_${name}_idx`, 'service_orders')
      .expression(sql`company_id, ${expr}, id`)
      .execute();
  }
  await index('service_orders_responsible_user_idx', 'service_orders')
    .column('responsible_user_id')
    .execute();
  await index('service_orders_search_idx', 'service_orders')
    .using('gin')
    .expression(sql`search gin_trgm_ops`)
    .execute();
  // Today's open order a negative answer joins.
  await index('service_orders_auto_idx', 'service_orders')
    .columns(['company_id', 'start_date'])
    .where(sql<any>`auto_opened and status in ('PENDING', 'PARTIAL')`)
    .execute();

  // Questions whose negative answer opens a maintenance order.
  await db.schema
    .alterTable('inspection_questions')
    .addColumn('opens_service_order', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inspection_questions').dropColumn('opens_service_order').execute();
  await db.schema.dropTable('service_order_items').ifExists().execute();
  await db.schema.dropTable('service_orders').ifExists().execute();
  await db.schema.dropTable('service_order_counters').ifExists().execute();
}
