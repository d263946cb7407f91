import type { Job } from 'bullmq';
import type { JobPayload } from '../../server/jobs/queue.ts';

/** What a processor gets: the payload, progress reporting, and the BullMQ job for idempotency checks. */
export interface ProcessorContext {
  payload: JobPayload;
  job: Job<JobPayload>;
  /** 0–100; written to core.jobs (throttled) and to BullMQ. */
  progress(percent: number): Promise<void>;
}

/** A stored result file, referenced by key; never the file contents. */
export interface ProcessorResult {
  file?: { key: string; name: string; contentType: string; size: number };
  /** small JSON summary kept on the job row */
  summary?: Record<string, unknown>;
}

export type Processor = (ctx: ProcessorContext) => Promise<ProcessorResult | undefined>;
