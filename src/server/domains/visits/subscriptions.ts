/**
 * What visits do when the equipment domain records something (kit/events.ts): an inspection or
 * maintenance that leaves today's visit of its company with nothing due closes it as DONE
 * (`close.ts`). Records are one-statement writes (issue 32 item 1): the record's read probes for
 * an open visit of the company today with the recorded equipment on its list
 * (`recordMayEmptyVisit`), and only then does the close join the
 * record's statement as a part, judging the recorded equipment by the cycle states the record
 * writes (the part cannot see them). Published outside a write plan, the handler closes in the
 * publisher's transaction, after the record.
 */
import { type DomainEvent, on } from '../../kit/events.ts';
import {
  type EquipmentInspected,
  equipmentInspected,
  equipmentMaintained,
  type RecordProbe,
} from '../equipment/index.ts';
import type { Ctx, Trx } from './common.ts';
import { closeEmptiedVisits, closeEmptiedVisitsPart, recordMayEmptyVisit } from './close.ts';

/** One subscription per kind of record: `recordOf` names the recorded equipment and company. */
function closesEmptiedVisits<P extends { cycles: EquipmentInspected['cycles'] }>(
  event: DomainEvent<P, unknown, Trx, Ctx, RecordProbe>,
  recordOf: (payload: P) => { companyId: number; equipmentId: number },
) {
  return on(
    event,
    async (trx, ctx, e) => {
      await closeEmptiedVisits(trx, ctx, recordOf(e).companyId);
    },
    {
      probe: (q) => recordMayEmptyVisit(q.db, q.companyId, q.equipmentId, q.today),
      plan: (plan, ctx, e, open) => {
        const r = recordOf(e);
        const part =
          open &&
          closeEmptiedVisitsPart(plan.db, ctx, r.companyId, { equipmentId: r.equipmentId, cycles: e.cycles });
        if (part) plan.add(part);
      },
    },
  );
}

export const visitSubscriptions = [
  closesEmptiedVisits(equipmentInspected, (e) => ({
    companyId: e.equipment.company_id,
    equipmentId: e.equipment.id,
  })),
  closesEmptiedVisits(equipmentMaintained, (e) => ({
    companyId: e.maintenance.companyId,
    equipmentId: e.maintenance.equipmentId,
  })),
];
