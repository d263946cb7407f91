import { defineDomain } from '../../kit/domain.ts';
import { cycleOperations } from './cycle-operations.ts';
import { catalogueOperations } from './operations.ts';
import { seedCatalogue } from './seed.ts';

export const catalogueDomain = defineDomain({
  tag: 'Catalogue',
  operations: { ...catalogueOperations, cycles: cycleOperations },
  seed: seedCatalogue,
});
