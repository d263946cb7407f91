/**
 * `emitWebhookEvent(trx, companyId, type, data)`: what the webhooks domain's subscriptions to the
 * other domains' events call (domain-subscriptions.ts: equipment registration, inspections,
 * maintenances, status changes, service orders, tag replacement), inside the transaction of the
 * change. When the company has enabled endpoints
 * subscribed to `type` (one cached read, subscriptions.ts), it writes one outbox row per endpoint
 * in `webhook_deliveries` — in that same transaction, so a rolled-back change sends nothing and a
 * committed one is never lost — and, once the transaction commits, puts them on the queue
 * (db/after-commit.ts; rows a crash or a Redis outage left behind are re-queued by the sweep).
 * Companies without endpoints pay the cached lookup only.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { WebhookEventData, WebhookEventType, WebhookPayload } from '../../../shared/webhooks/schemas.ts';
import { runAfterAnswer } from '../../after-answer.ts';
import { afterCommit } from '../../db/after-commit.ts';
import { type Db, schemaOf, type Trx } from './common.ts';
import { enqueueDeliveries } from './delivery-queue.ts';
import { subscribedEndpoints } from './subscriptions.ts';

/** A message id (`webhook-id`): `msg_` + 144 random bits, base64url (no `.`, as the standard asks). */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/**
 * Records `type` for `companyId`'s subscribed endpoints in `trx`; answers how many deliveries it
 * wrote. `at` is when the event happened (default now).
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  trx: Trx,
  companyId: number,
  type: T,
  data: WebhookEventData[T],
  opts: { at?: Date } = {},
): Promise<number> {
  const schema = schemaOf(trx);
  const endpoints = await subscribedEndpoints(trx, schema, companyId, type);
  if (endpoints.length === 0) return 0;
  const payload: WebhookPayload = {
    type,
    timestamp: (opts.at ?? new Date()).toISOString(),
    data: data as unknown as Record<string, unknown>,
  };
  const body = JSON.stringify(payload);
  const messageId = newMessageId();
  // Re-read under the insert: an endpoint deleted, disabled or unsubscribed since the cached read
  // is skipped (a stale cache never fails the caller's write).
  const rows = await trx
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'company_id', 'message_id', 'event_type', 'body', 'next_attempt_at'])
    .expression(
      trx
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          'company_id',
          sql<string>`${messageId}::text`.as('message_id'),
          sql<string>`${type}::text`.as('event_type'),
          sql<string>`${body}::text`.as('body'),
          sql<Date>`now()`.as('next_attempt_at'),
        ])
        .where('id', 'in', endpoints)
        .where('company_id', '=', companyId)
        .where('enabled', '=', true)
        .where(sql<boolean>`${type}::text = any(events)`),
    )
    .returning('id')
    .execute();
  if (rows.length === 0) return 0;
  const queued = rows.map((r) => ({ schema, deliveryId: r.id, round: 0, companyId }));
  afterCommit(trx, () =>
    runAfterAnswer('webhook enqueue', async () => {
      await enqueueDeliveries(queued);
    }),
  );
  return rows.length;
}

/**
 * Whether `companyId` has an enabled endpoint subscribed to `type` (the cached read only): a
 * planned write (kit/write-plan.ts) adds the emit as a step only then, so a company without
 * endpoints costs the one-statement write nothing.
 */
export async function hasSubscribers(db: Db, companyId: number, type: WebhookEventType): Promise<boolean> {
  return (await subscribedEndpoints(db, schemaOf(db), companyId, type)).length > 0;
}
