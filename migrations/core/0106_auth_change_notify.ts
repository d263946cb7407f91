import { type Kysely, sql } from 'kysely';

/**
 * NOTIFY `auth_changed` whenever something a signed-in caller's context is read from changes
 * (issue 12: each server process caches sessions for a few seconds and drops them on this
 * notification — domains/auth/session-cache.ts). Statement-level: one notification per statement
 * (and Postgres folds equal ones within a transaction). The sessions trigger ignores the
 * once-a-minute `last_seen_at` touch; companies only matter for their name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function core.notify_auth_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('auth_changed', '');
      return null;
    end $$`.execute(db);
  const triggers = [
    ['sessions', 'update of revoked_at, expires_at, company_group_id, company_id, user_id or delete'],
    ['users', 'update or delete'],
    ['company_groups', 'update or delete'],
    ['companies', 'update of name or delete'],
  ] as const;
  for (const [table, events] of triggers) {
    await sql`drop trigger if exists ${sql.id(`${table}_auth_changed`)} on ${sql.table(`core.${table}`)}`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_auth_changed`)} after ${sql.raw(events)} on ${sql.table(`core.${table}`)}
      for each statement execute function core.notify_auth_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'users', 'company_groups', 'companies'])
    await sql`drop trigger if exists ${sql.id(`${table}_auth_changed`)} on ${sql.table(`core.${table}`)}`.execute(
      db,
    );
  await sql`drop function if exists core.notify_auth_changed()`.execute(db);
}
