import { hostname } from 'node:os';
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import { z } from 'zod';
import { config } from '../server/config.ts';
import { coreDb } from '../server/db/database.ts';
import {
  describeIssues,
  type JobMeta,
  type JobPayload,
  type JobRegistry,
  type JobSchedule,
  scheduleOf,
} from '../server/jobs/define.ts';
import { acquireTenantSlot } from '../server/jobs/fairness.ts';
import { queueFor, REMOVE_ON_COMPLETE, REMOVE_ON_FAIL } from '../server/jobs/queue.ts';
import { requeueStuckJobs } from '../server/jobs/requeue.ts';
import { log } from '../server/logger.ts';
import { bullConnection, closeBullConnection, queuePrefix, watchRedis } from '../server/redis.ts';
import { jobRegistry } from '../server/jobs/registry.ts';

/** How long finished results stay downloadable before the retention sweep removes them. */
export const RESULT_RETENTION_HOURS = 72;
/** Concurrency of a queue whose definitions set none (and WORKER_CONCURRENCY is unset). */
export const DEFAULT_CONCURRENCY = 2;
/** How long `close()` lets running jobs finish before closing hard. */
const CLOSE_DEADLINE_MS = 20_000;

/** The envelope every job carries; its params are checked by the job's own schema. */
const payloadSchema = z.object({
  jobId: z.uuid().nullable(),
  type: z.string(),
  params: z.unknown(),
  companyGroupId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  requestedBy: z.number().int().nullable(),
});

/** The payload's row id, if it has one (scheduled runs have none; a garbled payload neither). */
function rowId(job: Job<JobPayload>): string | null {
  const id = (job.data as Partial<JobPayload> | undefined)?.jobId;
  return typeof id === 'string' && z.uuid().safeParse(id).success ? id : null;
}

/**
 * Checks the payload before anything else: unknown type or params that do not fit the definition's
 * schema fail the job at once (UnrecoverableError: no retry, the row is marked failed).
 */
function parsePayload(job: Job<JobPayload>, registry: JobRegistry) {
  const envelope = payloadSchema.safeParse(job.data);
  if (!envelope.success)
    throw new UnrecoverableError(`invalid job payload: ${describeIssues(envelope.error)}`);
  const data = envelope.data;
  const def = registry.get(data.type);
  if (!def) throw new UnrecoverableError(`unknown job type "${data.type}"`);
  const params = def.params.safeParse(data.params ?? {});
  if (!params.success)
    throw new UnrecoverableError(`invalid ${def.type} parameters: ${describeIssues(params.error)}`);
  const meta: JobMeta = {
    jobId: data.jobId ?? String(job.id),
    hasRow: data.jobId !== null,
    companyGroupId: data.companyGroupId,
    companyId: data.companyId,
    requestedBy: data.requestedBy,
  };
  return { def, params: params.data, meta };
}

/** How long a job handed back for its tenant's fair share waits before it is tried again (plus jitter). */
const HANDBACK_MS = 300;

async function run(job: Job<JobPayload>, registry: JobRegistry, token?: string) {
  const { def, params, meta } = parsePayload(job, registry);
  // Fair share (server/jobs/fairness.ts): a tenant already running its share on this queue hands
  // the job back, delayed a moment with its priority kept, and the slot goes to another tenant.
  const slot =
    meta.companyGroupId !== null && meta.hasRow
      ? await acquireTenantSlot(job.queueName, meta.companyGroupId, String(job.id))
      : undefined;
  if (slot === null) {
    await job.moveToDelayed(Date.now() + HANDBACK_MS + Math.floor(Math.random() * HANDBACK_MS), token);
    throw new DelayedError();
  }
  try {
    return await runHeld(job, def, params, meta);
  } finally {
    await slot?.release();
  }
}

