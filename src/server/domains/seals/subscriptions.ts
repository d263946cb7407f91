import { equipmentRecordsListed, type RecordsAttachments } from '../equipment/index.ts';
import { on } from '../../kit/events.ts';
import { sealsOfRecords } from './reads.ts';

/** The history's page of records gets their seal codes (one query for the page). */
export const sealSubscriptions = [
  on(
    equipmentRecordsListed,
    async (db, _ctx, e): Promise<RecordsAttachments> => ({ seals: await sealsOfRecords(db, e.kind, e.ids) }),
  ),
];
