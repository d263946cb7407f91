import { defineDomain } from '../../kit/domain.ts';
import { documentJobs } from './jobs.ts';
import { documentsOperations } from './operations.ts';

export const documentsDomain = defineDomain({
  tag: 'Documents',
  operations: documentsOperations,
  jobs: documentJobs,
});