async function runHeld(
  job: Job<JobPayload>,
  def: ReturnType<typeof parsePayload>['def'],
  params: ReturnType<typeof parsePayload>['params'],
  meta: JobMeta,
) {
  const id = meta.hasRow ? meta.jobId : null;
  if (id)
    await coreDb()
      .updateTable('jobs')
      .set({ state: 'active', started_at: new Date(), attempts: attemptNumber(job), error: null })
      .where('id', '=', id)
      .execute();
  let last = -1;
  let lastWrite = 0;
  const progress = async (percent: number) => {
    const p = Math.max(0, Math.min(100, Math.round(percent)));
    if (p === last) return;
    last = p;
    await job.updateProgress(p);
    // Throttle database writes: at most ~4 per second, but always the final 100.
    const now = Date.now();
    if (id && (p === 100 || now - lastWrite > 250)) {
      lastWrite = now;
      await coreDb().updateTable('jobs').set({ progress: p }).where('id', '=', id).execute();
    }
  };
  const result = (await def.process({ params, meta, job, progress })) ?? {};
  if (id)
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
      .where('id', '=', id)
      .execute();
  // Only a small summary goes back to Redis, never file contents.
  return result.summary ?? { ok: true };
}

/**
 * The number of the attempt that is starting: BullMQ's failed attempts (`attemptsMade`) plus the
 * runs a killed worker left stalled (`stalledCounter`: a stalled job goes back to the queue without
 * counting as a failed attempt, so the retry after a SIGKILL recorded attempt 1 again, issue 26
 * item 20) plus this one. A tenant's fair-share hand-back (`moveToDelayed`) counts in neither.
 */
export function attemptNumber(job: Pick<Job, 'attemptsMade' | 'stalledCounter'>): number {
  return job.attemptsMade + (job.stalledCounter ?? 0) + 1;
}

async function recordFailure(job: Job<JobPayload>, err: Error): Promise<void> {
  const final =
    job.attemptsMade >= (job.opts.attempts ?? 1) ||
    err instanceof UnrecoverableError ||
    err.name === 'UnrecoverableError';
  log.warn('job failed', {
    id: job.id,
    type: job.name,
    queue: job.queueName,
    attempt: job.attemptsMade,
    final,
    error: err.message,
  });
  const id = rowId(job);
  if (!id) return;
  const error = err.message.slice(0, 2000);
  await coreDb()
    .updateTable('jobs')
    .set(
      final
        ? { state: 'failed', error, attempts: attemptNumber(job) - 1, finished_at: new Date() }
        : { state: 'queued', error },
    )
    .where('id', '=', id)
    .execute()
    .catch((e: Error) => log.warn('could not record job failure', { id, error: e.message }));
}

function repeatOptions(schedule: JobSchedule) {
  if (typeof schedule === 'string') return { pattern: schedule, tz: 'UTC' };
  if ('every' in schedule) return { every: schedule.every };
  return { pattern: schedule.pattern, tz: schedule.tz ?? 'UTC' };
}

/**
 * One job scheduler per definition with `cron`, id = job type, on the definition's queue.
 * `upsertJobScheduler` is idempotent by id, so every worker may call it at start and the job
 * still runs once per tick. Schedulers of a queue that no definition on it wants any more are removed.
 */
export async function registerSchedulers(
  registry: JobRegistry,
  overrides: Record<string, JobSchedule> = {},
): Promise<void> {
  for (const spec of registry.queues) {
    const q = queueFor(spec.name);
    const scheduled = spec.definitions.filter((d) => scheduleOf(d, overrides) !== undefined);
    for (const def of scheduled) {
      const payload: JobPayload = {
        jobId: null,
        type: def.type,
        params: def.params.parse(def.scheduleParams ?? {}),
        companyGroupId: null,
        companyId: null,
        requestedBy: null,
      };
      await q.upsertJobScheduler(def.type, repeatOptions(scheduleOf(def, overrides)!), {
        name: def.type,
        data: payload,
        opts: {
          attempts: def.attempts,
          backoff: def.backoff,
          removeOnComplete: REMOVE_ON_COMPLETE,
          removeOnFail: REMOVE_ON_FAIL,
        },
      });
    }
    const wanted = new Set(scheduled.map((d) => d.type));
    for (const s of await q.getJobSchedulers()) {
      // A scheduler another worker removes while this one lists them comes back as a hole.
      if (s && !wanted.has(s.key)) await q.removeJobScheduler(s.key);
    }
  }
}

export interface StartWorkerOptions {
  /** The jobs to run (default: every domain's, `src/server/jobs/registry.ts`). */
  registry?: JobRegistry;
  /** Overrides the concurrency of every queue (tests; WORKER_CONCURRENCY does the same in production). */
  concurrency?: number;
  /** Replaces the schedule of these job types (tests: a short `{ every }`). */
  schedules?: Record<string, JobSchedule>;
  /** Requeue sweep period and the age a row must reach before the sweep touches it (tests). */
  sweep?: { everyMs?: number; minAgeMs?: number };
}

