import { defineDomain } from '../../kit/domain.ts';
import { auditJobs } from './jobs.ts';
import { auditOperations } from './operations.ts';

export const auditDomain = defineDomain({ tag: 'Audit', operations: auditOperations, jobs: auditJobs });
