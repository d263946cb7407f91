import { defineDomain } from '../../kit/domain.ts';
import { billingOperations } from './operations.ts';
import { seedBilling } from './seed.ts';

export const billingDomain = defineDomain({
  tag: 'Billing',
  operations: billingOperations,
  seed: seedBilling,
});
