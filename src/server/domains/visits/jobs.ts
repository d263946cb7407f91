import { visitGenerationParamsSchema } from '../../../shared/visits/schemas.ts';
import { config } from '../../config.ts';
import { defineJob, tickDay } from '../../jobs/define.ts';
import { runVisitGeneration } from './generation-run.ts';

/**
 * The daily generation of visits (issue 30 item 3): a BullMQ job scheduler (02:15 in
 * APP_TIME_ZONE, before anyone opens the calendar) runs it once a day however many workers run.
 * Per company group one short transaction and one INSERT … ON CONFLICT DO NOTHING
 * (`generate.ts`), so a retry, a second run or two workers at once add nothing twice.
 */
export const visitGenerationJob = defineJob({
  type: 'visit-generation',
  params: visitGenerationParamsSchema,
  // the platform's periodic sweeps' queue: one at a time, out of the way of users' downloads
  queue: 'maintenance',
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
  concurrency: 1,
  cron: () => ({ pattern: '15 2 * * *', tz: config().APP_TIME_ZONE }),
  async process({ params, meta, progress }) {
    const summary = await runVisitGeneration(
      { ...params, day: params.day ?? tickDay(meta.jobId) },
      `visit-generation ${meta.jobId}`,
      progress,
    );
    return { summary: { ...summary } };
  },
});

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const visitJobs = [visitGenerationJob];
