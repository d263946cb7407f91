/**
 * How the seed's download calls answer a job they started (QR labels, report exports): the file
 * itself once the job is done, or — with `Prefer: respond-async`, or after `waitMs` — 202 with the
 * job's Location (GET /web/jobs/{id}: state, progress, signed download link).
 */
import type { Context } from 'hono';
import { AppError } from '../../errors.ts';
import { fileResponse } from './files.ts';
import { openJobResult, waitForJob } from './service.ts';

/** 202 + Location of the job. */
export function jobAccepted(c: Context, jobId: string): Response {
  const location = `/web/jobs/${jobId}`;
  c.header('Location', location);
  c.header('Preference-Applied', 'respond-async');
  return c.json({ data: { jobId, location } }, 202);
}

export function prefersAsync(c: Context): boolean {
  return /\brespond-async\b/i.test(c.req.header('Prefer') ?? '');
}

/** The job's file when it finishes within `waitMs` (a failed job: 409 JOB_FAILED), else 202. */
export async function respondWithJobFile(c: Context, jobId: string, waitMs: number): Promise<Response> {
  if (prefersAsync(c)) return jobAccepted(c, jobId);
  const job = await waitForJob(jobId, waitMs, c.req.raw.signal);
  if (job.state === 'failed') throw new AppError('JOB_FAILED');
  if (job.state !== 'completed') return jobAccepted(c, jobId);
  return fileResponse(c, await openJobResult(jobId));
}

/** The OpenAPI notes of such a call. */
export const PREFER_HEADER = {
  name: 'Prefer',
  description: '`respond-async`: answer 202 with the job’s Location at once instead of waiting',
};
export const ACCEPTED_ANSWER = { 202: 'The job runs on: follow `Location` (GET /web/jobs/{id})' };
