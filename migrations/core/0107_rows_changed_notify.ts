import { type Kysely, sql } from 'kysely';

/**
 * NOTIFY `rows_changed` with the schema's name when a statement changes a table's rows (issue 12:
 * lists keep their counts for a few seconds per process and drop a schema's counts on this
 * notification — src/server/db/count-cache.ts). The triggers themselves are added to every table
 * after each migration run (db/row-change-triggers.ts), so a table added later is covered too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function core.notify_rows_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rows_changed', tg_table_schema);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists core.notify_rows_changed() cascade`.execute(db);
}
