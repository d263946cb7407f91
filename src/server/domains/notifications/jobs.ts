import { dueDigestParamsSchema } from '../../../shared/notifications/schemas.ts';
import { config } from '../../config.ts';
import { defineJob, tickDay } from '../../jobs/define.ts';
import { runDueDigest } from './digest.ts';

/**
 * The daily due-date digest (issue 18 item 2): a BullMQ job scheduler (DUE_DIGEST_CRON in
 * APP_TIME_ZONE, default 07:00) runs it once a day however many workers run; each
 * (recipient, company, day) is mailed once (digest.ts), so a retry, a restart or a second run of
 * the day sends only what is missing. `day` pins the day (tests, re-sending a missed day).
 */
export const dueDigestJob = defineJob({
  type: 'due-digest',
  params: dueDigestParamsSchema,
  queue: 'notifications',
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
  concurrency: 1,
  cron: () => ({ pattern: config().DUE_DIGEST_CRON, tz: config().APP_TIME_ZONE }),
  async process({ params, meta, progress }) {
    const summary = await runDueDigest({ ...params, day: params.day ?? tickDay(meta.jobId) }, progress);
    return { summary: { ...summary } };
  },
});

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const notificationJobs = [dueDigestJob];
