import { defineDomain } from '../../kit/domain.ts';
import { equipmentOperations } from './operations.ts';
import { seedEquipment } from './seed.ts';
import { equipmentSubscriptions } from './subscriptions.ts';

export const equipmentDomain = defineDomain({
  tag: 'Equipment',
  operations: equipmentOperations,
  seed: seedEquipment,
  subscribes: equipmentSubscriptions,
});
