/**
 * The service orders domain's events (kit/events.ts), published inside the write's transaction.
 * `service_order.changed` is published wherever an order's status and counts are recomputed (its
 * creation, an edit, an item completed by a field record, the seed), which does not know the caller:
 * its context is null.
 */
import type { WebhookEventData } from '../../../shared/webhooks/schemas.ts';
import { defineEvent } from '../../kit/events.ts';
import type { Trx } from './common.ts';

/** An order created or its status or counts recomputed. */
export const serviceOrderChanged = defineEvent<WebhookEventData['service_order.changed'], void, Trx, null>(
  'service_order.changed',
);
