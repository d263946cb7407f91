/**
 * Visits (issue 30 item 3): the list by date range, technician, company and status; one visit with
 * a page of its equipment; reschedule, reassign and close.
 *
 * A visit's equipment is computed when asked, not frozen at generation: the company's equipment
 * with a cycle due on or before the visit's date (expired included), from `equipment_cycles`
 * (equipment's `equipmentDueBy`). Records keep those rows current in their own transaction, so a
 * maintenance or inspection that fulfils a cycle moves its due date past the visit and the
 * equipment leaves the list, and equipment registered or whose cycles changed after generation
 * joins it — a list frozen weeks ahead would be wrong by the visit's day. Closing is the one
 * moment that is stored: the equipment still due then (`visit_missing`, one INSERT … SELECT) and
 * DONE (none) or PARTIAL. SCHEDULED/LATE are read from the day (APP_TIME_ZONE): an open visit
 * whose date is before today is LATE.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type {
  UpdateVisit,
  Visit,
  VisitDetail,
  VisitEquipment,
  VisitStatus,
  visitGetSchema,
  visitListSchema,
} from '../../../shared/visits/schemas.ts';
import { companyNameOf } from '../../db/company-name.ts';
import { withCore } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import {
  cyclesOfEquipment,
  dueEquipmentCounts,
  earliestCycleDue,
  equipmentDueBy,
  equipmentWithTag,
  visitEquipmentColumns,
} from '../equipment/index.ts';
import { closeVisit } from './close.ts';
import { type Ctx, type Db, inTenantTx } from './common.ts';
import { requireTechnician } from './people.ts';

type ListInput = z.output<typeof visitListSchema>;
type GetInput = z.output<typeof visitGetSchema>;

export function visitColumns() {
  return [
    'v.id',
    'v.plan_id',
    'vp.name as plan_name',
    'v.company_id',
    companyNameOf(sql.ref('v.company_id')).as('company_name'),
    'v.planned_date',
    'v.date',
    'vp.start_time',
    'vp.end_time',
    'v.technician_id',
    'v.technician_name',
    'v.closed_status',
    'v.closed_at',
    'v.closed_by',
    'v.missing_count',
  ] as const;
}

export interface VisitRow {
  id: number;
  plan_id: number;
  plan_name: string;
  company_id: number;
  company_name: string | null;
  planned_date: string;
  date: string;
  start_time: string | null;
  end_time: string | null;
  technician_id: number;
  technician_name: string | null;
  closed_status: 'DONE' | 'PARTIAL' | null;
  closed_at: Date | null;
  closed_by: number | null;
  missing_count: number | null;
}

/** DONE/PARTIAL as closed; an open visit is LATE once its day has passed (`day`: today, APP_TIME_ZONE). */
export function visitStatusOf(
  v: { closed_status: 'DONE' | 'PARTIAL' | null; date: string },
  day: string,
): VisitStatus {
  if (v.closed_status) return v.closed_status;
  return v.date < day ? 'LATE' : 'SCHEDULED';
}

export function toVisit(r: VisitRow, day: string, dueCount?: number): Visit {
  return {
    id: r.id,
    planId: r.plan_id,
    planName: r.plan_name,
    companyId: Number(r.company_id),
    companyName: r.company_name ?? '',
    plannedDate: r.planned_date,
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    technicianId: Number(r.technician_id),
    technicianName: r.technician_name,
    status: visitStatusOf(r, day),
    closedAt: r.closed_at,
    closedBy: r.closed_by === null ? null : Number(r.closed_by),
    missingCount: r.missing_count,
    equipmentCount: r.closed_status ? (r.missing_count ?? 0) : (dueCount ?? 0),
  };
}

const SORTS = {
  date: sql.ref('v.date'),
  technician: sql`core.search_text(coalesce(v.technician_name, ''))`,
  company: sql`core.search_text(coalesce(${companyNameOf(sql.ref('v.company_id'))}, ''))`,
};

