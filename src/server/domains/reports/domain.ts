import { defineDomain } from '../../kit/domain.ts';
import { reportJobs } from './jobs.ts';
import { reportsOperations } from './operations.ts';

export const reportsDomain = defineDomain({
  tag: 'Reports',
  operations: reportsOperations,
  jobs: reportJobs,
});
