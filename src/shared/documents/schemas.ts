import { z } from 'zod';
import { idField } from '../fields.ts';

/** The files one inspection or maintenance can be downloaded as (seed 001 §2 "PDF and Excel download"). */
export const DOCUMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** `documents.inspection` / `documents.maintenance`: the record's id and the file wanted. */
export const documentRequestSchema = z.object({ id: idField, format: z.enum(DOCUMENT_FORMATS) });
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

/** The job that renders it; the client follows it (jobs.get) and downloads its file. */
export const documentJobSchema = z.object({ jobId: z.string() });
