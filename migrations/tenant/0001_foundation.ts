import type { Kysely } from 'kysely';

/**
 * Foundation of a company group's schema. The migrator runs with `withSchema(<tenant>)`, so
 * table names here are unqualified and land in the tenant schema. Domains add their own files:
 * 01xx catalogue, 02xx tags/QR, 03xx equipment, 04xx service orders, 05xx organisations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenant_info')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tenant_info').execute();
}
