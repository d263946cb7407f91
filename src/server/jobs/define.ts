/**
 * Typed background jobs. A domain declares each job once, next to its service:
 *
 *   export const qrPdfJob = defineJob({
 *     type: 'qr-pdf',
 *     params: qrBatchParamsSchema,          // zod; parsed at enqueue AND in the worker
 *     queue: 'qr', attempts: 3, concurrency: 2,
 *     process: async ({ params, meta, progress }) => {
 *       const { renderPdfLabels } = await import('../../../render/pdf-labels.ts'); // lazy
 *       …
 *       return { file: { key, name, contentType, size } };
 *     },
 *   });
 *
 * The service enqueues it with `enqueue(qrPdfJob, params, owner)` (`jobs/queue.ts`), params typed by
 * the schema; the worker (`jobs/registry.ts` lists every domain's definitions) parses the payload
 * with the same schema before running `process`. A definition with `cron` is run by a BullMQ job
 * scheduler registered at worker start (one per job type, however many workers run).
 */
import type { BackoffOptions, Job } from 'bullmq';
import type { z } from 'zod';
import { describeIssue } from '../../shared/field-messages.ts';
import { today } from '../db/days.ts';

/** The queue of definitions that name none. */
export const DEFAULT_QUEUE = 'jobs';
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF: BackoffOptions = { type: 'exponential', delay: 2000 };

/** What goes on the BullMQ queue. */
export interface JobPayload {
  /** id of the row in core.jobs (also the BullMQ job id); null for runs of a job scheduler (no row) */
  jobId: string | null;
  type: string;
  params: unknown;
  companyGroupId: number | null;
  companyId: number | null;
  requestedBy: number | null;
}

/** Who a job belongs to (the job center's scope) and who asked for it. */
export interface JobOwner {
  companyGroupId: number | null;
  companyId?: number | null;
  requestedBy?: number | null;
}

export interface JobMeta {
  /** the core.jobs row id; for scheduled runs the BullMQ job id (`repeat:<type>:<millis>`) */
  jobId: string;
  /** false for runs of a job scheduler, which have no core.jobs row */
  hasRow: boolean;
  companyGroupId: number | null;
  companyId: number | null;
  requestedBy: number | null;
}

/** What `process` gets: parsed params, the payload's meta, the BullMQ job and progress reporting. */
export interface JobContext<P> {
  params: P;
  meta: JobMeta;
  job: Job<JobPayload>;
  /** 0–100; written to BullMQ and (throttled) to core.jobs. */
  progress(percent: number): Promise<void>;
}

/** A stored result file, referenced by key; never the file contents (DESIGN §7). */
export interface JobResult {
  file?: { key: string; name: string; contentType: string; size: number };
  /** small JSON summary kept on the job row */
  summary?: Record<string, unknown>;
}

/**
 * When a scheduled job runs: a cron pattern (5 or 6 fields, UTC unless `tz`), or a fixed interval
 * in milliseconds.
 */
export type JobSchedule = string | { pattern: string; tz?: string } | { every: number };
/** A schedule, or a function giving it when the worker registers it (one read from the config). */
export type JobScheduleSource = JobSchedule | (() => JobSchedule);

type ParamsSchema = z.ZodType<Record<string, unknown>>;

export interface JobDefinition<S extends ParamsSchema = ParamsSchema> {
  readonly type: string;
  /** Params schema. JSON in, JSON out (no transforms): its output is stored and parsed again by the worker. */
  readonly params: S;
  readonly queue: string;
  /** BullMQ attempts (first run included), set on each job at enqueue */
  readonly attempts: number;
  readonly backoff: BackoffOptions;
  /** jobs of this queue one worker process runs at once (definitions sharing a queue must agree) */
  readonly concurrency?: number;
  /** run by a job scheduler (params `{}` unless `scheduleParams`) instead of, or as well as, on demand */
  readonly cron?: JobScheduleSource;
  readonly scheduleParams?: z.input<S>;
  process(ctx: JobContext<z.output<S>>): Promise<JobResult | undefined>;
}

