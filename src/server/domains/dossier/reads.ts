/**
 * What the building dossier reads of one company, in one REPEATABLE READ transaction (one snapshot
 * for the summary and every section): the summary's counts (small: one row per inspection type and
 * cycle), then each list through a server-side cursor in batches of DOSSIER_BATCH — never the whole
 * company in memory. The equipment's cycles come from the equipment domain (`cyclesOfEquipment`),
 * their last sealed record from the seals domain (`lastSealsOfEquipment`), one statement per batch.
 */
import { type Compilable, sql } from 'kysely';
import type { EquipmentCycle } from '../../../shared/cycles/schemas.ts';
import type { OsStatus } from '../../../shared/enums.ts';
import type { RecordSealRef } from '../../../shared/seals/schemas.ts';
import { cyclesOfEquipment } from '../equipment/index.ts';
import type { Trx } from '../../kit/tenant-tx.ts';
import { lastSealsOfEquipment, type SealKind } from '../seals/index.ts';

/** Rows read and drawn at a time. */
export const DOSSIER_BATCH = 500;

/** The mirror of `effectiveCycles` (equipment/cycles.ts): the cycle list of product `p`. */
const effective = sql<boolean>`((p.own_cycles and mc.product_id = p.id) or (not p.own_cycles and mc.product_id is null and mc.inspection_type_id = p.inspection_type_id))`;

let cursors = 0;

/** The rows of `query` in batches through a cursor of the transaction (closed once read). */
export async function* cursorBatches<T>(trx: Trx, query: Compilable | ReturnType<typeof sql>) {
  const name = sql.raw(`dossier_rows_${++cursors}`);
  await sql`declare ${name} no scroll cursor for ${query}`.execute(trx);
  for (;;) {
    const r = await sql<T>`fetch forward ${sql.lit(DOSSIER_BATCH)} from ${name}`.execute(trx);
    if (r.rows.length === 0) break;
    yield r.rows;
  }
  await sql`close ${name}`.execute(trx);
}

export interface SummaryRow {
  category: string;
  inspectionType: string;
  equipment: number;
}

/** Equipment per category and inspection type. */
export function equipmentPerType(trx: Trx, companyId: number): Promise<SummaryRow[]> {
  return trx
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .innerJoin('categories as c', 'c.id', 'it.category_id')
    .where('e.company_id', '=', companyId)
    .groupBy(['c.name', 'it.name', 'it.id'])
    .select(['c.name as category', 'it.name as inspectionType', sql<number>`count(*)::int`.as('equipment')])
    .orderBy('c.name')
    .orderBy('it.name')
    .orderBy('it.id')
    .execute();
}

export interface CycleCountRow {
  inspectionType: string;
  cycle: string;
  expired: number;
  expiring: number;
}

/** Per inspection type and cycle, how many equipment have it expired and expiring on `day` (as `cycleStatusOf`). */
export function cycleCounts(trx: Trx, companyId: number, day: string): Promise<CycleCountRow[]> {
  return trx
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .innerJoin('equipment_cycles as ec', 'ec.equipment_id', 'e.id')
    .leftJoin('maintenance_cycles as mc', (j) => j.on(effective).onRef('mc.code', '=', 'ec.cycle_code'))
    .where('e.company_id', '=', companyId)
    .groupBy(['it.name', 'it.id', 'ec.cycle_code'])
    .select([
      'it.name as inspectionType',
      sql<string>`coalesce(max(mc.name), ec.cycle_code)`.as('cycle'),
      sql<number>`(count(*) filter (where ec.due_date < ${day}))::int`.as('expired'),
      sql<number>`(count(*) filter (where ec.due_date >= ${day} and ec.notice_date <= ${day}))::int`.as(
        'expiring',
      ),
    ])
    .orderBy('it.name')
    .orderBy('it.id')
    .orderBy(sql`min(mc.position)`)
    .orderBy('ec.cycle_code')
    .execute();
}

export interface DossierEquipment {
  id: number;
  /** null while it waits for a tag */
  serial: string | null;
  product: string;
  sku: string;
  extraLabel: string | null;
  inspectionTypeId: number;
  inspectionType: string;
  cycles: EquipmentCycle[];
  seal: (RecordSealRef & { kind: SealKind }) | null;
}

