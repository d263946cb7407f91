import type { Context } from 'hono';
import { z } from 'zod';
import { idField } from '../../../shared/fields.ts';
import { type QrFormat, qrGenerateInputSchema } from '../../../shared/qr/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import type { AppEnv } from '../../rest.ts';
import { fileResponse } from '../jobs/files.ts';
import { openJobResult, waitForJob } from '../jobs/service.ts';
import { generatedThisMonth, QR_ROLES, requestBatch } from './service.ts';

/** How long the compatibility download calls wait for the job before answering 202. */
export const QR_WAIT_MS = 120_000;

function accepted(c: Context, jobId: string): Response {
  const location = `/web/jobs/${jobId}`;
  c.header('Location', location);
  c.header('Preference-Applied', 'respond-async');
  return c.json({ data: { jobId, location } }, 202);
}

/**
 * The seed's download calls: start the batch, wait for the job and stream its file; with
 * `Prefer: respond-async` answer 202 + Location of the job at once (also after QR_WAIT_MS).
 */
function compatDownload(format: QrFormat) {
  return async (c: Context<AppEnv>, ctx: TenantContext): Promise<Response> => {
    const companyId = Number(c.req.param('companyId'));
    if (!idField.safeParse(companyId).success)
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid companyId' });
    const { jobId } = await requestBatch(ctx, { companyId, quantity: c.req.param('qty'), format });
    if (/\brespond-async\b/i.test(c.req.header('Prefer') ?? '')) return accepted(c, jobId);
    const job = await waitForJob(jobId, QR_WAIT_MS, c.req.raw.signal);
    if (job.state === 'failed') throw new AppError('JOB_FAILED');
    if (job.state !== 'completed') return accepted(c, jobId);
    return fileResponse(c, await openJobResult(jobId));
  };
}

const preferHeader = {
  name: 'Prefer',
  description: '`respond-async`: answer 202 with the job’s Location at once instead of waiting',
};
const acceptedAnswer = { 202: 'The job runs on: follow `Location` (GET /web/jobs/{id})' };

export const qrOperations = {
  generatedCount: query({
    access: tenant(QR_ROLES),
    summary: 'QR tags generated this month for the company (default: the session’s company).',
    input: z.object({ companyId: idField.optional() }).default({}),
    output: z.number().int(),
    rest: { method: 'get', path: '/web/qr-code/generated/:companyId' },
    handler: (ctx, input) => generatedThisMonth(ctx, input),
  }),
  generate: mutation({
    access: tenant(QR_ROLES),
    summary:
      'Generates `quantity` new tags and renders their labels (PDF) or list (XLSX) as a job; answers the job id.',
    input: qrGenerateInputSchema,
    output: z.object({ jobId: z.string() }),
    rest: [
      {
        method: 'get',
        path: '/web/qr-code/generate/:companyId/:qty',
        summary:
          'Generates qty new tags and downloads their labels as PDF (Prefer: respond-async → 202 + Location).',
        raw: compatDownload('pdf'),
        headers: [preferHeader],
        produces: 'application/pdf',
        responses: acceptedAnswer,
      },
      {
        method: 'get',
        path: '/web/qr-code/generate/:companyId/:qty/excel',
        summary:
          'Generates qty new tags and downloads them as XLSX (Prefer: respond-async → 202 + Location).',
        raw: compatDownload('xlsx'),
        headers: [preferHeader],
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        responses: acceptedAnswer,
      },
    ],
    handler: (ctx, input) => requestBatch(ctx, input),
  }),
};
