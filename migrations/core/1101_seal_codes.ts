// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Issue 29 item 3: a sealed record's verification code is unique across every company group, and
 * the public `GET /web/verify/{code}` has no tenant — this table names the group of a code. Written
 * in the sealing transaction, beside the tenant's `record_seals` row (core stays on the Citus
 * coordinator, where one transaction may write both).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seal_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('INSPECTION', 'MAINTENANCE')`))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('seal_codes_group_idx').on('seal_codes').column('company_group_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seal_codes').ifExists().execute();
}
