import { defineDomain } from '../../kit/domain.ts';

import { accountOperations } from './operations.ts';

export const accountDomain = defineDomain({
  tag: 'Logged user, registration and password reset',
  operations: accountOperations,
});
