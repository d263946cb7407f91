import { type Kysely, sql } from 'kysely';

/**
 * NOTIFY when a platform setting changes (issue 16: sign-up and maintenance mode are read on
 * requests from a per-process cache, src/server/settings.ts). `settings_changed` drops that cache;
 * `auth_changed` drops the cached sessions too, since the session statement carries the maintenance
 * flag (domains/auth/service.ts). Statement-level, like the other notify triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function core.notify_settings_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('settings_changed', '');
      perform pg_notify('auth_changed', '');
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists system_config_settings_changed on core.system_config`.execute(db);
  await sql`create trigger system_config_settings_changed after insert or update or delete or truncate
    on core.system_config for each statement execute function core.notify_settings_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists system_config_settings_changed on core.system_config`.execute(db);
  await sql`drop function if exists core.notify_settings_changed()`.execute(db);
}