function visitsBase(ctx: Ctx, db: Db) {
  return db
    .selectFrom('visits as v')
    .innerJoin('visit_plans as vp', 'vp.id', 'v.plan_id')
    .where(scopeWhere(scopeOf(ctx.auth), { company: sql.ref('v.company_id') }));
}

export async function listVisits(ctx: Ctx, input: ListInput): Promise<Page<Visit>> {
  if (input.from && input.to && input.from > input.to)
    throw new AppError('REPORT_DATE_RANGE_INVALID', { params: { parameter: 'from' } });
  const day = today();
  let base = visitsBase(ctx, ctx.auth.tenant);
  if (input.from) base = base.where('v.date', '>=', input.from);
  if (input.to) base = base.where('v.date', '<=', input.to);
  if (input.technicianId) base = base.where('v.technician_id', '=', input.technicianId);
  if (input.companyId) base = base.where('v.company_id', '=', input.companyId);
  if (input.planId) base = base.where('v.plan_id', '=', input.planId);
  switch (input.status) {
    case 'DONE':
    case 'PARTIAL':
      base = base.where('v.closed_status', '=', input.status);
      break;
    case 'LATE':
      base = base.where('v.closed_status', 'is', null).where('v.date', '<', day);
      break;
    case 'SCHEDULED':
      base = base.where('v.closed_status', 'is', null).where('v.date', '>=', day);
      break;
  }
  const page = await fetchPage(base, input, {
    sorts: SORTS,
    tiebreak: sql.ref('v.id'),
    select: (q) => q.select(visitColumns()),
  });
  const rows = page.items as VisitRow[];
  // One statement for the page's open visits: how many equipment each one lists now.
  const counts = await dueEquipmentCounts(
    ctx.auth.tenant,
    rows
      .filter((r) => !r.closed_status)
      .map((r) => ({ key: r.id, companyId: Number(r.company_id), day: r.date })),
  );
  return mapPage({ ...page, items: rows }, (r) => toVisit(r, day, counts.get(r.id)));
}

