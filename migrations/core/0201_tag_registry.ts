import { type Kysely, sql } from 'kysely';

/**
 * Global tag registry: serial → company group, so a scanned tag finds its tenant. `job_id` +
 * `batch_index` make QR batch allocation idempotent (a retried job finds its serials here).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tag_registry')
    .addColumn('serial', 'text', (c) => c.primaryKey())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('job_id', 'uuid')
    .addColumn('batch_index', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('tag_registry_job_idx')
    .on('tag_registry')
    .columns(['job_id', 'batch_index'])
    .unique()
    .execute();
  await db.schema
    .createIndex('tag_registry_group_idx')
    .on('tag_registry')
    .column('company_group_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tag_registry').ifExists().execute();
}
