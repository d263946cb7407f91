import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { log } from '../../logger.ts';
import { sweepExpiredResults } from './service.ts';

/**
 * A job that proves the pipeline end to end (enqueue → worker → progress → completed): used by
 * health checks and the worker's integration tests. `steps` progress updates, then done; `fail`
 * makes every attempt throw that message (to exercise retries).
 */
export const diagnosticJob = defineJob({
  type: 'diagnostic',
  params: z.object({
    steps: z.number().int().min(1).max(20).default(4),
    echo: z.string().max(200).nullable().default(null),
    fail: z.string().max(200).optional(),
  }),
  async process({ params, progress }) {
    if (params.fail) throw new Error(params.fail);
    for (let i = 1; i <= params.steps; i++) await progress(Math.round((i / params.steps) * 100));
    return { summary: { steps: params.steps, echo: params.echo } };
  },
});

/**
 * Retention: every quarter of an hour one worker (a job scheduler, so once however many workers
 * run) deletes the result files past `expires_at`. Not retried: the next run picks up what is left.
 */
export const resultSweepJob = defineJob({
  type: 'result-sweep',
  params: z.object({}),
  queue: 'maintenance',
  attempts: 1,
  concurrency: 1,
  cron: '*/15 * * * *',
  async process() {
    const removed = await sweepExpiredResults();
    if (removed > 0) log.info('expired job results removed', { count: removed });
    return { summary: { removed } };
  },
});

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const jobCenterJobs = [diagnosticJob, resultSweepJob];
