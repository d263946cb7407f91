// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * `cycle_due_notices` (issue 30 item 2): the `equipment.cycle_due` webhook events already published,
 * one row per (equipment, cycle, due date, status) — the daily sweep inserts the cycles that entered
 * their warning window (EXPIRING) or expired (EXPIRED) with `ON CONFLICT DO NOTHING`, and announces
 * only the rows it inserted: a second run the same day sends nothing, a new due date after a
 * maintenance announces again. Rows whose due date the cycle no longer has are deleted by the sweep.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create table ${s}.cycle_due_notices (
      equipment_id integer not null references ${s}.equipment(id) on delete cascade,
      cycle_code text not null,
      due_date date not null,
      status text not null check (status in ('EXPIRING', 'EXPIRED')),
      announced_on date not null,
      primary key (equipment_id, cycle_code, due_date, status)
    )`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  await sql`drop table if exists ${sql.id(schema)}.cycle_due_notices`.execute(db);
}
