/**
 * What visits do when the equipment domain records something (kit/events.ts), in the record's
 * transaction: an inspection or maintenance that leaves today's visit of its company with nothing
 * due closes it as DONE (`close.ts`, one statement). Records are one-statement writes (issue 32
 * item 1): the record's read probes for an open visit of the company today (`openVisitToday`), and
 * only then is the close a step after the record's statement — it must see the new record.
 */
import { on } from '../../kit/events.ts';
import { equipmentInspected, equipmentMaintained } from '../equipment/index.ts';
import { closeEmptiedVisits, openVisitToday } from './close.ts';

export const visitSubscriptions = [
  on(
    equipmentInspected,
    async (trx, ctx, e) => {
      await closeEmptiedVisits(trx, ctx, e.equipment.company_id);
    },
    {
      probe: (q) => openVisitToday(q.db, q.companyId, q.today),
      plan: (plan, ctx, e, open) => {
        if (open)
          plan.inTransaction(async (trx) => {
            await closeEmptiedVisits(trx, ctx, e.equipment.company_id);
          });
      },
    },
  ),
  on(
    equipmentMaintained,
    async (trx, ctx, e) => {
      await closeEmptiedVisits(trx, ctx, e.maintenance.companyId);
    },
    {
      probe: (q) => openVisitToday(q.db, q.companyId, q.today),
      plan: (plan, ctx, e, open) => {
        if (open)
          plan.inTransaction(async (trx) => {
            await closeEmptiedVisits(trx, ctx, e.maintenance.companyId);
          });
      },
    },
  ),
];