export interface DefineJobInput<S extends ParamsSchema> {
  type: string;
  params: S;
  queue?: string;
  attempts?: number;
  backoff?: BackoffOptions;
  concurrency?: number;
  cron?: JobScheduleSource;
  scheduleParams?: z.input<S>;
  process(ctx: JobContext<z.output<S>>): Promise<JobResult | undefined>;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;

function positiveInt(n: number | undefined): boolean {
  return n === undefined || (Number.isInteger(n) && n >= 1);
}

export function defineJob<S extends ParamsSchema>(input: DefineJobInput<S>): JobDefinition<S> {
  const queue = input.queue ?? DEFAULT_QUEUE;
  // The type is stored in core.jobs.type and shown/filtered by the job center (max 40).
  if (!NAME.test(input.type)) throw new Error(`job type "${input.type}": lowercase letters, digits, -`);
  if (!NAME.test(queue)) throw new Error(`job ${input.type}: bad queue name "${queue}"`);
  if (!positiveInt(input.attempts) || !positiveInt(input.concurrency))
    throw new Error(`job ${input.type}: attempts and concurrency must be positive integers`);
  return {
    ...input,
    queue,
    attempts: input.attempts ?? DEFAULT_ATTEMPTS,
    backoff: input.backoff ?? DEFAULT_BACKOFF,
  };
}

/** The schedule a definition runs on: the override, else its own `cron` (resolved now), else none. */
export function scheduleOf(
  def: JobDefinition,
  overrides: Record<string, JobSchedule> = {},
): JobSchedule | undefined {
  const s = overrides[def.type] ?? def.cron;
  return typeof s === 'function' ? s() : s;
}

/**
 * A scheduled run's day (APP_TIME_ZONE) from its BullMQ job id (`repeat:<type>:<millis>`): the
 * tick's day, even on a late retry; undefined for a run enqueued by hand (it takes today or its
 * `day`). The daily sweeps (digest, cycle_due webhooks, visit generation) pin their day with it.
 */
export function tickDay(jobId: string): string | undefined {
  const m = /^repeat:[^:]+:(\d+)$/.exec(jobId);
  return m ? today(new Date(Number(m[1]))) : undefined;
}

export interface QueueSpec {
  name: string;
  /** from the definitions on the queue; undefined when none sets it */
  concurrency: number | undefined;
  definitions: JobDefinition[];
}

/** Every job the worker runs, by type and by queue. */
export interface JobRegistry {
  readonly types: readonly string[];
  get(type: string): JobDefinition | undefined;
  readonly queues: readonly QueueSpec[];
}

/** Builds the registry from each domain's list; refuses duplicate types and disagreeing queues. */
export function createRegistry(domains: readonly (readonly JobDefinition[])[]): JobRegistry {
  const byType = new Map<string, JobDefinition>();
  const queues = new Map<string, QueueSpec>();
  for (const def of domains.flat()) {
    if (byType.has(def.type)) throw new Error(`job type "${def.type}" is defined twice`);
    byType.set(def.type, def);
    let q = queues.get(def.queue);
    if (!q) {
      q = { name: def.queue, concurrency: undefined, definitions: [] };
      queues.set(def.queue, q);
    }
    if (def.concurrency !== undefined) {
      if (q.concurrency !== undefined && q.concurrency !== def.concurrency)
        throw new Error(
          `queue "${def.queue}": job ${def.type} wants concurrency ${def.concurrency}, another job ${q.concurrency}`,
        );
      q.concurrency = def.concurrency;
    }
    q.definitions.push(def);
  }
  return {
    types: [...byType.keys()],
    get: (type) => byType.get(type),
    queues: [...queues.values()],
  };
}

/** `path: message; …` of a zod error, so a failed job names the bad field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(params)'}: ${describeIssue(i).message}`)
    .join('; ');
}
