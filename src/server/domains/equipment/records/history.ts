/**
 * The equipment's history (issue 11 item 6): inspections, maintenances and snapshots, paged, and
 * one record by id for its document — newest first, by when a field record was performed.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  attributeRecordSchema,
  IdentifiedBy,
  inspectionRecordSchema,
  maintenanceRecordSchema,
  snapshotSchema,
} from '../../../../shared/equipment/schemas.ts';
import { presenceFlags } from '../../../../shared/equipment/presence.ts';
import type { Page } from '../../../../shared/list.ts';
import type { RecordPhoto } from '../../../../shared/photos/schemas.ts';
import type { RecordSealRef } from '../../../../shared/seals/schemas.ts';
import type { Ctx, Db } from '../common.ts';
import { referenceOf } from '../dto.ts';
import { equipmentRecordsListed } from '../events.ts';
import { publish } from '../../../kit/events.ts';
import { equipmentIdOnTag } from '../lookup.ts';
import { presenceLimits } from '../presence.ts';
import type { StoredAnswer, StoredPart } from '../tables.ts';

interface HistoryInput {
  tag: string;
  page: number;
  pageSize: number;
}

type AttributeRecord = z.input<typeof attributeRecordSchema>;

/**
 * One page of an equipment's records, newest first (by performed time for field records), with the
 * exact total (per equipment: small). Field records come with the equipment's reference location.
 */
