import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { log } from '../../logger.ts';
import { prunePageViews } from './service.ts';

/** Retention of the raw page views: once a day, one worker (a job scheduler). Not retried. */
export const pageViewRetentionJob = defineJob({
  type: 'page-view-retention',
  params: z.object({}),
  queue: 'maintenance',
  attempts: 1,
  concurrency: 1,
  cron: '40 4 * * *',
  async process() {
    const removed = await prunePageViews();
    if (removed > 0) log.info('old page views removed', { count: removed });
    return { summary: { removed } };
  },
});

export const analyticsJobs = [pageViewRetentionJob];
