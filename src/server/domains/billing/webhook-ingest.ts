/**
 * Takes one Vindi-shaped webhook event (`{ event: { type, created_at, data } }`): stores the raw
 * event under a deduplication key (type + resource kind + resource id + created_at — Vindi sends no
 * event id) and enqueues its processing in the worker. Used by `POST /web/billing/webhooks/vindi/{secret}`
 * and by the sandbox provider, which fires the same events. Answers in milliseconds: nothing here
 * calls the provider. (Owned by the billing-integration work of issue 17.)
 *
 * - A second delivery of the same event meets the unique key: nothing is stored or enqueued again,
 *   and the caller still answers 2xx (Vindi stops retrying).
 * - `test` and event types we do not act on are stored already processed (acknowledged, nothing to do).
 * - The BullMQ job id is the key, so a racing enqueue is one job too. When Redis does not take the
 *   job, the row stays unprocessed and the worker's sweep (`billing-event-sweep`) enqueues it later:
 *   the event is never lost once stored.
 */
import { createHash } from 'node:crypto';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { describeIssue } from '../../../shared/field-messages.ts';
import { enqueueBillingEvent } from './event-jobs.ts';
import { type VindiEvent, type VindiEventTarget, vindiEventSchema, vindiEventTarget } from './vindi-event.ts';
import './event-tables.ts';

/** Event types whose processing re-reads a bill or a subscription; the rest are only stored. */
export const ACTED_ON_TYPES = new Set([
  'bill_created',
  'bill_paid',
  'bill_canceled',
  'charge_rejected',
  'subscription_created',
  'subscription_canceled',
  'subscription_reactivated',
]);

/** sha256 (hex) of type, resource kind, resource id and the event's created_at, one per line. */
export function vindiDedupKey(
  type: string,
  target: Pick<VindiEventTarget, 'kind' | 'id'>,
  createdAt: string,
): string {
  return createHash('sha256')
    .update([type, target.kind, target.id ?? '', createdAt].join('\n'))
    .digest('hex');
}

/** Parses a raw event with the shared schema; a bad shape is 400 VALIDATION_FAILED (nothing stored). */
export function parseVindiEvent(raw: unknown): VindiEvent {
  const parsed = vindiEventSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { issues: parsed.error.issues.slice(0, 10).map(describeIssue) });
  return parsed.data;
}

export async function ingestVindiEvent(raw: unknown): Promise<{ stored: boolean; duplicate: boolean }> {
  const event = parseVindiEvent(raw);
  const { type, created_at: createdAt } = event.event;
  const target = vindiEventTarget(event);
  const actedOn = ACTED_ON_TYPES.has(type) && target.kind !== 'none';
  const dedupKey = vindiDedupKey(type, target, createdAt);
  const row = await coreDb()
    .insertInto('billing_events')
    .values({
      dedup_key: dedupKey,
      provider: 'vindi',
      type,
      resource_kind: target.kind === 'none' ? null : target.kind,
      resource_id: target.id,
      event_created_at: createdAt,
      // The raw event as it came (the parse keeps unknown fields; ids were read as strings only there).
      payload: JSON.stringify(raw),
      // Nothing to do for `test` and unknown types: stored and acknowledged.
      processed_at: actedOn ? null : new Date(),
    })
    .onConflict((oc) => oc.constraint('billing_events_dedup_uq').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return { stored: false, duplicate: true };
  if (actedOn) await enqueueBillingEvent(dedupKey);
  return { stored: true, duplicate: false };
}
