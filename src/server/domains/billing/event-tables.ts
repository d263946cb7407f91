/**
 * `core.billing_events`: the payment provider's webhook events as received (migrations/core/
 * 0402_billing_events.ts). Owned by the billing-integration work of issue 17.
 */
import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from '../../db/core-tables.ts';

export interface BillingEventTable {
  id: Generated<number>;
  /** sha256 hex of type + resource kind + resource id + the event's created_at (unique) */
  dedup_key: string;
  provider: string;
  type: string;
  /** 'bill' | 'subscription' | null (a `test` event, an unknown type) */
  resource_kind: string | null;
  resource_id: string | null;
  event_created_at: string;
  payload: Json<unknown>;
  received_at: DefaultTimestamp;
  processed_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface BillingEventCoreTables {
  billing_events: BillingEventTable;
}

export type BillingEventRow = Selectable<BillingEventTable>;

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface CoreDatabase extends BillingEventCoreTables {}
}
