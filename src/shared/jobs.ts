import { z } from 'zod';
import { listInputSchema } from './pagination.ts';

/** Background jobs (DESIGN §4): states, types and the job center's list input. */
export const JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

/** Every job type the worker runs (its registry, `src/worker/jobs.ts`; a unit test keeps them equal). */
export const JOB_TYPES = ['qr-pdf', 'qr-xlsx', 'diagnostic', 'result-sweep'] as const;
export type JobTypeName = (typeof JOB_TYPES)[number];

export const jobListInputSchema = listInputSchema.extend({
  state: z.enum(JOB_STATES).optional(),
  type: z.string().max(40).optional(),
  sort: z.enum(['created_at', 'finished_at', 'type', 'state']).optional(),
});
export type JobListInput = z.infer<typeof jobListInputSchema>;

export const jobIdSchema = z.object({ id: z.uuid() });

/** A job as the API shows it. `downloadUrl` is a signed link valid for a few minutes. */
export interface JobView {
  id: string;
  type: string;
  state: JobStateName;
  progress: number;
  error: string | null;
  params: Record<string, unknown>;
  companyGroupId: number | null;
  companyId: number | null;
  companyName: string | null;
  requestedBy: { id: number; name: string } | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
  result: { name: string; contentType: string; size: number } | null;
  downloadUrl: string | null;
}

export function isJobRunning(state: JobStateName): boolean {
  return state === 'queued' || state === 'active';
}
