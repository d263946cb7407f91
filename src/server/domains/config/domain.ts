import { defineDomain } from '../../kit/domain.ts';

import { configOperations } from './operations.ts';

export const configDomain = defineDomain({
  tag: 'System configuration',
  operations: configOperations,
});
