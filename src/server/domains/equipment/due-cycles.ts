/**
 * What a visit (domain `visits`, issue 30 item 3) reads of the equipment's cycles: the equipment
 * of a company with a cycle due by a day (expired included) — a cycle done moves its due date past
 * the day, which is how a record removes the equipment from a visit — and each one's cycles with
 * names and statuses. Served by `equipment_cycles`' primary key per equipment and the equipment's
 * company index; nothing is stored for the visit.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { cycleStatusOf } from '../../../shared/cycles/rules.ts';
import type { EquipmentCycle } from '../../../shared/cycles/schemas.ts';
import { today } from '../../db/days.ts';
import type { Db } from './common.ts';
import { effectiveCycles } from './cycles.ts';

/**
 * A company or a day as a value, or as a column of an enclosing query (a lateral join over
 * visits: `sql.ref('v.company_id')`).
 */
type Of<T> = T | Expression<T>;

/**
 * Equipment of `companyId` (alias `e`, joined to its tag `t` and product `p`) with a cycle due on or
 * before `day`. `except` leaves out cycles of one equipment as the statement's snapshot holds them:
 * the ones a record rewrites in the same statement (visits' close, issue 32), judged by the caller
 * from their new states.
 */
export function equipmentDueBy(
  db: Db,
  companyId: Of<number>,
  day: Of<string>,
  except?: { equipmentId: number; codes: readonly string[] },
) {
  return db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .where('e.company_id', '=', companyId)
    .where((eb) => {
      let due = eb
        .selectFrom('equipment_cycles as ec')
        .select(sql`1`.as('one'))
        .whereRef('ec.equipment_id', '=', 'e.id')
        .where('ec.due_date', '<=', day);
      if (except?.codes.length)
        due = due.where(
          sql<boolean>`not (ec.equipment_id = ${except.equipmentId}::int and ec.cycle_code = any(${[...except.codes]}::text[]))`,
        );
      return eb.exists(due);
    });
}

/** Whether equipment `equipmentId` has a cycle due on or before `day` (its primary key's range). */
export function hasCycleDueBy(db: Db, equipmentId: Expression<number>, day: Of<string>): Expression<SqlBool> {
  return sql<SqlBool>`exists(${db
    .selectFrom('equipment_cycles as ec')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`ec.equipment_id = ${equipmentId}`)
    .where('ec.due_date', '<=', day)})`;
}

/**
 * `(equipment_id, cycles)`: per equipment of `companyId`, the codes of its cycles due on or before
 * `day` — a SELECT to embed in an INSERT … SELECT (no STABLE function: Citus-safe).
 */
export function dueCycleCodes(db: Db, companyId: Of<number>, day: Of<string>) {
  return db
    .selectFrom('equipment as e')
    .innerJoin('equipment_cycles as ec', 'ec.equipment_id', 'e.id')
    .where('e.company_id', '=', companyId)
    .where('ec.due_date', '<=', day)
    .groupBy('e.id')
    .select([
      'e.id as equipment_id',
      sql<string[]>`array_agg(ec.cycle_code order by ec.cycle_code)`.as('cycles'),
    ]);
}

/**
 * For each `(key, companyId, day)`: how many equipment of the company have a cycle due on or before
 * the day (what `equipmentDueBy` would list) — ONE statement for a page of visits, not one per
 * visit: each company's equipment is read once (its earliest cycle due by the latest day asked,
 * a materialized CTE), then counted against every asked day of that company.
 */
export async function dueEquipmentCounts(
  db: Db,
  wanted: readonly { key: number; companyId: number; day: string }[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (wanted.length === 0) return out;
  const companies = [...new Set(wanted.map((w) => w.companyId))];
  const latest = wanted.map((w) => w.day).sort()[wanted.length - 1]!;
  const earliest = db
    .selectFrom('equipment as e')
    .innerJoin('equipment_cycles as ec', 'ec.equipment_id', 'e.id')
    .where('e.company_id', 'in', companies)
    .where('ec.due_date', '<=', latest)
    .groupBy(['e.id', 'e.company_id'])
    .select(['e.company_id', sql<string>`min(ec.due_date)`.as('due')]);
  const { rows } = await sql<{ key: number; n: number }>`
    with eq as materialized (${earliest})
    select w.key, count(eq.due)::int as n
    from unnest(${wanted.map((w) => w.key)}::int[], ${wanted.map((w) => w.companyId)}::int[],
                ${wanted.map((w) => w.day)}::date[]) as w(key, company_id, day)
    left join eq on eq.company_id = w.company_id and eq.due <= w.day
    group by w.key`.execute(db);
  for (const r of rows) out.set(Number(r.key), Number(r.n));
  return out;
}

/** The earliest due day of equipment `e`'s cycles (a sort key over `equipmentDueBy`'s alias; run it on `db`). */
export function earliestCycleDue(db: Db) {
  return sql<string | null>`(${db
    .selectFrom('equipment_cycles as ec')
    .select((eb) => eb.fn.min('ec.due_date').as('d'))
    .where(sql<boolean>`ec.equipment_id = e.id`)})`;
}

/** Equipment by ids (alias `e`, tag `t`, product `p`) — a page of a visit's missing list. */
export function equipmentWithTag(db: Db) {
  return db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id');
}

/** The columns a visit shows of an equipment over `equipmentDueBy`/`equipmentWithTag`'s aliases. */
export const visitEquipmentColumns = [
  'e.id',
  't.serial_number as tagSerialNumber',
  'p.name as productName',
  'e.extra_label as extraLabel',
] as const;

/**
 * The cycles of `equipmentIds` in list order with their stored state and status as of `today`, by
 * equipment (one statement for a page).
 */
export async function cyclesOfEquipment(
  db: Db,
  equipmentIds: readonly number[],
  today: string,
): Promise<Map<number, EquipmentCycle[]>> {
  const out = new Map<number, EquipmentCycle[]>();
  if (equipmentIds.length === 0) return out;
  const rows = await db
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('maintenance_cycles as mc', (j) => j.on(effectiveCycles))
    .leftJoin('equipment_cycles as ec', (j) =>
      j.onRef('ec.equipment_id', '=', 'e.id').onRef('ec.cycle_code', '=', 'mc.code'),
    )
    .select([
      'e.id',
      'mc.code',
      'mc.name',
      'mc.norm',
      'mc.done_by',
      'ec.last_done_at',
      'ec.due_date',
      'ec.notice_date',
    ])
    .where('e.id', 'in', [...equipmentIds])
    .orderBy('e.id')
    .orderBy('mc.position')
    .orderBy('mc.id')
    .execute();
  for (const r of rows) {
    const s = cycleStatusOf({ dueDate: r.due_date, noticeDate: r.notice_date }, today);
    const list = out.get(r.id) ?? [];
    list.push({
      code: r.code,
      name: r.name,
      norm: r.norm,
      doneBy: r.done_by,
      lastDoneAt: r.last_done_at,
      dueDate: r.due_date,
      status: s.status,
      daysToExpire: s.daysToExpire,
    });
    out.set(r.id, list);
  }
  return out;
}

/** GET /web/equipments/{tag}/ `cycles`: the equipment's cycles in list order, statuses as of today. */
export async function equipmentCycles(db: Db, equipmentId: number, day = today()): Promise<EquipmentCycle[]> {
  return (await cyclesOfEquipment(db, [equipmentId], day)).get(equipmentId) ?? [];
}
