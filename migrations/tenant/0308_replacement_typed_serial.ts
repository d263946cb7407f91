// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';

/**
 * Issue 26 item 8: a replacement request keeps the old serial the operator typed, whether or not it
 * names a tag the request can suggest, so the admin sees it on its field instead of an empty request.
 * (The table is created by 0301, the equipment's migration: hence a number after it.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tag_replacement_requests').addColumn('typed_old_serial', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tag_replacement_requests').dropColumn('typed_old_serial').execute();
}
