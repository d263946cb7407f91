import { type Kysely, sql } from 'kysely';

/**
 * A company group's tags. Serials are globally unique (core.tag_registry); `activated_at` is set
 * when equipment is registered on the tag (a used tag, the logged user's `active_tags_qty`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('serial_number', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('job_id', 'uuid')
    .addColumn('batch_index', 'integer')
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Monthly generated count and per-company lists.
  await db.schema
    .createIndex('tags_company_created_idx')
    .on('tags')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema.createIndex('tags_job_idx').on('tags').columns(['job_id', 'batch_index']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tags').ifExists().execute();
}
