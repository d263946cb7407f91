import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { config } from '../server/config.ts';
import { coreDb } from '../server/db/database.ts';
import { sweepExpiredResults } from '../server/domains/jobs/service.ts';
import { JOBS_QUEUE, type JobPayload } from '../server/jobs/queue.ts';
import { log } from '../server/logger.ts';
import { bullConnection } from '../server/redis.ts';
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
/** How often each worker deletes expired result files (idempotent, so several workers may). */
export const RETENTION_SWEEP_MS = 15 * 60_000;

export function startWorker(
  opts: { processors?: Record<string, Processor>; concurrency?: number; retentionSweepMs?: number } = {},
): RunningWorker {
  const table = opts.processors ?? defaultProcessors;
  const lockDuration = config().WORKER_LOCK_MS;
  const worker = new Worker<JobPayload>(JOBS_QUEUE, (job) => run(job, table), {
    connection: bullConnection(),
    prefix: config().REDIS_PREFIX,
    concurrency: opts.concurrency ?? config().WORKER_CONCURRENCY,
    lockDuration,
    // A killed worker's job is found stalled after at most lock + interval, then retried.
    stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)),
    maxStalledCount: 2,
  });
  worker.on('failed', async (job, err) => {
    if (!job) return;
    const final =
      job.attemptsMade >= (job.opts.attempts ?? 1) ||
      err instanceof UnrecoverableError ||
      err.name === 'UnrecoverableError';
    log.warn('job failed', {
      id: job.data.jobId,
      type: job.data.type,
      attempt: job.attemptsMade,
      final,
      error: err.message,
    });
    await coreDb()
      .updateTable('jobs')
      .set(
        final
          ? { state: 'failed', error: err.message.slice(0, 2000), finished_at: new Date() }
          : { state: 'queued', error: err.message.slice(0, 2000) },
      )
      .where('id', '=', job.data.jobId)
      .execute()
      .catch(() => {});
  });
  worker.on('error', (err) => log.error('worker error', { error: err.message }));
  const sweep = () =>
    sweepExpiredResults()
      .then((n) => n > 0 && log.info('expired job results removed', { count: n }))
      .catch((e: Error) => log.warn('retention sweep failed', { error: e.message }));
  void sweep();
  const sweeper = setInterval(sweep, opts.retentionSweepMs ?? RETENTION_SWEEP_MS);
  sweeper.unref();
  return {
    worker,
    close: async () => {
      clearInterval(sweeper);
      // Give the current jobs a deadline to finish; after it, close hard so their locks
      // expire and another worker picks them up (processors are idempotent).
      const deadline = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000).unref());
      const res = await Promise.race([worker.close().then(() => 'closed' as const), deadline]);
      if (res === 'timeout') await worker.close(true);
    },
  };
}
