/**
 * The equipment domain's outgoing webhook events (issue 18 item 4), emitted inside the write's
 * transaction (`emitWebhookEvent`, domains/webhooks/emit.ts). `equipment.status_changed` is the
 * shared status rule (`equipmentStatusOf`: NA, IMPROPER, EXPIRED, VALID on today's date) before
 * and after a write that moves it — an inspection or an edit of the dates; a status that changes by
 * the calendar alone (a date passing) sends nothing.
 */
import {
  type EquipmentStatus,
  equipmentStatusOf,
  type StatusInput,
} from '../../../shared/equipment/status.ts';
import { today } from '../../db/days.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import type { Trx } from './common.ts';

export { emitWebhookEvent };

/** The status inputs of an equipment row as stored. */
export function statusInputOf(e: {
  last_inspection_day: string | null;
  last_inspection_improper: boolean;
  next_inspection_date: string | null;
  due_date: string | null;
}): StatusInput {
  return {
    lastInspectionDay: e.last_inspection_day,
    lastInspectionImproper: e.last_inspection_improper,
    nextInspectionDate: e.next_inspection_date,
    dueDate: e.due_date,
  };
}

/** Emits `equipment.status_changed` when the write moved the equipment's status. */
export async function emitStatusChange(
  trx: Trx,
  e: { id: number; company_id: number; serial: string },
  before: StatusInput,
  after: StatusInput,
  cause: 'inspection' | 'update',
): Promise<void> {
  const day = today();
  const previousStatus: EquipmentStatus = equipmentStatusOf(before, day);
  const status: EquipmentStatus = equipmentStatusOf(after, day);
  if (status === previousStatus) return;
  await emitWebhookEvent(trx, e.company_id, 'equipment.status_changed', {
    equipmentId: e.id,
    companyId: e.company_id,
    tagSerialNumber: e.serial,
    status,
    previousStatus,
    nextInspectionDate: after.nextInspectionDate,
    dueDate: after.dueDate,
    cause,
  });
}