export interface RunningWorker {
  /** one BullMQ Worker per queue */
  workers: Worker<JobPayload>[];
  /** settles when the job schedulers are registered (a failure is logged, and rejects this) */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Concurrency of one queue: the override, else its definitions', else the default. */
function concurrencyOf(queueConcurrency: number | undefined, override: number | undefined): number {
  return override ?? config().WORKER_CONCURRENCY ?? queueConcurrency ?? DEFAULT_CONCURRENCY;
}

/** Starts one BullMQ worker per queue of the registry and registers the job schedulers. */
export function startWorker(opts: StartWorkerOptions = {}): RunningWorker {
  const registry = opts.registry ?? jobRegistry();
  const lockDuration = config().WORKER_LOCK_MS;
  // On a Redis Cluster these are clients BullMQ leaves open (closed after the workers).
  const connections: ReturnType<typeof bullConnection>[] = [];
  const workers = registry.queues.map((spec) => {
    const connection = bullConnection();
    connections.push(connection);
    const worker = new Worker<JobPayload>(spec.name, (job, token) => run(job, registry, token), {
      connection,
      prefix: queuePrefix(spec.name),
      // Recorded on each job it takes (`processedBy`, shown in Bull Board): which process ran it.
      name: `${hostname()}:${process.pid}`,
      concurrency: concurrencyOf(spec.concurrency, opts.concurrency),
      lockDuration,
      // A killed worker's job is found stalled after at most lock + interval, then retried.
      stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)),
      maxStalledCount: 2,
    });
    worker.on('failed', (job, err) => {
      if (job) void recordFailure(job, err);
    });
    // An outage is logged when it starts and when it ends, not at every reconnect attempt.
    watchRedis(worker, `worker ${spec.name}`, (err) =>
      log.error('worker error', { queue: spec.name, error: err.message }),
    );
    return worker;
  });
  const ready = registerSchedulers(registry, opts.schedules);
  ready.catch((e: Error) => log.error('job schedulers not registered', { error: e.message }));
  const sweeper = startSweeper(registry, opts);
  return {
    workers,
    ready,
    close: async () => {
      await sweeper.stop();
      // Give the current jobs a deadline to finish; after it, close hard so their locks
      // expire and another worker picks them up (processors are idempotent).
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), CLOSE_DEADLINE_MS);
        timer.unref();
      });
      const closed = ready
        .catch(() => {})
        .then(() => Promise.all(workers.map((w) => w.close())))
        .then(() => 'closed' as const);
      const res = await Promise.race([closed, deadline]);
      clearTimeout(timer);
      if (res === 'timeout') await Promise.all(workers.map((w) => w.close(true)));
      await Promise.all(connections.map(closeBullConnection));
    },
  };
}

/**
 * Every `everyMs`: puts back on their queue the job rows a Redis outage left off it, and registers
 * the job schedulers again if Redis lost them (a restart without persistence). Runs in every
 * worker; both steps are idempotent. A tick that meets an outage logs one line and waits for the next.
 */
function startSweeper(registry: JobRegistry, opts: StartWorkerOptions) {
  let running: Promise<void> = Promise.resolve();
  const wanted = registry.queues.map((spec) => ({
    name: spec.name,
    count: spec.definitions.filter((d) => scheduleOf(d, opts.schedules) !== undefined).length,
  }));
  let failing = false;
  const tick = async () => {
    try {
      for (const q of wanted) {
        if (q.count > 0 && (await queueFor(q.name).getJobSchedulersCount()) < q.count) {
          log.info('job schedulers missing: registering them again', { queue: q.name });
          await registerSchedulers(registry, opts.schedules);
          break;
        }
      }
      await requeueStuckJobs(registry, { minAgeMs: opts.sweep?.minAgeMs ?? config().JOB_REQUEUE_MIN_AGE_MS });
      if (failing) log.info('requeue sweep resumed', {});
      failing = false;
    } catch (e) {
      // Once per outage, not once per tick.
      if (!failing) log.warn('requeue sweep skipped', { error: (e as Error).message });
      failing = true;
    }
  };
  let busy = false;
  // A tick waiting on an absent Redis is not joined by more: the next one starts after it ends.
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = tick().finally(() => {
      busy = false;
    });
  }, opts.sweep?.everyMs ?? config().JOB_SWEEP_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
