import type { ColumnType, Generated } from 'kysely';
import type { WebhookDeliveryStatus, WebhookEventType } from '../../../shared/webhooks/schemas.ts';
import type { DefaultTimestamp } from '../../db/core-tables.ts';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** See migrations/tenant/0901_webhooks.ts. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  description: string | null;
  events: ColumnType<WebhookEventType[], WebhookEventType[], WebhookEventType[]>;
  enabled: Generated<boolean>;
  /** set when the platform turned the endpoint off (`GONE`: the receiver answered 410) */
  disabled_reason: string | null;
  /** encrypted (secrets.ts) */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: NullableTimestamp;
  secret_rotated_at: DefaultTimestamp;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  company_id: number;
  /** the `webhook-id` header (`msg_…`), shared by the endpoints of one event */
  message_id: string;
  event_type: WebhookEventType;
  /** the exact JSON that is signed and sent */
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  /** bumped by a resend: each round is one queue job and its retries */
  round: Generated<number>;
  attempts: Generated<number>;
  response_status: number | null;
  response_excerpt: string | null;
  last_error: string | null;
  next_attempt_at: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

/** See migrations/tenant/1341_cycle_due_notices.ts: the `equipment.cycle_due` events already published. */
export interface CycleDueNoticeTable {
  equipment_id: number;
  cycle_code: string;
  due_date: ColumnType<string, string, string>;
  status: 'EXPIRING' | 'EXPIRED';
  announced_on: ColumnType<string, string, string>;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  cycle_due_notices: CycleDueNoticeTable;
}

declare module '../../db/schema.ts' {
  interface TenantDatabase extends WebhookTables {}
}
