/**
 * What visits do when the equipment domain records something (kit/events.ts), in the record's
 * transaction: an inspection or maintenance that leaves today's visit of its company with nothing
 * due closes it as DONE (`close.ts`, one statement).
 */
import { on } from '../../kit/events.ts';
import { equipmentInspected, equipmentMaintained } from '../equipment/index.ts';
import { closeEmptiedVisits } from './close.ts';

export const visitSubscriptions = [
  on(equipmentInspected, async (trx, ctx, e) => {
    await closeEmptiedVisits(trx, ctx, e.equipment.company_id);
  }),
  on(equipmentMaintained, async (trx, ctx, e) => {
    await closeEmptiedVisits(trx, ctx, e.maintenance.companyId);
  }),
];
