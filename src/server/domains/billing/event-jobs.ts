/**
 * The billing worker jobs of issue 17 (billing-integration):
 *
 * - `billing-event`: processes one stored webhook event (`core.billing_events`, by its dedup key):
 *   re-reads the bill or subscription from the provider and applies it (`event-processing.ts`).
 *   A system job: no `core.jobs` row and no owner (the job center lists what users asked for;
 *   these are the provider's), so it is put on the queue the way the kit's schedulers put their runs
 *   (`jobId: null` in the payload) with the BullMQ job id = the dedup key, so BullMQ dedups too.
 * - `billing-event-sweep` (every minute): enqueues the events a Redis outage left unprocessed.
 * - `billing-reconcile` (BILLING_RECONCILE_CRON in APP_TIME_ZONE): re-reads every open subscription
 *   and unfinished bill from the provider and recomputes the payment status of overdue groups
 *   (`reconcile.ts`).
 *
 * The processing modules are imported inside `process` (the server that enqueues never loads them).
 */
import { z } from 'zod';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { defineJob, type JobDefinition, type JobPayload, type JobSchedule } from '../../jobs/define.ts';
import { ENQUEUE_TIMEOUT_MS, queueFor } from '../../jobs/queue.ts';
import { log } from '../../logger.ts';
import './event-tables.ts';

/** Webhook events and their sweep share a queue; reconciliation (long, rate-limited) has its own. */
export const BILLING_EVENTS_QUEUE = 'billing';
export const BILLING_RECONCILE_QUEUE = 'billing-reconcile';

const dedupKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 hex key');

export const billingEventJob = defineJob({
  type: 'billing-event',
  params: z.object({ key: dedupKeySchema }),
  queue: BILLING_EVENTS_QUEUE,
  // The provider may be away for a while: 6 tries over ~5 minutes, then the nightly reconciliation.
  attempts: 6,
  backoff: { type: 'exponential', delay: 5000 },
  concurrency: 4,
  async process({ params, job }) {
    const { processBillingEvent } = await import('./event-processing.ts');
    return { summary: await processBillingEvent(params.key, { finalAttempt: job.attemptsMade + 1 >= 6 }) };
  },
});

/** An unprocessed event younger than this may still be on its way to the queue: left alone. */
export const SWEEP_MIN_AGE_MS = 30_000;
const SWEEP_BATCH = 200;
const SWEEP_MAX = 2000;

export const billingEventSweepJob = defineJob({
  type: 'billing-event-sweep',
  params: z.object({}),
  queue: BILLING_EVENTS_QUEUE,
  attempts: 1,
  cron: { every: 60_000 },
  async process() {
    const requeued = await sweepUnqueuedEvents();
    return { summary: { requeued } };
  },
});

/** The reconciliation's schedule, read when the worker registers it (not at import). */
export function reconcileSchedule(): JobSchedule {
  return { pattern: config().BILLING_RECONCILE_CRON, tz: config().APP_TIME_ZONE };
}

const reconcileDefinition = defineJob({
  type: 'billing-reconcile',
  params: z.object({}),
  queue: BILLING_RECONCILE_QUEUE,
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
  concurrency: 1,
  async process({ progress }) {
    const { reconcileBilling } = await import('./reconcile.ts');
    return { summary: { ...(await reconcileBilling({ progress })) } };
  },
});
/** `cron` is a getter: the environment is read when the worker starts, not when this module loads. */
export const billingReconcileJob: typeof reconcileDefinition = Object.defineProperty(
  reconcileDefinition,
  'cron',
  {
    get: reconcileSchedule,
    enumerable: true,
  },
);

/** Registered with the billing domain (src/server/domains/billing/domain.ts). */
export const billingIntegrationJobs: readonly JobDefinition[] = [
  billingEventJob,
  billingEventSweepJob,
  billingReconcileJob,
];

/**
 * Puts a stored event's processing on the queue (job id = its dedup key: adding it twice is one
 * job). Answers false, without throwing, when Redis does not take it within ENQUEUE_TIMEOUT_MS; the
 * sweep enqueues it later.
 */
export async function enqueueBillingEvent(key: string): Promise<boolean> {
  const def = billingEventJob;
  const payload: JobPayload = {
    jobId: null,
    type: def.type,
    params: def.params.parse({ key }),
    companyGroupId: null,
    companyId: null,
    requestedBy: null,
  };
  const adding = queueFor(def.queue)
    .add(def.type, payload, { jobId: key, attempts: def.attempts, backoff: def.backoff })
    .then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ENQUEUE_TIMEOUT_MS);
    timer.unref();
  });
  try {
    const added = await Promise.race([adding, timeout]);
    if (!added) log.warn('billing event left for the sweep: redis did not answer', { key });
    return added;
  } catch (err) {
    log.warn('billing event left for the sweep: redis unavailable', { key, error: (err as Error).message });
    return false;
  } finally {
    clearTimeout(timer);
    adding.catch(() => undefined);
  }
}

/**
 * Unprocessed events older than SWEEP_MIN_AGE_MS that no BullMQ job stands for go (back) on the
 * queue. An event whose job failed for good stays as it is (its `last_error` says why; the nightly
 * reconciliation re-reads its bill or subscription anyway). Keyset over (received_at, id).
 */
export async function sweepUnqueuedEvents(opts: { minAgeMs?: number } = {}): Promise<number> {
  const before = new Date(Date.now() - (opts.minAgeMs ?? SWEEP_MIN_AGE_MS));
  const queue = queueFor(billingEventJob.queue);
  let requeued = 0;
  let after: { at: Date; id: number } | null = null;
  for (let seen = 0; seen < SWEEP_MAX; ) {
    let q = coreDb()
      .selectFrom('billing_events')
      .select(['id', 'dedup_key', 'received_at'])
      .where('processed_at', 'is', null)
      .where('received_at', '<', before);
    if (after) {
      const a = after;
      q = q.where((eb) =>
        eb.or([eb('received_at', '>', a.at), eb.and([eb('received_at', '=', a.at), eb('id', '>', a.id)])]),
      );
    }
    const rows = await q.orderBy('received_at').orderBy('id').limit(SWEEP_BATCH).execute();
    for (const row of rows) {
      if (await queue.getJob(row.dedup_key)) continue;
      if (!(await enqueueBillingEvent(row.dedup_key))) return requeued; // Redis away: next run
      requeued++;
    }
    seen += rows.length;
    if (rows.length < SWEEP_BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { at: last.received_at, id: last.id };
  }
  if (requeued) log.info('billing events requeued', { count: requeued });
  return requeued;
}
