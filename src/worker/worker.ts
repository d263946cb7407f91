import { type Job, Worker } from 'bullmq';
import { config } from '../server/config.ts';
import { coreDb } from '../server/db/database.ts';
import { JOBS_QUEUE, type JobPayload } from '../server/jobs/queue.ts';
import { log } from '../server/logger.ts';
import { createRedis } from '../server/redis.ts';
import { processors as defaultProcessors } from './processors/index.ts';
import type { Processor } from './processors/types.ts';

/** How long finished results stay downloadable before the retention sweep removes them. */
export const RESULT_RETENTION_HOURS = 72;

async function markActive(job: Job<JobPayload>): Promise<void> {
  await coreDb()
    .updateTable('jobs')
    .set({ state: 'active', started_at: new Date(), attempts: job.attemptsMade + 1, error: null })
    .where('id', '=', job.data.jobId)
    .execute();
}

async function run(job: Job<JobPayload>, table: Record<string, Processor>) {
  const processor = table[job.data.type];
  if (!processor) throw new Error(`no processor for job type ${job.data.type}`);
  await markActive(job);
  let last = -1;
  let lastWrite = 0;
  const progress = async (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.round(percent)));
    if (p === last) return;
    last = p;
    await job.updateProgress(p);
    // Throttle database writes: at most ~4 per second, but always the final 100.
    const now = Date.now();
    if (p === 100 || now - lastWrite > 250) {
      lastWrite = now;
      await coreDb().updateTable('jobs').set({ progress: p }).where('id', '=', job.data.jobId).execute();
    }
  };
  const result = (await processor({ payload: job.data, job, progress })) ?? {};
  await coreDb()
    .updateTable('jobs')
    .set({
      state: 'completed',
      progress: 100,
      finished_at: new Date(),
      result_key: result.file?.key ?? null,
      result_name: result.file?.name ?? null,
      result_content_type: result.file?.contentType ?? null,
      result_size: result.file?.size ?? null,
      result: result.summary ? JSON.stringify(result.summary) : null,
      expires_at: new Date(Date.now() + RESULT_RETENTION_HOURS * 3_600_000),
    })
    .where('id', '=', job.data.jobId)
    .execute();
  return { ok: true };
}

export interface RunningWorker {
  worker: Worker<JobPayload>;
  close(): Promise<void>;
}

/** Starts a BullMQ worker over the jobs queue. Tests pass their own processor table. */
export function startWorker(opts: { processors?: Record<string, Processor>; concurrency?: number } = {}): RunningWorker {
  const table = opts.processors ?? defaultProcessors;
  const worker = new Worker<JobPayload>(JOBS_QUEUE, (job) => run(job, table), {
    connection: createRedis({ blocking: true }),
    prefix: config().REDIS_PREFIX,
    concurrency: opts.concurrency ?? config().WORKER_CONCURRENCY,
    lockDuration: 60_000,
    stalledInterval: 30_000,
    maxStalledCount: 2,
  });
  worker.on('failed', async (job, err) => {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    log.warn('job failed', { id: job.data.jobId, type: job.data.type, attempt: job.attemptsMade, final, error: err.message });
    await coreDb()
      .updateTable('jobs')
      .set(final ? { state: 'failed', error: err.message.slice(0, 2000), finished_at: new Date() } : { state: 'queued', error: err.message.slice(0, 2000) })
      .where('id', '=', job.data.jobId)
      .execute()
      .catch(() => {});
  });
  worker.on('error', (err) => log.error('worker error', { error: err.message }));
  return {
    worker,
    close: async () => {
      // Give the current jobs a deadline to finish; after it, close hard so their locks
      // expire and another worker picks them up (processors are idempotent).
      const deadline = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000).unref());
      const res = await Promise.race([worker.close().then(() => 'closed' as const), deadline]);
      if (res === 'timeout') await worker.close(true);
    },
  };
}
