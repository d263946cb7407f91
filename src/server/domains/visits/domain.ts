import { defineDomain } from '../../kit/domain.ts';
import { visitJobs } from './jobs.ts';
import { visitPlansOperations, visitsOperations } from './operations.ts';
import { seedVisits } from './seed.ts';
import { visitSubscriptions } from './subscriptions.ts';

export const visitsDomain = defineDomain({
  tag: 'Visits',
  operations: { plans: visitPlansOperations, ...visitsOperations },
  jobs: visitJobs,
  seed: seedVisits,
  subscribes: visitSubscriptions,
});
