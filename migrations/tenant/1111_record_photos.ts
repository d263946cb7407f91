// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Photos on field records (issue 29 item 1): a row per photo of an inspection or a maintenance
 * (service-order work is recorded as those, so it has no kind of its own), optionally of one
 * answer (`question_id`). The bytes live in the file store under `file_key` (EXIF location and
 * device data stripped); `sha256` is of those stored bytes (the seal signs them).
 *
 * No foreign key: one column names a record of either table. `position` (1..10) is taken under
 * the record's row lock and is unique per record, so two uploads racing for the 10th place can
 * never both win; the unique index also serves "the photos of these records" and their order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('record_kind', 'text', (c) =>
      c.notNull().check(sql`record_kind in ('INSPECTION', 'MAINTENANCE')`),
    )
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position between 1 and 10`))
    .addColumn('question_id', 'integer')
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint')
    .addColumn('created_by_name', 'text')
    .execute();
  await db.schema
    .createIndex('record_photos_record_uq')
    .on('record_photos')
    .columns(['record_kind', 'record_id', 'position'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_photos').ifExists().execute();
}
