// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The guard of the one-statement writes (issue 32 item 1, `kit/write-plan.ts`): an inspection or a
 * maintenance reads the equipment without a lock and writes everything in ONE data-modifying
 * statement whose first part locks the equipment row again only if it is still the version read
 * (`xmin`). When it is not (or a subscriber's condition no longer holds), `write_guard(false)`
 * raises SQLSTATE EC409 from the statement's final select, so the whole statement — every part
 * already run — rolls back, and the caller tries again under the lock.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create function ${s}.write_guard(ok boolean) returns boolean language plpgsql as $$
    begin
      if ok is not true then
        raise exception 'the row changed since it was read' using errcode = 'EC409';
      end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  await sql`drop function if exists ${sql.id(schema)}.write_guard(boolean)`.execute(db);
}
