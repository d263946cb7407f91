import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Issue 29: a sealed record takes no new photo and loses none (item 3: "nothing about the record
 * can be changed or added"). The seal's generic child guard (tenant 1101) on `record_photos`,
 * reading the kind from the row: SQLSTATE EQ409 → 409 RECORD_SEALED on both doors, whatever path
 * writes. A group's restore loads `record_photos` before `record_seals` (pg_dump orders table data
 * by name), so restoring a sealed record's photos passes the guard.
 */
export async function up(_db: Kysely<unknown>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create trigger record_photos_sealed before insert or update or delete on ${s}.record_photos
    for each row execute function ${s}.refuse_sealed_child('@record_kind', 'record_id')`.execute(_db);
}

export async function down(_db: Kysely<unknown>, schema: string): Promise<void> {
  await sql`drop trigger if exists record_photos_sealed on ${sql.id(schema)}.record_photos`.execute(_db);
}
