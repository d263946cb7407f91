/**
 * Closing visits (issue 30 item 3): by hand (`updateVisit` with `close: true` — an admin, or the
 * visit's own technician) and by itself when a record empties today's list.
 *
 * Closing by hand stores what is still due then (`visit_missing`, one INSERT … SELECT) and DONE
 * (none) or PARTIAL.
 *
 * Closing by itself: an inspection or a maintenance (the equipment domain's events, in the
 * record's transaction) runs ONE UPDATE that closes as DONE the company's open visits of today
 * (APP_TIME_ZONE) whose list is now empty — the same list `getVisit` shows (`equipmentDueBy`).
 * It is an index probe on `visits_company_date_idx (company_id, date)`: when the company has no
 * open visit today it touches no row. Only today's visits: a late visit stays for a person to
 * close (someone decides what a late visit was), a future one is not done yet.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { today } from '../../db/days.ts';
import { dueCycleCodes, equipmentDueBy, hasCycleDueBy } from '../equipment/index.ts';
import type { Ctx, Db, Trx } from './common.ts';

/** Closes visit `v` (open, locked by the caller) as DONE or PARTIAL, judged by its `date`. */
export async function closeVisit(
  trx: Trx,
  v: { id: number; companyId: number; date: string },
  userId: number,
): Promise<void> {
  const inserted = await trx
    .insertInto('visit_missing')
    .columns(['visit_id', 'equipment_id', 'cycles'])
    .expression(
      trx
        .selectFrom(dueCycleCodes(trx, v.companyId, v.date).as('d'))
        .select([sql<number>`${v.id}::int`.as('visit_id'), 'd.equipment_id', 'd.cycles']),
    )
    .executeTakeFirst();
  const missing = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  await trx
    .updateTable('visits')
    .set({
      closed_status: missing > 0 ? 'PARTIAL' : 'DONE',
      closed_at: sql`now()`,
      closed_by: userId,
      missing_count: missing,
      updated_at: sql`now()`,
    })
    .where('id', '=', v.id)
    .execute();
}

/**
 * The UPDATE that closes as DONE the company's open visits of today whose due list is empty,
 * closed by the record's author; `except` leaves out cycles the same statement rewrites.
 */
function closeEmptied(
  db: Db | Trx,
  ctx: Ctx,
  companyId: number,
  day: string,
  except?: { equipmentId: number; codes: readonly string[] },
) {
  return db
    .updateTable('visits as v')
    .set({
      closed_status: 'DONE',
      closed_at: sql`now()`,
      closed_by: ctx.auth.user.id,
      missing_count: 0,
      updated_at: sql`now()`,
    })
    .where('v.company_id', '=', companyId)
    .where('v.date', '=', day)
    .where('v.closed_status', 'is', null)
    .where((eb) => eb.not(eb.exists(equipmentDueBy(db, companyId, day, except).select(sql`1`.as('one')))));
}

/**
 * After a record of the company's equipment, in its transaction: its open visits of today whose
 * list is now empty become DONE (one statement). Answers how many closed.
 */
export async function closeEmptiedVisits(trx: Trx, ctx: Ctx, companyId: number): Promise<number> {
  const r = await closeEmptied(trx, ctx, companyId, today()).executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/**
 * `closeEmptiedVisits` as a part of a record's one statement (issue 32, kit/write-plan.ts), so a
 * record made during a visit stays three round trips. The part sees the statement's snapshot,
 * where the recorded equipment's cycles are still as before the record: those the record rewrites
 * are left out of the due list and judged by their new states (`record.cycles`). Null when one of
 * them is still due today — the visit's list cannot be empty.
 */
export function closeEmptiedVisitsPart(
  db: Db,
  ctx: Ctx,
  companyId: number,
  record: { equipmentId: number; cycles: readonly { code: string; dueDate: string | null }[] },
) {
  const day = today();
  if (record.cycles.some((c) => c.dueDate !== null && c.dueDate <= day)) return null;
  return closeEmptied(db, ctx, companyId, day, {
    equipmentId: record.equipmentId,
    codes: record.cycles.map((c) => c.code),
  });
}

/**
 * Whether `closeEmptiedVisits` may have work: the company has an open visit today (the same index
 * probe). A field record's one read selects it (issue 32 item 1), so the common record — no open
 * visit today — skips the step.
 */
export function openVisitToday(
  db: Db,
  companyId: Expression<number>,
  day: string = today(),
): Expression<SqlBool> {
  return sql<SqlBool>`exists(${db
    .selectFrom('visits as v')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`v.company_id = ${companyId}`)
    .where('v.date', '=', day)
    .where('v.closed_status', 'is', null)})`;
}

/**
 * Whether a record of `equipmentId` may empty an open visit of today: there is one, and the
 * equipment is on its list (a cycle due by today). A record of equipment that was not due leaves
 * a list that had something due with it, and a list already empty was closed by the record that
 * emptied it — so the close, whose due list costs a walk of the company's equipment when it is
 * nearly empty, runs only for records that take something off the list. (A list emptied by an
 * edit rather than a record stays for a person to close, as a late visit does.)
 */
export function recordMayEmptyVisit(
  db: Db,
  companyId: Expression<number>,
  equipmentId: Expression<number>,
  day: string = today(),
): Expression<SqlBool> {
  return sql<SqlBool>`(${openVisitToday(db, companyId, day)} and ${hasCycleDueBy(db, equipmentId, day)})`;
}