/** A visit of the caller's scope, else 404 VISIT_NOT_FOUND. */
async function visitInScope(ctx: Ctx, db: Db, id: number, lock = false): Promise<VisitRow> {
  if (lock) await db.selectFrom('visits').select('id').where('id', '=', id).forUpdate().execute();
  const row = await visitsBase(ctx, db).select(visitColumns()).where('v.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('VISIT_NOT_FOUND');
  return row as VisitRow;
}

const equipmentSorts = (db: Db) => ({
  dueDate: earliestCycleDue(db),
  tag: sql.ref('t.serial_number'),
});

export interface EquipmentRow {
  id: number;
  tagSerialNumber: string;
  productName: string;
  extraLabel: string | null;
  lat: number | string | null;
  lng: number | string | null;
}

/** The equipment's reference location (the technician's day orders its walk by it). */
export const locationColumns = ['e.reference_latitude as lat', 'e.reference_longitude as lng'] as const;
export const locationOf = (r: EquipmentRow) =>
  r.lat === null || r.lng === null ? null : { lat: Number(r.lat), lng: Number(r.lng) };

/** A page of the visit's equipment: due by its date while open, the missing list once closed. */
async function visitEquipment(
  ctx: Ctx,
  v: VisitRow,
  input: GetInput,
  day: string,
): Promise<Page<VisitEquipment>> {
  const db = ctx.auth.tenant;
  const companyId = Number(v.company_id);
  if (!v.closed_status) {
    const page = await fetchPage(equipmentDueBy(db, companyId, v.date), input, {
      searchDocument: sql.ref('e.search'),
      sorts: equipmentSorts(db),
      tiebreak: sql.ref('e.id'),
      select: (q) => q.select([...visitEquipmentColumns, ...locationColumns]),
    });
    const rows = page.items as EquipmentRow[];
    const cycles = await cyclesOfEquipment(
      db,
      rows.map((r) => r.id),
      day,
    );
    return mapPage({ ...page, items: rows }, (r) => ({
      id: r.id,
      tagSerialNumber: r.tagSerialNumber,
      productName: r.productName,
      extraLabel: r.extraLabel,
      location: locationOf(r),
      cycles: (cycles.get(r.id) ?? []).filter((c) => c.dueDate !== null && c.dueDate <= v.date),
    }));
  }
  const base = equipmentWithTag(db)
    .innerJoin('visit_missing as vm', 'vm.equipment_id', 'e.id')
    .where('vm.visit_id', '=', v.id);
  const page = await fetchPage(base, input, {
    searchDocument: sql.ref('e.search'),
    sorts: equipmentSorts(db),
    tiebreak: sql.ref('e.id'),
    select: (q) => q.select([...visitEquipmentColumns, ...locationColumns, 'vm.cycles']),
  });
  const rows = page.items as (EquipmentRow & { cycles: string[] })[];
  const cycles = await cyclesOfEquipment(
    db,
    rows.map((r) => r.id),
    day,
  );
  return mapPage({ ...page, items: rows }, (r) => ({
    id: r.id,
    tagSerialNumber: r.tagSerialNumber,
    productName: r.productName,
    extraLabel: r.extraLabel,
    location: locationOf(r),
    cycles: (cycles.get(r.id) ?? []).filter((c) => r.cycles.includes(c.code)),
  }));
}

export async function getVisit(ctx: Ctx, input: GetInput): Promise<VisitDetail> {
  const day = today();
  const v = await visitInScope(ctx, ctx.auth.tenant, input.id);
  const equipment = await visitEquipment(ctx, v, input, day);
  return { ...toVisit(v, day, equipment.total), equipment };
}

/**
 * Reschedule (`date`), reassign (`technicianId`) and/or close (`close: true`, after the other
 * changes, so a visit closed on another day is judged by its new date). A closed visit answers 409
 * VISIT_CLOSED. Rescheduling or reassigning marks the visit `manual`: a later edit of its plan
 * leaves it alone. The admin roles do any of it within their scope; any other caller only closes
 * a visit it is the technician of (403 FORBIDDEN for another's visit or for a date or technician
 * change — the same answer the access check gives).
 */
export async function updateVisit(ctx: Ctx, input: UpdateVisit): Promise<VisitDetail> {
  await inTenantTx(ctx, async (trx) => {
    const v = await visitInScope(ctx, trx, input.id, true);
    const companyId = Number(v.company_id);
    const changes: Record<string, unknown> = {};
    if (input.date !== undefined && input.date !== v.date) changes.date = input.date;
    const reassigned = input.technicianId !== undefined && input.technicianId !== Number(v.technician_id);
    if (!ADMIN_ROLES.includes(ctx.auth.role)) {
      const own = Number(v.technician_id) === ctx.auth.user.id;
      if (!own || changes.date !== undefined || reassigned) throw new AppError('FORBIDDEN');
    }
    if (v.closed_status) throw new AppError('VISIT_CLOSED');
    if (reassigned) {
      const tech = await requireTechnician(withCore(trx), ctx, companyId, input.technicianId!);
      changes.technician_id = tech.id;
      changes.technician_name = tech.name;
    }
    if (Object.keys(changes).length > 0)
      await trx
        .updateTable('visits')
        .set({ ...changes, manual: true, updated_at: sql`now()` })
        .where('id', '=', v.id)
        .execute();
    if (input.close)
      await closeVisit(
        trx,
        { id: v.id, companyId, date: (changes.date as string | undefined) ?? v.date },
        ctx.auth.user.id,
      );
  });
  return getVisit(ctx, { id: input.id, page: 0, pageSize: 10, sort: 'dueDate', direction: 'asc' });
}
