/**
 * The equipment domain's events (kit/events.ts), published inside the write's transaction; the
 * domains above react to them (service orders: an inspection completes waiting items and its
 * negative answers open an order; webhooks: outgoing deliveries). The payloads are the facts as
 * the public webhook documents them (`WebhookEventData`, src/shared), plus what a subscriber needs.
 * `equipment.status_changed` is the shared status rule (`equipmentStatusOf`: NA, IMPROPER,
 * EXPIRED, VALID on today's date) before and after a write that moves it — an inspection or an edit
 * of the dates; a status that changes by the calendar alone (a date passing) publishes nothing.
 */
import {
  type EquipmentStatus,
  equipmentStatusOf,
  type StatusInput,
} from '../../../shared/equipment/status.ts';
import type { WebhookEventData } from '../../../shared/webhooks/schemas.ts';
import { today } from '../../db/days.ts';
import type { Expression } from 'kysely';
import { defineEvent, publish, publishPlanned } from '../../kit/events.ts';
import type { WritePlan } from '../../kit/write-plan.ts';
import type { RecordPhoto } from '../../../shared/photos/schemas.ts';
import type { RecordSealRef } from '../../../shared/seals/schemas.ts';
import type { Ctx, Db, Trx } from './common.ts';
import type { StoredAnswer } from './tables.ts';

/**
 * Published (outside any write, on the reading connection) when the history lists a page of field
 * records: a domain above that attaches something to records — photos (issue 29) — answers it by
 * record id in one query for the page, so equipment never reads that domain's tables. The seals
 * domain answers the records' seal codes the same way.
 */
export interface RecordsListed {
  kind: 'INSPECTION' | 'MAINTENANCE';
  ids: number[];
}
/** What one subscriber attaches, by record id: photos (photos domain), the seal (seals domain). */
export interface RecordsAttachments {
  photos?: Map<number, RecordPhoto[]>;
  seals?: Map<number, RecordSealRef>;
}
export const equipmentRecordsListed = defineEvent<RecordsListed, RecordsAttachments, Db, Ctx>(
  'equipment.records_listed',
);

/** New equipment on a tag. */
export const equipmentRegistered = defineEvent<WebhookEventData['equipment.registered'], void, Trx, Ctx>(
  'equipment.registered',
);

export interface EquipmentInspected {
  inspection: WebhookEventData['inspection.created'];
  /** when it was received (the webhook's timestamp) */
  receivedAt: Date;
  /** the day it was performed, in the product's time zone */
  day: string;
  equipment: { id: number; company_id: number; extra_label: string | null };
  serial: string;
  answers: readonly StoredAnswer[];
  /** the cycle states the record writes in its statement (none when it moves no cycle) */
  cycles: readonly WrittenCycle[];
}
/** A cycle state a record writes: its code and due date after the record. */
export interface WrittenCycle {
  code: string;
  dueDate: string | null;
}
/**
 * What a record's probes (kit/events.ts `PlannedHandler`) see: the equipment's id and company as
 * SQL — columns of the record's one read, values in the write's re-check — the record's day, and
 * the tenant database to build subqueries with.
 */
export interface RecordProbe {
  db: Db;
  equipmentId: Expression<number>;
  companyId: Expression<number>;
  /** the day it was performed (APP_TIME_ZONE) */
  day: string;
  /** today (APP_TIME_ZONE) as the server sees it now — a parameter of the read compiled once */
  today: string;
}

/**
 * An inspection recorded. A subscriber may answer the service order its answers opened (the
 * inspector is told "OS nº … aberta"). Published into the inspection's write plan
 * (records/inspect.ts, kit/write-plan.ts).
 */
export const equipmentInspected = defineEvent<
  EquipmentInspected,
  { serviceOrder: { id: number; number: number } },
  Trx,
  Ctx,
  RecordProbe
>('equipment.inspected');

export interface EquipmentMaintained {
  maintenance: WebhookEventData['maintenance.created'];
  receivedAt: Date;
  /** the day it was performed, in the product's time zone */
  day: string;
  /** the cycle states the record writes in its statement (none when it moves no cycle) */
  cycles: readonly WrittenCycle[];
}
/** A maintenance recorded. */
export const equipmentMaintained = defineEvent<EquipmentMaintained, void, Trx, Ctx, RecordProbe>(
  'equipment.maintained',
);

/** The equipment's status moved with a write (not with the calendar). */
export const equipmentStatusChanged = defineEvent<
  WebhookEventData['equipment.status_changed'],
  void,
  Trx,
  Ctx
>('equipment.status_changed');

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

/** Publishes `equipment.status_changed` when the write moved the equipment's status. */
export async function publishStatusChange(
  trx: Trx,
  ctx: Ctx,
  e: { id: number; company_id: number; serial: string },
  before: StatusInput,
  after: StatusInput,
  cause: 'inspection' | 'update',
): Promise<void> {
  const payload = statusChangeOf(e, before, after, cause);
  if (payload) await publish(trx, ctx, equipmentStatusChanged, payload);
}

/** The status change's payload, or null when the status stays. */
function statusChangeOf(
  e: { id: number; company_id: number; serial: string },
  before: StatusInput,
  after: StatusInput,
  cause: 'inspection' | 'update',
): WebhookEventData['equipment.status_changed'] | null {
  const day = today();
  const previousStatus: EquipmentStatus = equipmentStatusOf(before, day);
  const status: EquipmentStatus = equipmentStatusOf(after, day);
  if (status === previousStatus) return null;
  return {
    equipmentId: e.id,
    companyId: e.company_id,
    tagSerialNumber: e.serial,
    status,
    previousStatus,
    nextInspectionDate: after.nextInspectionDate,
    dueDate: after.dueDate,
    cause,
  };
}

/** `publishStatusChange` into a write plan (the inspection's). */
export async function planStatusChange(
  plan: WritePlan,
  ctx: Ctx,
  e: { id: number; company_id: number; serial: string },
  before: StatusInput,
  after: StatusInput,
  cause: 'inspection' | 'update',
): Promise<void> {
  const payload = statusChangeOf(e, before, after, cause);
  if (payload) await publishPlanned(plan, ctx, equipmentStatusChanged, payload);
}
