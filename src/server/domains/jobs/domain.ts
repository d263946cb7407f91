import { defineDomain } from '../../kit/domain.ts';
import { jobCenterJobs } from './jobs.ts';
import { jobsOperations } from './operations.ts';

export const jobsDomain = defineDomain({
  tag: 'Jobs',
  operations: jobsOperations,
  jobs: jobCenterJobs,
});
