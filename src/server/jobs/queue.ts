import { Queue } from 'bullmq';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import { coreDb } from '../db/database.ts';
import type { CoreDatabase } from '../db/schema.ts';
import { priorityFor } from './fairness.ts';
import { log } from '../logger.ts';
import { bullConnection, closeBullConnection, queuePrefix, watchRedis } from '../redis.ts';
import type { JobDefinition, JobOwner, JobPayload } from './define.ts';

export type { JobOwner, JobPayload } from './define.ts';

/** Finished BullMQ jobs are trimmed; the job center reads core.jobs, not Redis. */
export const REMOVE_ON_COMPLETE = { age: 24 * 3600, count: 1000 };
export const REMOVE_ON_FAIL = { age: 7 * 24 * 3600 };

const queues = new Map<string, { queue: Queue<JobPayload>; connection: ReturnType<typeof bullConnection> }>();

/** The BullMQ queue `name` under the install's prefix (one connection per queue, opened lazily). */
export function queueFor(name: string): Queue<JobPayload> {
  let q = queues.get(name);
  if (!q) {
    const connection = bullConnection();
    const queue = new Queue<JobPayload>(name, {
      connection,
      prefix: queuePrefix(name),
      defaultJobOptions: { removeOnComplete: REMOVE_ON_COMPLETE, removeOnFail: REMOVE_ON_FAIL },
    });
    watchRedis(queue, `queue ${name}`);
    q = { queue, connection };
    queues.set(name, q);
  }
  return q.queue;
}

/** Closes every queue this process opened. */
export async function closeQueue(): Promise<void> {
  const open = [...queues.values()];
  queues.clear();
  await Promise.all(open.map((q) => q.queue.close().finally(() => closeBullConnection(q.connection))));
}

/**
 * Writes a queued job's row in core.jobs (no result yet) and answers its id; nothing is put on a
 * queue. `params` are stored as given (as JSON).
 */
export async function insertJobRow(
  type: string,
  params: unknown,
  owner: JobOwner,
  db: Kysely<CoreDatabase> = coreDb(),
): Promise<string> {
  const row = await db
    .insertInto('jobs')
    .values({
      type,
      params: JSON.stringify(params),
      company_group_id: owner.companyGroupId,
      company_id: owner.companyId ?? null,
      requested_by: owner.requestedBy ?? null,
      result_key: null,
      result_name: null,
      result_content_type: null,
      result_size: null,
      result: null,
      error: null,
      started_at: null,
      finished_at: null,
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How long `enqueue` waits for Redis to take a job before leaving it to the requeue sweep. */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Puts a job row's payload on its queue. The row id is the BullMQ job id, so adding the same row
 * twice is a no-op (the requeue sweep relies on it). Answers false, without throwing, when Redis
 * does not take it within ENQUEUE_TIMEOUT_MS (the add goes on in the background and the sweep
 * retries it as well).
 */
export async function addToQueue(
  def: Pick<JobDefinition, 'type' | 'queue' | 'attempts' | 'backoff'>,
  payload: JobPayload & { jobId: string },
): Promise<boolean> {
  // Fair share: a tenant with less unfinished work goes first (jobs/fairness.ts).
  const priority = await priorityFor(payload.companyGroupId, payload.jobId);
  const adding = queueFor(def.queue)
    .add(def.type, payload, { jobId: payload.jobId, attempts: def.attempts, backoff: def.backoff, priority })
    .then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ENQUEUE_TIMEOUT_MS);
    timer.unref();
  });
  try {
    const added = await Promise.race([adding, timeout]);
    if (!added) log.warn('job left queued: redis did not answer', { id: payload.jobId, type: def.type });
    return added;
  } catch (err) {
    log.warn('job left queued: redis unavailable', {
      id: payload.jobId,
      type: def.type,
      error: (err as Error).message,
    });
    return false;
  } finally {
    clearTimeout(timer);
    adding.catch(() => undefined);
  }
}

/**
 * Records the job in core.jobs and puts it on its definition's queue with the definition's retry
 * policy; answers the job id at once. Params are parsed first: bad params throw the ZodError
 * (a 400 `VALIDATION_FAILED` if it reaches a caller) and nothing is written or queued.
 * When Redis is down the row stays `queued` and the worker's requeue sweep puts it on the queue
 * once Redis is back: the caller still gets its id, and nothing is lost.
 */
export async function enqueue<S extends JobDefinition['params']>(
  def: JobDefinition<S>,
  params: NoInfer<z.input<S>>,
  owner: JobOwner,
): Promise<string> {
  const parsed = def.params.parse(params);
  const jobId = await insertJobRow(def.type, parsed, owner);
  await queueJobRow(def, jobId, parsed, owner);
  return jobId;
}

/** Puts an already written job row on its queue (the caller wrote it, e.g. inside its own transaction). */
export async function queueJobRow<S extends JobDefinition['params']>(
  def: JobDefinition<S>,
  jobId: string,
  params: z.output<S>,
  owner: JobOwner,
): Promise<void> {
  const payload: JobPayload = {
    jobId,
    type: def.type,
    params,
    companyGroupId: owner.companyGroupId,
    companyId: owner.companyId ?? null,
    requestedBy: owner.requestedBy ?? null,
  };
  await addToQueue(def, { ...payload, jobId });
}
