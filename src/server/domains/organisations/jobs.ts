import { defineJob } from '../../jobs/define.ts';
import { config } from '../../config.ts';
import { exportGroup, groupExportParamsSchema } from './group-export.ts';
import { z } from 'zod';

/**
 * `group-export` (issue 33 item 6): the ZIP of everything a company group holds (group-export.ts).
 * Its own queue, one at a time per worker process: an export reads a whole group in one long
 * transaction; a retry writes the file again.
 */
export const groupExportJob = defineJob({
  type: 'group-export',
  params: groupExportParamsSchema,
  queue: 'group-export',
  attempts: 2,
  concurrency: 1,
  process: (ctx) => exportGroup(ctx),
});

/**
 * `group-purge-sweep`: once an hour (GROUP_PURGE_CRON) one worker purges the groups past their
 * grace period (group-purge.ts); a purge cut short resumes on the next run. Not retried.
 */
export const groupPurgeSweepJob = defineJob({
  type: 'group-purge-sweep',
  params: z.object({}),
  queue: 'maintenance',
  attempts: 1,
  concurrency: 1,
  cron: () => ({ pattern: config().GROUP_PURGE_CRON }),
  async process() {
    // Loaded here: the server never needs the purge.
    const { purgeDueGroups } = await import('./group-purge.ts');
    const purged = await purgeDueGroups();
    return { summary: { purged: purged.map((p) => p.groupId) } };
  },
});

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const organisationsJobs = [groupExportJob, groupPurgeSweepJob];
