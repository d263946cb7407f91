/**
 * A technician's visits of the next days with their equipment (issue 30 item 4: /my-day without
 * signal), for the field working set's first page. Two statements whatever the number of visits:
 * 1. the visits (technician, companies, days) with, per visit, a lateral read of its equipment in
 *    tag order (capped) — while open, the company's equipment with a cycle due by the visit's day
 *    and those cycles' codes (equipment's `dueCycleCodes`, the rule `visits.get` uses); once
 *    closed, its `visit_missing` rows — as one JSON column;
 * 2. the cycles of every equipment named (equipment's `cyclesOfEquipment`), kept per visit for the
 *    codes above, so each equipment reads as in `visits.get`.
 */
import { type Expression, sql } from 'kysely';
import type { WorkingSetVisit } from '../../../shared/field/schemas.ts';
import {
  cyclesOfEquipment,
  dueCycleCodes,
  equipmentWithTag,
  visitEquipmentColumns,
} from '../equipment/index.ts';
import type { Db } from './common.ts';
import {
  type EquipmentRow,
  locationColumns,
  locationOf,
  toVisit,
  type VisitRow,
  visitColumns,
} from './visits.ts';

/** An equipment row of a visit and the codes of its cycles the visit is for. */
type DayEquipment = EquipmentRow & { codes: string[] };

/** The equipment of visit `v` (a column reference of the enclosing query), at most `cap`, in tag order. */
function equipmentOfVisit(db: Db, cap: number) {
  const companyId = sql.ref('v.company_id') as Expression<number>;
  const date = sql.ref('v.date') as Expression<string>;
  const open = equipmentWithTag(db)
    .innerJoin(dueCycleCodes(db, companyId, date).as('d'), 'd.equipment_id', 'e.id')
    .where(sql<boolean>`v.closed_status is null`)
    .select([...visitEquipmentColumns, ...locationColumns, 'd.cycles as codes']);
  const closed = equipmentWithTag(db)
    .innerJoin('visit_missing as vm', 'vm.equipment_id', 'e.id')
    .where('vm.visit_id', '=', sql.ref<number>('v.id'))
    .where(sql<boolean>`v.closed_status is not null`)
    .select([...visitEquipmentColumns, ...locationColumns, 'vm.cycles as codes']);
  const rows = open.unionAll(closed).orderBy('tagSerialNumber').orderBy('id').limit(cap).as('x');
  return sql<DayEquipment[]>`(${db
    .selectFrom(rows)
    .select(sql`coalesce(json_agg(x order by x."tagSerialNumber", x.id), '[]'::json)`.as('items'))})`;
}

/**
 * Visits of `technicianId` in `companyIds` dated `from`..`to` (both included), by day and id, each
 * with its equipment (at most `equipmentCap`) and their cycles due; statuses as of `day`.
 */
export async function technicianVisits(
  db: Db,
  opts: {
    technicianId: number;
    companyIds: readonly number[];
    from: string;
    to: string;
    day: string;
    equipmentCap: number;
  },
): Promise<WorkingSetVisit[]> {
  if (opts.companyIds.length === 0) return [];
  const rows = await db
    .selectFrom('visits as v')
    .innerJoin('visit_plans as vp', 'vp.id', 'v.plan_id')
    .select(visitColumns())
    .select(equipmentOfVisit(db, opts.equipmentCap).as('equipment'))
    .where('v.technician_id', '=', opts.technicianId)
    .where(sql<boolean>`v.company_id = any(${sql.val([...opts.companyIds])}::bigint[])`)
    .where('v.date', '>=', opts.from)
    .where('v.date', '<=', opts.to)
    .orderBy('v.date')
    .orderBy('v.id')
    .execute();
  const ids = [...new Set(rows.flatMap((r) => (r.equipment as DayEquipment[]).map((e) => e.id)))];
  const cycles = await cyclesOfEquipment(db, ids, opts.day);
  return rows.map((r) => ({
    ...toVisit(r as unknown as VisitRow, opts.day, (r.equipment as DayEquipment[]).length),
    equipment: (r.equipment as DayEquipment[]).map((e) => ({
      id: e.id,
      tagSerialNumber: e.tagSerialNumber,
      productName: e.productName,
      extraLabel: e.extraLabel,
      location: locationOf(e),
      cycles: (cycles.get(e.id) ?? []).filter((c) => e.codes.includes(c.code)),
    })),
  }));
}
