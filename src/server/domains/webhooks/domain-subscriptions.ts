/**
 * The domain events that become outgoing webhook events (issue 18), recorded in the write's
 * transaction (`emitWebhookEvent`: outbox rows now, the queue after the commit). The webhooks
 * domain is a consumer: it imports the publishers' public files, and none of them imports it. A new
 * webhook event type is a line here (and its type in `WEBHOOK_EVENTS`, src/shared/webhooks).
 * (`subscriptions.ts` is something else: which endpoints subscribe to which types.)
 */
import { on, type PlannedHandler } from '../../kit/events.ts';
import type { WebhookEventData, WebhookEventType } from '../../../shared/webhooks/schemas.ts';
import {
  type EquipmentInspected,
  type EquipmentMaintained,
  equipmentInspected,
  equipmentMaintained,
  equipmentRegistered,
  equipmentStatusChanged,
} from '../equipment/index.ts';
import { serviceOrderChanged } from '../service-orders/index.ts';
import { tagReplaced } from '../tags/index.ts';
import type { Ctx } from './common.ts';
import { emitWebhookEvent, hasSubscribers } from './emit.ts';

/**
 * In a planned write (kit/write-plan.ts: the inspection, the maintenance): the outbox rows are a
 * step of the write's transaction only when the company has an endpoint subscribed to `type`
 * (the cached read); otherwise nothing.
 */
function planned<P, T extends WebhookEventType>(
  type: T,
  of: (p: P) => { companyId: number; data: WebhookEventData[T]; at?: Date },
): PlannedHandler<P, Ctx, unknown> {
  return {
    plan: async (plan, _ctx, payload) => {
      const { companyId, data, at } = of(payload);
      if (!(await hasSubscribers(plan.db, companyId, type))) return;
      plan.inTransaction(async (trx) => {
        await emitWebhookEvent(trx, companyId, type, data, at ? { at } : {});
      });
    },
  };
}

export const webhookSubscriptions = [
  on(equipmentRegistered, async (trx, _ctx, data) => {
    await emitWebhookEvent(trx, data.companyId, 'equipment.registered', data);
  }),
  on(
    equipmentInspected,
    async (trx, _ctx, e) => {
      await emitWebhookEvent(trx, e.inspection.companyId, 'inspection.created', e.inspection, {
        at: e.receivedAt,
      });
    },
    planned('inspection.created', (e: EquipmentInspected) => ({
      companyId: e.inspection.companyId,
      data: e.inspection,
      at: e.receivedAt,
    })),
  ),
  on(
    equipmentMaintained,
    async (trx, _ctx, e) => {
      await emitWebhookEvent(trx, e.maintenance.companyId, 'maintenance.created', e.maintenance, {
        at: e.receivedAt,
      });
    },
    planned('maintenance.created', (e: EquipmentMaintained) => ({
      companyId: e.maintenance.companyId,
      data: e.maintenance,
      at: e.receivedAt,
    })),
  ),
  on(
    equipmentStatusChanged,
    async (trx, _ctx, data) => {
      await emitWebhookEvent(trx, data.companyId, 'equipment.status_changed', data);
    },
    planned('equipment.status_changed', (data: WebhookEventData['equipment.status_changed']) => ({
      companyId: data.companyId,
      data,
    })),
  ),
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
