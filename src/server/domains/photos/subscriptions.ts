import { equipmentRecordsListed, type RecordsAttachments } from '../equipment/index.ts';
import { on } from '../../kit/events.ts';
import { photosOfRecords } from './reads.ts';

/** The history's page of records gets their photos (one query for the page). */
export const photoSubscriptions = [
  on(
    equipmentRecordsListed,
    async (_db, ctx, e): Promise<RecordsAttachments> => ({
      photos: await photosOfRecords(ctx, e.kind, e.ids),
    }),
  ),
];
