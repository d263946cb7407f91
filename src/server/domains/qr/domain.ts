import { defineDomain } from '../../kit/domain.ts';
import { qrJobs } from './jobs.ts';
import { qrOperations } from './operations.ts';

export const qrDomain = defineDomain({
  tag: 'QR codes',
  operations: qrOperations,
  jobs: qrJobs,
});
