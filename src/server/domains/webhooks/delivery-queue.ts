/**
 * Putting deliveries on the `webhooks` queue. Each round of a delivery is one BullMQ job (id
 * `wh-<schema>-<delivery>-<round>`, so adding it twice — the after-commit enqueue and the sweep —
 * is one job) whose retries are BullMQ's: WEBHOOKS_ATTEMPTS attempts with an exponential backoff
 * whose first delay is chosen so that the retries span WEBHOOKS_RETRY_SPAN_MS (24 h by default:
 * 12 attempts, 42 s doubling up to 12 h). The attempts and backoff are set on the job when it is
 * added, so the enqueuing process's configuration decides them.
 */
import type { BackoffOptions } from 'bullmq';
import { config } from '../../config.ts';
import type { JobPayload } from '../../jobs/define.ts';
import { queueFor } from '../../jobs/queue.ts';
import { log } from '../../logger.ts';

export const WEBHOOK_QUEUE = 'webhooks';
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** How long an enqueue waits for Redis before leaving the rows to the sweep. */
const ENQUEUE_TIMEOUT_MS = 2000;

export interface RetryPolicy {
  attempts: number;
  backoff: BackoffOptions & { type: 'exponential'; delay: number };
}

/**
 * `attempts` attempts whose exponential waits (delay, 2·delay, 4·delay…) add up to `spanMs`:
 * delay = span / (2^(attempts−1) − 1).
 */
export function retryPolicy(
  attempts = config().WEBHOOKS_ATTEMPTS,
  spanMs = config().WEBHOOKS_RETRY_SPAN_MS,
): RetryPolicy {
  const waits = 2 ** (attempts - 1) - 1;
  return {
    attempts,
    backoff: { type: 'exponential', delay: Math.max(1, Math.round(waits > 0 ? spanMs / waits : spanMs)) },
  };
}

/** The wait after the `failures`-th failed attempt (BullMQ's exponential formula, no jitter). */
export function backoffAfter(failures: number, delay: number): number {
  return Math.round(2 ** (failures - 1) * delay);
}

export interface QueuedDelivery {
  schema: string;
  deliveryId: number;
  round: number;
  companyId: number;
}

export const deliveryJobId = (d: Pick<QueuedDelivery, 'schema' | 'deliveryId' | 'round'>) =>
  `wh-${d.schema}-${d.deliveryId}-${d.round}`;

function payloadOf(d: QueuedDelivery): JobPayload {
  return {
    // No core.jobs row: the delivery row is the record (the job center does not list deliveries).
    jobId: null,
    type: WEBHOOK_DELIVERY_JOB,
    params: { schema: d.schema, deliveryId: d.deliveryId, round: d.round },
    companyGroupId: null,
    companyId: d.companyId,
    requestedBy: null,
  };
}

/**
 * Adds the deliveries' jobs; answers false (after logging) when Redis did not take them within
 * ENQUEUE_TIMEOUT_MS — their rows stay PENDING and the sweep adds them later.
 */
export async function enqueueDeliveries(items: readonly QueuedDelivery[]): Promise<boolean> {
  if (items.length === 0) return true;
  const policy = retryPolicy();
  const adding = queueFor(WEBHOOK_QUEUE)
    .addBulk(
      items.map((d) => ({
        name: WEBHOOK_DELIVERY_JOB,
        data: payloadOf(d),
        opts: { jobId: deliveryJobId(d), attempts: policy.attempts, backoff: policy.backoff },
      })),
    )
    .then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((r) => {
    timer = setTimeout(() => r(false), ENQUEUE_TIMEOUT_MS);
    timer.unref();
  });
  try {
    const added = await Promise.race([adding, timeout]);
    if (!added) log.warn('webhook deliveries left to the sweep: redis did not answer', { n: items.length });
    return added;
  } catch (err) {
    log.warn('webhook deliveries left to the sweep: redis unavailable', {
      n: items.length,
      error: (err as Error).message,
    });
    return false;
  } finally {
    clearTimeout(timer);
    adding.catch(() => undefined);
  }
}
