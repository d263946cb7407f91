// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The equipment list keeps active tags only (the report's default) by an anti-join against the
 * few *disabled* tags: this small partial index is all it reads, instead of joining every tag.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('tags_disabled_idx')
    .on('tags')
    .column('id')
    .where(sql.ref('enabled'), '=', false)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tags_disabled_idx').ifExists().execute();
}