/** The company's equipment by inspection type (name), then tag serial, with cycles and last seal. */
export async function* equipmentBatches(
  trx: Trx,
  companyId: number,
  day: string,
): AsyncGenerator<DossierEquipment[]> {
  const query = trx
    .selectFrom('equipment as e')
    // Equipment waiting for a tag (tenant 1401) is the company's all the same: listed last of its type.
    .leftJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .where('e.company_id', '=', companyId)
    .select([
      'e.id',
      't.serial_number as serial',
      'p.name as product',
      'p.sku',
      'e.extra_label as extraLabel',
      'it.id as inspectionTypeId',
      'it.name as inspectionType',
    ])
    .orderBy('it.name')
    .orderBy('it.id')
    .orderBy('t.serial_number')
    .orderBy('e.id');
  type Row = Omit<DossierEquipment, 'cycles' | 'seal'>;
  for await (const rows of cursorBatches<Row>(trx, query)) {
    const ids = rows.map((r) => r.id);
    const [cycles, seals] = await Promise.all([
      cyclesOfEquipment(trx, ids, day),
      lastSealsOfEquipment(trx, ids),
    ]);
    yield rows.map((r) => ({ ...r, cycles: cycles.get(r.id) ?? [], seal: seals.get(r.id) ?? null }));
  }
}

export interface OpenOrder {
  number: number;
  status: OsStatus;
  type: 'INSPECTION' | 'MAINTENANCE';
  startDate: string;
  endDate: string | null;
  responsible: string | null;
  itemsCount: number;
  pending: number;
}

/** The company's open service orders (PENDING, PARTIAL) by number. */
export function openOrderBatches(trx: Trx, companyId: number) {
  const query = trx
    .selectFrom('service_orders as o')
    .where('o.company_id', '=', companyId)
    .where('o.status', 'in', ['PENDING', 'PARTIAL'])
    .select([
      'o.number',
      'o.status',
      'o.type',
      'o.start_date as startDate',
      'o.end_date as endDate',
      'o.responsible_user_name as responsible',
      'o.items_count as itemsCount',
      sql<number>`o.items_count - o.completed_count`.as('pending'),
    ])
    .orderBy('o.number');
  return cursorBatches<OpenOrder>(trx, query);
}

export interface ImproperEquipment {
  serial: string;
  product: string;
  extraLabel: string | null;
  inspectionType: string;
  lastInspectionDay: string | null;
}

/** Equipment whose last inspection found it improper (the open defects), by tag serial. */
export function improperBatches(trx: Trx, companyId: number) {
  const query = trx
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .where('e.company_id', '=', companyId)
    .where('e.last_inspection_improper', '=', true)
    .select([
      't.serial_number as serial',
      'p.name as product',
      'e.extra_label as extraLabel',
      'it.name as inspectionType',
      'e.last_inspection_day as lastInspectionDay',
    ])
    .orderBy('t.serial_number')
    .orderBy('e.id');
  return cursorBatches<ImproperEquipment>(trx, query);
}

export interface ComingDue {
  dueDate: string;
  /** null while the equipment waits for a tag */
  serial: string | null;
  product: string;
  extraLabel: string | null;
  inspectionType: string;
  cycle: string;
}

/** The cycles due from `day` to `until` (both included), by date, then tag serial and cycle order. */
export function comingDueBatches(trx: Trx, companyId: number, day: string, until: string) {
  const query = trx
    .selectFrom('equipment_cycles as ec')
    .innerJoin('equipment as e', 'e.id', 'ec.equipment_id')
    .leftJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .leftJoin('maintenance_cycles as mc', (j) => j.on(effective).onRef('mc.code', '=', 'ec.cycle_code'))
    .where('e.company_id', '=', companyId)
    .where('ec.due_date', '>=', day)
    .where('ec.due_date', '<=', until)
    .select([
      'ec.due_date as dueDate',
      't.serial_number as serial',
      'p.name as product',
      'e.extra_label as extraLabel',
      'it.name as inspectionType',
      sql<string>`coalesce(mc.name, ec.cycle_code)`.as('cycle'),
    ])
    .orderBy('ec.due_date')
    .orderBy('t.serial_number')
    .orderBy('mc.position')
    .orderBy('ec.cycle_code');
  return cursorBatches<ComingDue>(trx, query);
}
