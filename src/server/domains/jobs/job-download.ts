/**
 * The seed's download calls (a GET that answers a file) when the file is made by a job: start the
 * job, wait for it and stream its file; with `Prefer: respond-async` answer 202 + `Location` of the
 * job at once (also when the wait runs out), so a client that cannot hold a request that long
 * follows the job instead. QR labels, per-record documents and report exports share this.
 *
 *   rest: { method: 'get', path: '/web/…/pdf', raw: jobDownload((c, ctx) => startIt(ctx, …)),
 *           ...JOB_DOWNLOAD_DOCS, produces: 'application/pdf' }
 */
import type { Context } from 'hono';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../rest.ts';
import { fileResponse } from './files.ts';
import { openJobResult, waitForJob } from './service.ts';

/** How long a download call waits for its job before answering 202. */
export const JOB_DOWNLOAD_WAIT_MS = 120_000;

/** 202 with the job's Location (GET /web/jobs/{id}) and its id. */
export function acceptedJob(c: Context, jobId: string): Response {
  const location = `/web/jobs/${jobId}`;
  c.header('Location', location);
  c.header('Preference-Applied', 'respond-async');
  return c.json({ data: { jobId, location } }, 202);
}

/**
 * A raw REST handler: `start` checks the call and enqueues (its errors answer as usual), then the
 * file is streamed when the job completes within `waitMs`; a failed job is 409 JOB_FAILED.
 */
export function jobDownload<C>(
  start: (c: Context<AppEnv>, ctx: C) => Promise<{ jobId: string }>,
  waitMs = JOB_DOWNLOAD_WAIT_MS,
) {
  return async (c: Context<AppEnv>, ctx: C): Promise<Response> => {
    const { jobId } = await start(c, ctx);
    if (/\brespond-async\b/i.test(c.req.header('Prefer') ?? '')) return acceptedJob(c, jobId);
    const job = await waitForJob(jobId, waitMs, c.req.raw.signal);
    if (job.state === 'failed') throw new AppError('JOB_FAILED');
    if (job.state !== 'completed') return acceptedJob(c, jobId);
    return fileResponse(c, await openJobResult(jobId));
  };
}

/** What such a binding reads and answers besides the file, for the OpenAPI document. */
export const JOB_DOWNLOAD_DOCS = {
  headers: [
    {
      name: 'Prefer',
      description: '`respond-async`: answer 202 with the job’s Location at once instead of waiting',
    },
  ],
  responses: { 202: 'The job runs on: follow `Location` (GET /web/jobs/{id})' },
};
