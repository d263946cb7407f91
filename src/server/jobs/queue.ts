import { Queue } from 'bullmq';
import type { z } from 'zod';
import { config } from '../config.ts';
import { coreDb } from '../db/database.ts';
import { bullConnection } from '../redis.ts';
import type { JobDefinition, JobOwner, JobPayload } from './define.ts';

export type { JobOwner, JobPayload } from './define.ts';

/** Finished BullMQ jobs are trimmed; the job center reads core.jobs, not Redis. */
export const REMOVE_ON_COMPLETE = { age: 24 * 3600, count: 1000 };
export const REMOVE_ON_FAIL = { age: 7 * 24 * 3600 };

const queues = new Map<string, Queue<JobPayload>>();

/** The BullMQ queue `name` under the install's prefix (one connection per queue, opened lazily). */
export function queueFor(name: string): Queue<JobPayload> {
  let q = queues.get(name);
  if (!q) {
    q = new Queue<JobPayload>(name, {
      connection: bullConnection(),
      prefix: config().REDIS_PREFIX,
      defaultJobOptions: { removeOnComplete: REMOVE_ON_COMPLETE, removeOnFail: REMOVE_ON_FAIL },
    });
    queues.set(name, q);
  }
  return q;
}

/** Closes every queue this process opened. */
export async function closeQueue(): Promise<void> {
  const open = [...queues.values()];
  queues.clear();
  await Promise.all(open.map((q) => q.close()));
}

/**
 * Writes a queued job's row in core.jobs (no result yet) and answers its id; nothing is put on a
 * queue. `params` are stored as given (as JSON).
 */
export async function insertJobRow(type: string, params: unknown, owner: JobOwner): Promise<string> {
  const row = await coreDb()
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

/**
 * Records the job in core.jobs and puts it on its definition's queue with the definition's retry
 * policy; answers the job id at once. Params are parsed first: bad params throw the ZodError
 * (a 400 `VALIDATION_FAILED` if it reaches a caller) and nothing is written or queued.
 * The row id is the BullMQ job id, so adding the same row twice is a no-op.
 */
export async function enqueue<S extends JobDefinition['params']>(
  def: JobDefinition<S>,
  params: NoInfer<z.input<S>>,
  owner: JobOwner,
): Promise<string> {
  const parsed = def.params.parse(params);
  const jobId = await insertJobRow(def.type, parsed, owner);
  const payload: JobPayload = {
    jobId,
    type: def.type,
    params: parsed,
    companyGroupId: owner.companyGroupId,
    companyId: owner.companyId ?? null,
    requestedBy: owner.requestedBy ?? null,
  };
  await queueFor(def.queue).add(def.type, payload, {
    jobId,
    attempts: def.attempts,
    backoff: def.backoff,
  });
  return jobId;
}
