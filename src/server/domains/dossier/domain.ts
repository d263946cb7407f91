import { defineDomain } from '../../kit/domain.ts';
import { dossierJobs } from './jobs.ts';
import { dossierOperations } from './operations.ts';

export const dossierDomain = defineDomain({
  tag: 'Dossier',
  operations: dossierOperations,
  jobs: dossierJobs,
});
