import { defineDomain } from '../../kit/domain.ts';
import { serviceOrderJobs } from './jobs.ts';
import { serviceOrdersOperations } from './operations.ts';
import { seedServiceOrders } from './seed.ts';
import { serviceOrderSubscriptions } from './subscriptions.ts';

export const serviceOrdersDomain = defineDomain({
  tag: 'Service orders',
  operations: serviceOrdersOperations,
  jobs: serviceOrderJobs,
  seed: seedServiceOrders,
  subscribes: serviceOrderSubscriptions,
});
