import { defineDomain } from '../../kit/domain.ts';
import type { SeedContext } from '../../seed/context.ts';
import { equipmentJobs } from './cycle-refresh.ts';
import { equipmentOperations } from './operations.ts';
import { seedEquipment } from './seed.ts';
import { seedEquipmentCycles } from './seed-cycles.ts';
import { equipmentSubscriptions } from './subscriptions.ts';

export const equipmentDomain = defineDomain({
  tag: 'Equipment',
  operations: equipmentOperations,
  jobs: equipmentJobs,
  seed: async (ctx: SeedContext) => {
    await seedEquipment(ctx);
    await seedEquipmentCycles(ctx);
  },
  subscribes: equipmentSubscriptions,
});
