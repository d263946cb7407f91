import { defineDomain } from '../../kit/domain.ts';

import { cepOperations } from './operations.ts';

export const cepDomain = defineDomain({
  tag: 'CEP',
  operations: cepOperations,
});
