import { type Kysely, sql } from 'kysely';

/**
 * Outgoing webhooks (issue 18 item 4): a statement-level trigger on each tenant's
 * `webhook_endpoints` (tenant migration 0901) NOTIFYs `webhook_endpoints_changed` with the schema's
 * name, so every process drops its cached list of which companies subscribe to which events
 * (domains/webhooks/subscriptions.ts) within milliseconds of a change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function core.notify_webhook_endpoints_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('webhook_endpoints_changed', tg_table_schema);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists core.notify_webhook_endpoints_changed()`.execute(db);
}
