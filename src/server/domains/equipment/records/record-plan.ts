/**
 * What the inspection's and the maintenance's write plans share (kit/write-plan.ts): the guard on
 * the equipment row, and the values the subscribers' probes are re-checked with in the statement.
 */
import { type SqlBool, sql } from 'kysely';
import { today } from '../../../db/days.ts';
import type { WritePlan } from '../../../kit/write-plan.ts';
import type { Db } from '../common.ts';
import type { RecordProbe } from '../events.ts';

/**
 * The write's guard: the equipment locked only while its row is the version read (`xmin`), so a
 * write that committed on it since the read (another record, an edit, a tag replacement) makes
 * the statement roll back and the write run again under the lock.
 */
export function guardEquipment(plan: WritePlan, db: Db, equipmentId: number, version: string): void {
  plan.guard(
    db
      .selectFrom('equipment')
      .select('id')
      .where('id', '=', equipmentId)
      .where(sql<SqlBool>`xmin = ${version}::xid`)
      .forUpdate(),
    async (trx) => {
      await trx.selectFrom('equipment').select('id').where('id', '=', equipmentId).forUpdate().execute();
    },
  );
}

/** The probes' subject in the write statement: the equipment's id and company as values. */
export function recordProbe(db: Db, e: { id: number; company_id: number }, day: string): RecordProbe {
  return {
    db,
    equipmentId: sql<number>`${e.id}::int`,
    companyId: sql<number>`${e.company_id}::bigint`,
    day,
    today: today(),
  };
}
