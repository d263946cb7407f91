import { defineDomain } from '../../kit/domain.ts';
import { seedCatalogue } from './seed.ts';
import { catalogueOperations } from './operations.ts';

export const catalogueDomain = defineDomain({
  tag: 'Catalogue',
  operations: catalogueOperations,
  seed: seedCatalogue,
});
