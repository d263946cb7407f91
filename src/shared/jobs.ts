import { z } from 'zod';
import { listSchema } from './list.ts';

/** Background jobs (DESIGN §4): states, types and the job center's list input. */
export const JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

/** Newest first unless the caller sorts otherwise. */
export const jobListInputSchema = listSchema({
  sort: ['created_at', 'finished_at', 'type', 'state'],
  defaultDirection: 'desc',
  filters: { state: z.enum(JOB_STATES).optional(), type: z.string().max(40).optional() },
});
export type JobListInput = z.infer<typeof jobListInputSchema>;

/** A job id: anything not a UUID names no job (404, like a job of another tenant). */
export const jobIdSchema = z.object({ id: z.string().max(64) });

/** A job as the API shows it. `downloadUrl` is a signed link valid for a few minutes. */
export const jobViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(JOB_STATES),
  progress: z.number().int(),
  error: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  companyGroupId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  requestedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  result: z.object({ name: z.string(), contentType: z.string(), size: z.number() }).nullable(),
  /** the job's small JSON summary once completed (an import's counts: `importRunSummarySchema`), else null */
  summary: z.record(z.string(), z.unknown()).nullable(),
  downloadUrl: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;

export function isJobRunning(state: JobStateName): boolean {
  return state === 'queued' || state === 'active';
}
