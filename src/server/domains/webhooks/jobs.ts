/**
 * The webhooks queue's jobs (issue 18 item 4): one attempt of a delivery round (its retries are
 * BullMQ's, with the attempts and backoff set when it is added: delivery-queue.ts), and the
 * minute's outbox sweep. Deliveries are quick HTTP calls bounded by WEBHOOKS_TIMEOUT_MS, so the
 * queue runs several at once.
 */
import { z } from 'zod';
import { defineJob, tickDay } from '../../jobs/define.ts';
import { attemptDelivery, RetryDeliveryError } from './deliver.ts';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_QUEUE } from './delivery-queue.ts';
import { sweepWebhookDeliveries } from './sweep.ts';
import { dueDigestParamsSchema } from '../../../shared/notifications/schemas.ts';
import { config } from '../../config.ts';
import { runCycleDueSweep } from './cycle-due.ts';

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

/**
 * The daily `equipment.cycle_due` announcement (issue 30 item 2, cycle-due.ts): on the digest's
 * queue and schedule (DUE_DIGEST_CRON); each (equipment, cycle, due date, status) is announced
 * once, so a retry or a second run of the day sends only what is missing. `day` pins the day.
 */
export const cycleDueJob = defineJob({
  type: 'webhook-cycle-due',
  params: dueDigestParamsSchema,
  queue: 'notifications',
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
  concurrency: 1,
  cron: () => ({ pattern: config().DUE_DIGEST_CRON, tz: config().APP_TIME_ZONE }),
  async process({ params, meta }) {
    const report = await runCycleDueSweep({ ...params, day: params.day ?? tickDay(meta.jobId) });
    return { summary: { ...report } };
  },
});

export const webhookJobs = [webhookDeliveryJob, webhookSweepJob, cycleDueJob];
