import { defineDomain } from '../../kit/domain.ts';

import { authOperations } from './operations.ts';

export const authDomain = defineDomain({
  tag: 'Authentication',
  operations: authOperations,
});
