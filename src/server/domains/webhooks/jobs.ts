/**
 * The webhooks queue's jobs (issue 18 item 4): one attempt of a delivery round (its retries are
 * BullMQ's, with the attempts and backoff set when it is added: delivery-queue.ts), and the
 * minute's outbox sweep. Deliveries are quick HTTP calls bounded by WEBHOOKS_TIMEOUT_MS, so the
 * queue runs several at once.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import { attemptDelivery, RetryDeliveryError } from './deliver.ts';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_QUEUE } from './delivery-queue.ts';
import { sweepWebhookDeliveries } from './sweep.ts';

export const webhookDeliveryParamsSchema = z.object({
  schema: z.string().regex(/^cg_[a-z][a-z0-9_]{0,61}$/),
  deliveryId: z.number().int().positive(),
  round: z.number().int().min(0),
});

export const webhookDeliveryJob = defineJob({
  type: WEBHOOK_DELIVERY_JOB,
  params: webhookDeliveryParamsSchema,
  queue: WEBHOOK_QUEUE,
  concurrency: 8,
  process: async ({ params, job }) => {
    const backoff = job.opts.backoff;
    const delay = typeof backoff === 'number' ? backoff : (backoff?.delay ?? 0);
    const outcome = await attemptDelivery(params, {
      attemptsMade: job.attemptsMade,
      attempts: job.opts.attempts ?? 1,
      backoffDelay: delay,
    });
    // BullMQ retries a job that throws: the row already says why and when.
    if (outcome === 'retrying') throw new RetryDeliveryError(`delivery ${params.deliveryId}: attempt failed`);
    return { summary: { outcome } };
  },
});

/** How often the outbox sweep runs (one scheduler however many workers). */
export const WEBHOOK_SWEEP_EVERY_MS = 60_000;

export const webhookSweepJob = defineJob({
  type: 'webhook-sweep',
  params: z.object({}),
  queue: WEBHOOK_QUEUE,
  attempts: 1,
  cron: { every: WEBHOOK_SWEEP_EVERY_MS },
  process: async () => ({ summary: { ...(await sweepWebhookDeliveries()) } }),
});

export const webhookJobs = [webhookDeliveryJob, webhookSweepJob];
