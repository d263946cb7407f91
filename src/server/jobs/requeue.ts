import { coreDb } from '../db/database.ts';
import { log } from '../logger.ts';
import type { JobPayload, JobRegistry } from './define.ts';
import { addToQueue, queueFor } from './queue.ts';

/** A row younger than this may still be on its way to Redis (enqueue in progress): left alone. */
export const REQUEUE_MIN_AGE_MS = 30_000;
const BATCH = 200;

export interface RequeueReport {
  /** rows put (back) on their queue */
  requeued: number;
  /** rows whose BullMQ job had already failed for good: marked failed */
  failed: number;
}

/**
 * Finds `queued`/`active` rows of core.jobs that no BullMQ job stands for — the enqueue met a Redis
 * outage, or a Redis restart without persistence lost the queue — and puts them on their queue
 * again. Idempotent: the BullMQ job id is the row id, so a row already on a queue (waiting,
 * delayed for a retry, running) is left alone, and two workers sweeping at once add it once.
 */
export async function requeueStuckJobs(
  registry: JobRegistry,
  opts: { minAgeMs?: number; now?: Date } = {},
): Promise<RequeueReport> {
  const before = new Date((opts.now ?? new Date()).getTime() - (opts.minAgeMs ?? REQUEUE_MIN_AGE_MS));
  const report: RequeueReport = { requeued: 0, failed: 0 };
  // Keyset on the id: the order does not matter, only that each stuck row is seen once.
  let after: string | null = null;
  for (;;) {
    let q = coreDb()
      .selectFrom('jobs')
      .select(['id', 'type', 'params', 'state', 'company_group_id', 'company_id', 'requested_by'])
      .where('state', 'in', ['queued', 'active'])
      .where('created_at', '<', before);
    if (after) q = q.where('id', '>', after);
    const rows = await q.orderBy('id').limit(BATCH).execute();
    for (const row of rows) {
      const def = registry.get(row.type);
      if (!def) continue; // another release's job type: not ours to judge
      const existing = await queueFor(def.queue).getJob(row.id);
      if (existing) {
        if ((await existing.getState()) === 'failed' && existing.finishedOn) {
          // The final failure happened but was not recorded (Postgres was away at that moment).
          await coreDb()
            .updateTable('jobs')
            .set({
              state: 'failed',
              error: (existing.failedReason ?? 'failed').slice(0, 2000),
              finished_at: new Date(),
            })
            .where('id', '=', row.id)
            .where('state', 'in', ['queued', 'active'])
            .execute();
          report.failed++;
        }
        continue;
      }
      const payload: JobPayload & { jobId: string } = {
        jobId: row.id,
        type: row.type,
        params: typeof row.params === 'string' ? JSON.parse(row.params) : (row.params ?? {}),
        companyGroupId: row.company_group_id,
        companyId: row.company_id,
        requestedBy: row.requested_by,
      };
      if (!(await addToQueue(def, payload))) return report; // Redis still away: next tick
      await coreDb().updateTable('jobs').set({ state: 'queued' }).where('id', '=', row.id).execute();
      report.requeued++;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  if (report.requeued || report.failed) log.info('requeue sweep', { ...report });
  return report;
}
