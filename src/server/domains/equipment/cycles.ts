/**
 * Maintenance cycles on one equipment (issue 30 item 3): its cycle list with each cycle's stored
 * state, read in the statement that locks the equipment (`cycleRulesOf`), the states the pure rules
 * give after a write (`shared/cycles/rules.ts`), and the one upsert that stores them. The due date
 * a write stores is the earliest of its cycles' (`dueFromCycles`), folded into the write's own
 * UPDATE of the equipment. Many equipment at once: `cycles-sql.ts`.
 */
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { CycleRule, CycleState, DatedAttribute } from '../../../shared/cycles/rules.ts';
import { cycleState, earliestOf } from '../../../shared/cycles/rules.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import type { Db, Trx } from './common.ts';

/** A cycle of the equipment's list, with the newest record that fulfilled it (stored). */
export interface EquipmentCycleRule extends CycleRule {
  recordDoneAt: string | null;
}

/** The cycle list of product `p` (its own, or its type's): SQL over aliases `p` and `mc`. */
export const effectiveCycles = sql<boolean>`((p.own_cycles and mc.product_id = p.id) or (not p.own_cycles and mc.product_id is null and mc.inspection_type_id = p.inspection_type_id))`;

/**
 * A select column: the cycles of product `p` with equipment `equipmentRef`'s stored
 * `record_done_at` (none for a product alone), as JSON in list order.
 */
export function cycleRulesOf(
  eb: ExpressionBuilder<TenantDatabase & { p: TenantDatabase['products'] }, 'p'>,
  equipmentRef: ReturnType<typeof sql.ref> | RawBuilder<unknown> | null,
) {
  return eb
    .selectFrom('maintenance_cycles as mc')
    .leftJoin('equipment_cycles as ec', (j) =>
      j
        .on(sql<boolean>`ec.equipment_id = ${equipmentRef ?? sql`null`}`)
        .onRef('ec.cycle_code', '=', 'mc.code'),
    )
    .select(
      sql<EquipmentCycleRule[]>`coalesce(json_agg(json_build_object('code', mc.code,
        'intervalValue', mc.interval_value, 'intervalUnit', mc.interval_unit, 'doneBy', mc.done_by,
        'maintenanceLevel', mc.maintenance_level, 'questionId', mc.question_id, 'answer', mc.answer,
        'doneAttributes', mc.done_attributes, 'startFrom', mc.start_from, 'startDate', mc.start_date,
        'warningDays', mc.warning_days, 'recordDoneAt', ec.record_done_at) order by mc.position, mc.id), '[]'::json)`.as(
        'rules',
      ),
    )
    .where(effectiveCycles);
}

/** The cycle list of a product (registration; an edit that changes the product: `equipmentId` keeps its record days). */
export async function productCycleRules(
  db: Db,
  productId: number,
  equipmentId?: number,
): Promise<EquipmentCycleRule[]> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => cycleRulesOf(eb, equipmentId === undefined ? null : sql`${equipmentId}::int`).as('rules'))
    .where('p.id', '=', productId)
    .executeTakeFirst();
  return row?.rules ?? [];
}

export interface CycleStates {
  codes: string[];
  states: CycleState[];
  records: (string | null)[];
}

/**
 * Each cycle's state after a write: `done` names the cycles the write fulfilled on `day` (their
 * record day moves forward only), the others keep their stored record day; attribute dates count.
 */
export function statesAfter(
  rules: readonly EquipmentCycleRule[],
  input: {
    done?: ReadonlySet<string>;
    day?: string;
    attributes: readonly DatedAttribute[];
    noticeDays: number | null;
  },
): CycleStates {
  const records = rules.map((r) => {
    if (!input.done?.has(r.code) || !input.day) return r.recordDoneAt;
    return r.recordDoneAt && r.recordDoneAt > input.day ? r.recordDoneAt : input.day;
  });
  const states = rules.map((r, i) =>
    cycleState(r, { recordDoneAt: records[i]!, attributes: input.attributes, noticeDays: input.noticeDays }),
  );
  return { codes: rules.map((r) => r.code), states, records };
}

/**
 * The due date and warning day equipment stores: none without an expiration date on the product;
 * a typed one (manual) as typed; else the earliest of its cycles when it has cycles, otherwise the
 * rule of before cycles (`legacy`: NBR 12962 from the attributes for extinguishers, none for others).
 */
export function dueFromCycles(
  product: { is_due_date: boolean; days_notification_due_date: number | null },
  manual: string | null,
  cycles: CycleStates,
  legacy: string | null,
): { due_date: string | null; due_date_manual: boolean; due_notice_date?: string | null } {
  if (!product.is_due_date) return { due_date: null, due_date_manual: false };
  if (manual) return { due_date: manual, due_date_manual: true };
  if (cycles.codes.length === 0) return { due_date: legacy, due_date_manual: false };
  const e = earliestOf(cycles.states);
  return { due_date: e.dueDate, due_date_manual: false, due_notice_date: e.noticeDate };
}

/** Stores the states (one upsert); with `prune`, rows of cycles no longer in the list go. */
export async function saveCycleStates(
  trx: Trx,
  equipmentId: number,
  s: CycleStates,
  opts: { prune?: boolean } = {},
): Promise<void> {
  if (opts.prune) {
    let del = trx.deleteFrom('equipment_cycles').where('equipment_id', '=', equipmentId);
    if (s.codes.length) del = del.where('cycle_code', 'not in', s.codes);
    await del.execute();
  }
  await cycleStatesUpsert(trx, equipmentId, s)?.execute();
}

/** The upsert of `saveCycleStates` (null when the list is empty), as a part of a bigger statement. */
/** The cycle states a write stores (the events' `cycles`, kit/events.ts). */
export function writtenCycles(s: CycleStates | null | undefined): { code: string; dueDate: string | null }[] {
  return s ? s.codes.map((code, i) => ({ code, dueDate: s.states[i]!.dueDate })) : [];
}

export function cycleStatesUpsert(db: Db, equipmentId: number, s: CycleStates) {
  if (s.codes.length === 0) return null;
  return db
    .insertInto('equipment_cycles')
    .values(
      s.codes.map((code, i) => ({
        equipment_id: equipmentId,
        cycle_code: code,
        record_done_at: s.records[i]!,
        last_done_at: s.states[i]!.lastDoneAt,
        due_date: s.states[i]!.dueDate,
        notice_date: s.states[i]!.noticeDate,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['equipment_id', 'cycle_code']).doUpdateSet((eb) => ({
        record_done_at: eb.ref('excluded.record_done_at'),
        last_done_at: eb.ref('excluded.last_done_at'),
        due_date: eb.ref('excluded.due_date'),
        notice_date: eb.ref('excluded.notice_date'),
      })),
    );
}
