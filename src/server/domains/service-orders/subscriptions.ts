/**
 * What the service orders do when the equipment domain records something (kit/events.ts), in the
 * record's transaction (issue 14): an INSPECTION (MAINTENANCE) order waiting for the equipment is
 * done on the day the inspection (maintenance) was performed, and an inspection's negative answers
 * to marked questions open (or join) that day's MAINTENANCE order, whose number the inspector sees.
 */
import { on } from '../../kit/events.ts';
import { equipmentInspected, equipmentMaintained } from '../equipment/index.ts';
import { completeServiceOrderItems, openServiceOrderForAnswers } from './rules.ts';

export const serviceOrderSubscriptions = [
  on(equipmentInspected, async (trx, ctx, e) => {
    await completeServiceOrderItems(trx, { equipmentId: e.equipment.id, type: 'INSPECTION', day: e.day });
    const opened = await openServiceOrderForAnswers(trx, ctx, {
      equipment: e.equipment,
      serial: e.serial,
      answers: e.answers,
      day: e.day,
    });
    return opened ? { serviceOrder: opened } : undefined;
  }),
  on(equipmentMaintained, async (trx, _ctx, e) => {
    await completeServiceOrderItems(trx, {
      equipmentId: e.maintenance.equipmentId,
      type: 'MAINTENANCE',
      day: e.day,
    });
  }),
];
