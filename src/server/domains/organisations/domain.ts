import { defineDomain } from '../../kit/domain.ts';

import { organisationsJobs } from './jobs.ts';
import { organisationsOperations } from './operations.ts';

export const organisationsDomain = defineDomain({
  tag: 'Organisations',
  operations: organisationsOperations,
  jobs: organisationsJobs,
});
