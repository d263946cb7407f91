/**
 * What the service orders do when the equipment domain records something (kit/events.ts), in the
 * record's transaction (issue 14): an INSPECTION (MAINTENANCE) order waiting for the equipment is
 * done on the day the inspection (maintenance) was performed, and an inspection's negative answers
 * to marked questions open (or join) that day's MAINTENANCE order, whose number the inspector sees.
 *
 * Records are one-statement writes (issue 32 item 1, kit/write-plan.ts): the record's read probes
 * for a waiting item (`waitingItemsExist`), and only then — or when an answer is negative — are
 * these functions steps in the record's transaction, after its statement. The common record
 * (nothing waiting, no negative answer) costs no statement here.
 */
import { on } from '../../kit/events.ts';
import { equipmentInspected, equipmentMaintained } from '../equipment/index.ts';
import {
  completeServiceOrderItems,
  mayOpenServiceOrder,
  openServiceOrderForAnswers,
  waitingItemsExist,
} from './rules.ts';

export const serviceOrderSubscriptions = [
  on(
    equipmentInspected,
    async (trx, ctx, e) => {
      await completeServiceOrderItems(trx, { equipmentId: e.equipment.id, type: 'INSPECTION', day: e.day });
      const opened = await openServiceOrderForAnswers(trx, ctx, {
        equipment: e.equipment,
        serial: e.serial,
        answers: e.answers,
        day: e.day,
      });
      return opened ? { serviceOrder: opened } : undefined;
    },
    {
      probe: (q) => waitingItemsExist(q.db, q.equipmentId, 'INSPECTION', q.day),
      plan: (plan, ctx, e, waiting) => {
        if (waiting)
          plan.inTransaction(async (trx) => {
            await completeServiceOrderItems(trx, {
              equipmentId: e.equipment.id,
              type: 'INSPECTION',
              day: e.day,
            });
          });
        if (mayOpenServiceOrder(e.answers))
          plan.inTransaction(async (trx) => {
            const opened = await openServiceOrderForAnswers(trx, ctx, {
              equipment: e.equipment,
              serial: e.serial,
              answers: e.answers,
              day: e.day,
            });
            return opened ? { serviceOrder: opened } : undefined;
          });
      },
    },
  ),
  on(
    equipmentMaintained,
    async (trx, _ctx, e) => {
      await completeServiceOrderItems(trx, {
        equipmentId: e.maintenance.equipmentId,
        type: 'MAINTENANCE',
        day: e.day,
      });
    },
    {
      probe: (q) => waitingItemsExist(q.db, q.equipmentId, 'MAINTENANCE', q.day),
      plan: (plan, _ctx, e, waiting) => {
        if (waiting)
          plan.inTransaction(async (trx) => {
            await completeServiceOrderItems(trx, {
              equipmentId: e.maintenance.equipmentId,
              type: 'MAINTENANCE',
              day: e.day,
            });
          });
      },
    },
  ),
];
