/**
 * The outbox sweep (issue 18 item 4), run by the worker every minute (`webhook-sweep`):
 * - deliveries still PENDING well after their next attempt was due — their enqueue met a Redis
 *   outage, a crash came between the commit and the enqueue, or Redis lost its queue — are put on
 *   the queue again (the job id makes this a no-op for a job still waiting or retrying; a finished
 *   job of the same id is replaced);
 * - the delivery log keeps WEBHOOKS_LOG_RETENTION_DAYS days: older finished rows are deleted.
 * Every company group's schema is visited; each step is idempotent, so several workers may sweep.
 */
import { config } from '../../config.ts';
import { coreDb, tenantDb, tenantSchemaName } from '../../db/database.ts';
import { queueFor } from '../../jobs/queue.ts';
import { log } from '../../logger.ts';
import { deliveryJobId, enqueueDeliveries, type QueuedDelivery, WEBHOOK_QUEUE } from './delivery-queue.ts';

/** A PENDING row due longer ago than this is taken as left behind. */
export const SWEEP_MIN_AGE_MS = 120_000;
const BATCH = 500;
const DELETE_BATCH = 5000;

export interface SweepReport {
  requeued: number;
  deleted: number;
}

/** Puts the deliveries a schema left behind back on the queue; answers how many. */
async function requeueSchema(schema: string, before: Date): Promise<number> {
  const stuck = await tenantDb(schema)
    .selectFrom('webhook_deliveries')
    .select(['id', 'round', 'company_id'])
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<', before)
    .orderBy('next_attempt_at')
    .limit(BATCH)
    .execute();
  const queue = queueFor(WEBHOOK_QUEUE);
  const missing: QueuedDelivery[] = [];
  for (const r of stuck) {
    const d = { schema, deliveryId: r.id, round: r.round, companyId: r.company_id };
    const job = await queue.getJob(deliveryJobId(d));
    if (job) {
      const state = await job.getState();
      if (state !== 'completed' && state !== 'failed') continue; // waiting, delayed or running
      await job.remove();
    }
    missing.push(d);
  }
  if (missing.length && !(await enqueueDeliveries(missing))) return 0;
  return missing.length;
}

/** Deletes a schema's finished deliveries older than the retention. */
async function pruneSchema(schema: string, before: Date): Promise<number> {
  const db = tenantDb(schema);
  const r = await db
    .deleteFrom('webhook_deliveries')
    .where(
      'id',
      'in',
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('created_at', '<', before)
        .where('status', '<>', 'PENDING')
        .limit(DELETE_BATCH),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function sweepWebhookDeliveries(
  opts: { minAgeMs?: number; now?: Date; schemas?: string[] } = {},
): Promise<SweepReport> {
  const now = opts.now ?? new Date();
  const dueBefore = new Date(now.getTime() - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS));
  const keepAfter = new Date(now.getTime() - config().WEBHOOKS_LOG_RETENTION_DAYS * 86_400_000);
  const schemas =
    opts.schemas ??
    (await coreDb().selectFrom('company_groups').select('schema_name').orderBy('id').execute()).map((g) =>
      tenantSchemaName(g.schema_name),
    );
  const report: SweepReport = { requeued: 0, deleted: 0 };
  for (const schema of schemas) {
    try {
      report.requeued += await requeueSchema(schema, dueBefore);
      report.deleted += await pruneSchema(schema, keepAfter);
    } catch (e) {
      // A schema being created (not migrated yet) or a transient fault: the next sweep tries again.
      log.warn('webhook sweep skipped a schema', { schema, error: (e as Error).message });
    }
  }
  if (report.requeued || report.deleted) log.info('webhook sweep', { ...report });
  return report;
}
