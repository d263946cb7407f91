import { Queue } from 'bullmq';
import { config } from '../config.ts';
import { coreDb } from '../db/database.ts';
import { bullConnection } from '../redis.ts';

/** One queue for all job types; the worker dispatches on `type` through its processor table. */
export const JOBS_QUEUE = 'jobs';

export interface JobPayload {
  /** id of the row in core.jobs (also the BullMQ job id, so enqueueing twice is a no-op) */
  jobId: string;
  type: string;
  params: Record<string, unknown>;
  companyGroupId: number | null;
  companyId: number | null;
  requestedBy: number | null;
}

let queue: Queue<JobPayload> | undefined;

export function jobsQueue(): Queue<JobPayload> {
  queue ??= new Queue<JobPayload>(JOBS_QUEUE, {
    connection: bullConnection(),
    prefix: config().REDIS_PREFIX,
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  });
  return queue;
}

export async function closeQueue(): Promise<void> {
  const q = queue;
  queue = undefined;
  if (q) await q.close();
}

export interface EnqueueInput {
  type: string;
  params?: Record<string, unknown>;
  companyGroupId: number | null;
  companyId?: number | null;
  requestedBy?: number | null;
}

/** Records the job in core.jobs and puts it on the queue; answers the job id at once. */
export async function enqueueJob(input: EnqueueInput): Promise<string> {
  const row = await coreDb()
    .insertInto('jobs')
    .values({
      type: input.type,
      params: JSON.stringify(input.params ?? {}),
      company_group_id: input.companyGroupId,
      company_id: input.companyId ?? null,
      requested_by: input.requestedBy ?? null,
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
  const payload: JobPayload = {
    jobId: row.id,
    type: input.type,
    params: input.params ?? {},
    companyGroupId: input.companyGroupId,
    companyId: input.companyId ?? null,
    requestedBy: input.requestedBy ?? null,
  };
  await jobsQueue().add(input.type, payload, { jobId: row.id });
  return row.id;
}
