// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Outgoing webhooks (issue 18 item 4), in the group's schema.
 *
 * - `webhook_endpoints`: a company's receivers — URL, the events it subscribes to, enabled. The
 *   signing secret is kept encrypted (AES-256-GCM under a key derived from APP_SECRET,
 *   domains/webhooks/secrets.ts); after a rotation the previous one signs too until
 *   `previous_secret_expires_at` (Standard Webhooks' zero-downtime rotation). A receiver answering
 *   410 Gone turns its endpoint off (`disabled_reason`).
 * - `webhook_deliveries`: the outbox and the delivery log in one — a row per event and endpoint,
 *   written in the transaction of the change that caused it, with the exact body that is signed
 *   and sent. `round` is bumped by "resend" (each round is one BullMQ job with its retries);
 *   `attempts` counts every attempt. The partial index on pending rows serves the sweep that puts
 *   back on the queue rows a crash or a Redis outage left behind.
 * Every change to `webhook_endpoints` NOTIFYs `webhook_endpoints_changed` (core 0901).
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('secret_rotated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_company_idx')
    .on('webhook_endpoints')
    .columns(['company_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'SUCCEEDED', 'FAILED')`),
    )
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The log: an endpoint's deliveries newest first, and a company's.
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_company_idx')
    .on('webhook_deliveries')
    .columns(['company_id', 'created_at', 'id'])
    .execute();
  // The sweep: pending rows by when they are due.
  await db.schema
    .createIndex('webhook_deliveries_pending_idx')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  // Retention: the oldest first.
  await db.schema
    .createIndex('webhook_deliveries_created_idx')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();

  await sql`create trigger webhook_endpoints_changed after insert or update or delete or truncate
    on ${sql.table(`${schema}.webhook_endpoints`)} for each statement
    execute function core.notify_webhook_endpoints_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
