import { type Kysely, sql } from 'kysely';

/**
 * Payment-provider webhook events (issue 17; billing-integration): the raw event as it came, under
 * a deduplication key (Vindi sends no event id: sha256 of type + resource kind + resource id +
 * created_at), and how its processing in the worker went. A repeated delivery meets the unique key
 * and is not stored or processed again. The partial index serves the sweep that re-enqueues events
 * a Redis outage left unprocessed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('dedup_key', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('resource_kind', 'text')
    .addColumn('resource_id', 'text')
    // the event's own created_at, as sent (part of the key)
    .addColumn('event_created_at', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addUniqueConstraint('billing_events_dedup_uq', ['dedup_key'])
    .execute();
  await sql`create index billing_events_unprocessed_idx on core.billing_events (received_at, id) where processed_at is null`.execute(
    db,
  );
  await sql`create index billing_events_resource_idx on core.billing_events (resource_kind, resource_id, received_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_events').ifExists().execute();
}
