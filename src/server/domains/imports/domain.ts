import { defineDomain } from '../../kit/domain.ts';
import { importsOperations } from './operations.ts';
import { importRunJob } from './run-job.ts';
import { importTemplateJob } from './templates.ts';

export const importsDomain = defineDomain({
  tag: 'Imports',
  operations: importsOperations,
  jobs: [importRunJob, importTemplateJob],
});
