import { defineDomain } from '../../kit/domain.ts';
import { billingOperations } from './operations.ts';

export const billingDomain = defineDomain({
  tag: 'Billing',
  operations: billingOperations,
});
