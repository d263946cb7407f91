/**
 * The domain events that become outgoing webhook events (issue 18), recorded in the write's
 * transaction (`emitWebhookEvent`: outbox rows now, the queue after the commit). The webhooks
 * domain is a consumer: it imports the publishers' public files, and none of them imports it. A new
 * webhook event type is a line here (and its type in `WEBHOOK_EVENTS`, src/shared/webhooks).
 * (`subscriptions.ts` is something else: which endpoints subscribe to which types.)
 */
import { on } from '../../kit/events.ts';
import {
  equipmentInspected,
  equipmentMaintained,
  equipmentRegistered,
  equipmentStatusChanged,
} from '../equipment/index.ts';
import { serviceOrderChanged } from '../service-orders/index.ts';
import { tagReplaced } from '../tags/index.ts';
import { emitWebhookEvent } from './emit.ts';

export const webhookSubscriptions = [
  on(equipmentRegistered, async (trx, _ctx, data) => {
    await emitWebhookEvent(trx, data.companyId, 'equipment.registered', data);
  }),
  on(equipmentInspected, async (trx, _ctx, e) => {
    await emitWebhookEvent(trx, e.inspection.companyId, 'inspection.created', e.inspection, {
      at: e.receivedAt,
    });
  }),
  on(equipmentMaintained, async (trx, _ctx, e) => {
    await emitWebhookEvent(trx, e.maintenance.companyId, 'maintenance.created', e.maintenance, {
      at: e.receivedAt,
    });
  }),
  on(equipmentStatusChanged, async (trx, _ctx, data) => {
    await emitWebhookEvent(trx, data.companyId, 'equipment.status_changed', data);
  }),
  on(serviceOrderChanged, async (trx, _ctx, data) => {
    await emitWebhookEvent(trx, data.companyId, 'service_order.changed', data);
  }),
  on(tagReplaced, async (trx, _ctx, e) => {
    await emitWebhookEvent(trx, e.companyId, 'tag.replaced', {
      equipmentId: e.equipmentId,
      companyId: e.companyId,
      tagSerialNumber: e.tagSerialNumber,
      oldTagSerialNumber: e.oldTagSerialNumber,
    });
  }),
];
