/**
 * What the equipment domain does when a lower domain writes (kit/events.ts), in that transaction:
 * a product's edit moves its equipment's stored dates and search text; a tag replacement refreshes
 * the moved equipment's search text (the serial is part of it) and writes its TAG_REPLACED snapshot.
 */
import { on } from '../../kit/events.ts';
import { cyclesChanged, productUpdated } from '../catalogue/index.ts';
import { refreshOrQueue } from './cycle-refresh.ts';
import { tagReplaced } from '../tags/index.ts';
import { writeEquipmentSnapshot } from './register.ts';
import { refreshEquipmentSearch, syncProductEquipment } from './search.ts';

export const equipmentSubscriptions = [
  on(productUpdated, (trx, _ctx, { productId }) => syncProductEquipment(trx, productId)),
  // A type's or product's cycle list was replaced (issue 30): its equipment's cycles and due dates,
  // at once when few, else by the `cycle-refresh` job (answered to the save).
  on(cyclesChanged, (trx, ctx, owner) => refreshOrQueue(trx, ctx, owner)),
  on(tagReplaced, async (trx, ctx, e) => {
    await refreshEquipmentSearch(trx, { equipmentId: e.equipmentId });
    await writeEquipmentSnapshot(ctx, trx, 'TAG_REPLACED', {
      equipmentId: e.equipmentId,
      tagSerial: e.tagSerialNumber,
      ...e.equipment,
    });
  }),
];
