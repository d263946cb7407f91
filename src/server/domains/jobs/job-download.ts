/**
 * The seed's download calls (a GET that answers a file) when the file is made by a job: the
 * operation's handler starts the job and answers `{ jobId }`; a binding declared `download: 'job'`
 * then waits for it and streams its file; with `Prefer: respond-async` it answers 202 + `Location`
 * of the job at once (also when the wait runs out), so a client that cannot hold a request that
 * long follows the job instead. QR labels, per-record documents and report exports share this.
 *
 *   rest: { method: 'get', path: '/web/…/pdf', download: 'job', ...JOB_DOWNLOAD_DOCS, produces: 'application/pdf' }
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
 * The answer of a `download: 'job'` binding once its handler started the job (its errors answer
 * as usual): the file when the job completes within `waitMs`; a failed job is 409 JOB_FAILED.
 */
export async function answerJobDownload(
  c: Context<AppEnv>,
  jobId: string,
  waitMs = JOB_DOWNLOAD_WAIT_MS,
): Promise<Response> {
  if (/\brespond-async\b/i.test(c.req.header('Prefer') ?? '')) return acceptedJob(c, jobId);
  const job = await waitForJob(jobId, waitMs, c.req.raw.signal);
  if (job.state === 'failed') throw new AppError('JOB_FAILED');
  if (job.state !== 'completed') return acceptedJob(c, jobId);
  return fileResponse(c, await openJobResult(jobId));
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
