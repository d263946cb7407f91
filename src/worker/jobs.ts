import { jobCenterJobs } from '../server/domains/jobs/jobs.ts';
import { qrJobs } from '../server/domains/qr/jobs.ts';
import { createRegistry } from '../server/jobs/define.ts';

/** Every job the worker runs: one line per domain (its `jobs.ts` lists its definitions). */
// biome-ignore format: one registration line per domain
export const jobRegistry = createRegistry([
  jobCenterJobs,
  qrJobs,
]);
