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
import { on } from '../../kit/events.ts';
import { equipmentInspected, equipmentMaintained } from '../equipment/index.ts';
import { closeEmptiedVisits, closeEmptiedVisitsPart, recordMayEmptyVisit } from './close.ts';

export const visitSubscriptions = [
  on(
    equipmentInspected,
    async (trx, ctx, e) => {
      await closeEmptiedVisits(trx, ctx, e.equipment.company_id);
    },
    {
      probe: (q) => recordMayEmptyVisit(q.db, q.companyId, q.equipmentId, q.today),
      plan: (plan, ctx, e, open) => {
        const part =
          open &&
          closeEmptiedVisitsPart(plan.db, ctx, e.equipment.company_id, {
            equipmentId: e.equipment.id,
            cycles: e.cycles,
          });
        if (part) plan.add(part);
      },
    },
  ),
  on(
    equipmentMaintained,
    async (trx, ctx, e) => {
      await closeEmptiedVisits(trx, ctx, e.maintenance.companyId);
    },
    {
      probe: (q) => recordMayEmptyVisit(q.db, q.companyId, q.equipmentId, q.today),
      plan: (plan, ctx, e, open) => {
        const part =
          open &&
          closeEmptiedVisitsPart(plan.db, ctx, e.maintenance.companyId, {
            equipmentId: e.maintenance.equipmentId,
            cycles: e.cycles,
          });
        if (part) plan.add(part);
      },
    },
  ),
];
