import { defineDomain } from '../../kit/domain.ts';
import { analyticsJobs } from './jobs.ts';
import { analyticsOperations } from './operations.ts';

export const analyticsDomain = defineDomain({
  tag: 'Analytics',
  operations: analyticsOperations,
  jobs: analyticsJobs,
});