async function historyPage<T extends { id: number }, U>(
  ctx: Ctx,
  input: HistoryInput,
  table: 'inspections' | 'maintenances' | 'equipment_snapshots',
  map: (row: T) => U,
): Promise<Page<U>> {
  const db = ctx.auth.tenant;
  const equipmentId = await equipmentIdOnTag(ctx, input.tag);
  const [rows, count] = await Promise.all([
    table === 'equipment_snapshots'
      ? db
          .selectFrom(table)
          .selectAll()
          .where('equipment_id', '=', equipmentId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(input.pageSize)
          .offset(input.page * input.pageSize)
          .execute()
      : table === 'inspections'
        ? db
            .selectFrom('inspections as r')
            .innerJoin('equipment as e', 'e.id', 'r.equipment_id')
            .selectAll('r')
            .select(['e.reference_latitude', 'e.reference_longitude', 'e.reference_source'])
            .where('r.equipment_id', '=', equipmentId)
            .orderBy('r.performed_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(input.pageSize)
            .offset(input.page * input.pageSize)
            .execute()
        : db
            .selectFrom('maintenances as r')
            .selectAll('r')
            .where('r.equipment_id', '=', equipmentId)
            .orderBy('r.performed_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(input.pageSize)
            .offset(input.page * input.pageSize)
            .execute(),
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('equipment_id', '=', equipmentId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: (rows as unknown as T[]).map(map),
    total: count.n,
    page: input.page,
    pageSize: input.pageSize,
  };
}

interface RecordRow {
  id: number;
  user_name: string | null;
  user_email: string | null;
  created_at: Date;
  performed_at: Date;
  identified_by: IdentifiedBy | null;
  scanned_at: Date | null;
  answers: StoredAnswer[];
  attributes: AttributeRecord[];
}
type InspectionRow = RecordRow & {
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  improper: boolean;
  /** the equipment's, read with the record */
  reference_latitude: number | null;
  reference_longitude: number | null;
  reference_source: 'MEDIAN' | 'ADMIN' | null;
};
type MaintenanceRow = RecordRow & { parts: StoredPart[] };
type InspectionRecord = z.input<typeof inspectionRecordSchema>;
type MaintenanceRecord = z.input<typeof maintenanceRecordSchema>;

/** The times every record answers: its date is when it was performed (issue 20). */
const recordTimesOf = (r: RecordRow) => ({
  createdAt: r.performed_at,
  receivedAt: r.created_at,
  identifiedBy: r.identified_by,
  scannedAt: r.scanned_at,
});

/** An inspection row as the history and its documents show it, with its proof-of-presence flags. */
function toInspectionRecord(r: InspectionRow, limits = presenceLimits()): InspectionRecord {
  return {
    inspectionId: r.id,
    userName: r.user_name,
    userEmail: r.user_email,
    ...recordTimesOf(r),
    presence: presenceFlags(
      {
        identifiedBy: r.identified_by,
        latitude: r.latitude,
        longitude: r.longitude,
        scannedAt: r.scanned_at,
        performedAt: r.performed_at,
      },
      referenceOf(r),
      limits,
    ),
    latitude: r.latitude,
    longitude: r.longitude,
    accuracy: r.accuracy,
    improper: r.improper,
    attributesValues: r.attributes,
    questionsAnswers: r.answers,
  };
}

function toMaintenanceRecord(r: MaintenanceRow): MaintenanceRecord {
  return {
    id: r.id,
    maintenanceId: r.id,
    userName: r.user_name,
    userEmail: r.user_email,
    ...recordTimesOf(r),
    attributesValues: r.attributes,
    questionsAnswers: r.answers,
    partsReplacements: r.parts,
  };
}

/**
 * What the domains above attach to a page of records (their photos, their seal), asked once for the page
 * (equipment.records_listed) and set on each record by its id.
 */
async function withAttachments<T extends { photos?: RecordPhoto[]; seal?: RecordSealRef | null }>(
  ctx: Ctx,
  kind: 'INSPECTION' | 'MAINTENANCE',
  page: Page<T>,
  idOf: (r: T) => number,
): Promise<Page<T>> {
  if (!page.items.length) return page;
  const answers = await publish(ctx.auth.tenant, ctx, equipmentRecordsListed, {
    kind,
    ids: page.items.map(idOf),
  });
  for (const r of page.items) {
    r.photos = [];
    r.seal = null;
  }
  for (const a of answers)
    for (const r of page.items) {
      const id = idOf(r);
      if (a.photos) r.photos = a.photos.get(id) ?? [];
      if (a.seals) r.seal = a.seals.get(id) ?? null;
    }
  return page;
}

export async function inspections(ctx: Ctx, input: HistoryInput): Promise<Page<InspectionRecord>> {
  const limits = presenceLimits();
  const page = await historyPage<InspectionRow, InspectionRecord>(ctx, input, 'inspections', (r) =>
    toInspectionRecord(r, limits),
  );
  return withAttachments(ctx, 'INSPECTION', page, (r) => r.inspectionId);
}

export async function maintenances(ctx: Ctx, input: HistoryInput): Promise<Page<MaintenanceRecord>> {
  const page = await historyPage<MaintenanceRow, MaintenanceRecord>(
    ctx,
    input,
    'maintenances',
    toMaintenanceRecord,
  );
  return withAttachments(ctx, 'MAINTENANCE', page, (r) => r.id);
}

/** Whose a record is: its equipment, and the company and product it was recorded for. */
export interface RecordOwner {
  equipmentId: number;
  companyId: number;
  productId: number;
}

const ownerOf = (r: { equipment_id: number; company_id: number; product_id: number }): RecordOwner => ({
  equipmentId: r.equipment_id,
  companyId: r.company_id,
  productId: r.product_id,
});

/**
 * One inspection by id, exactly as the history lists it, with its owner (the documents domain
 * holds it to the caller's scope and renders it); null when the tenant has none of that id.
 */
export async function inspectionRecordById(
  db: Db,
  id: number,
): Promise<{ record: InspectionRecord; owner: RecordOwner } | null> {
  const r = await db
    .selectFrom('inspections as r')
    .innerJoin('equipment as e', 'e.id', 'r.equipment_id')
    .selectAll('r')
    .select(['e.reference_latitude', 'e.reference_longitude', 'e.reference_source'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return r ? { record: toInspectionRecord(r), owner: ownerOf(r) } : null;
}

/** One maintenance by id, as the history lists it, with its owner; null when there is none. */
export async function maintenanceRecordById(
  db: Db,
  id: number,
): Promise<{ record: MaintenanceRecord; owner: RecordOwner } | null> {
  const r = await db.selectFrom('maintenances').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { record: toMaintenanceRecord(r), owner: ownerOf(r) } : null;
}

interface SnapshotRow {
  id: number;
  kind: 'CREATED' | 'UPDATED' | 'TAG_REPLACED' | 'TAG_ASSIGNED';
  user_name: string | null;
  user_email: string | null;
  tag_serial: string | null;
  product_name: string;
  product_sku: string;
  extra_label: string | null;
  extra_code: string | null;
  created_at: Date;
}

export function snapshots(ctx: Ctx, input: HistoryInput): Promise<Page<z.input<typeof snapshotSchema>>> {
  return historyPage<SnapshotRow, z.input<typeof snapshotSchema>>(ctx, input, 'equipment_snapshots', (r) => ({
    id: r.id,
    transaction: r.created_at,
    kind: r.kind,
    userName: r.user_name,
    userEmail: r.user_email,
    tagSerialNumber: r.tag_serial,
    productName: r.product_name,
    productSku: r.product_sku,
    extraLabel: r.extra_label,
    extraCode: r.extra_code,
  }));
}
