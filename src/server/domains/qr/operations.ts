import type { Context } from 'hono';
import { z } from 'zod';
import { idField } from '../../../shared/fields.ts';
import { type QrFormat, qrGenerateInputSchema } from '../../../shared/qr/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import type { AppEnv } from '../../rest.ts';
import { JOB_DOWNLOAD_DOCS, jobDownload } from '../jobs/job-download.ts';
import { generatedThisMonth, QR_ROLES, requestBatch } from './service.ts';

/**
 * The seed's download calls: start the batch, wait for the job and stream its file; with
 * `Prefer: respond-async` answer 202 + Location of the job at once (jobs/job-download.ts).
 */
function compatDownload(format: QrFormat) {
  return jobDownload(async (c: Context<AppEnv>, ctx: TenantContext) => {
    const companyId = Number(c.req.param('companyId'));
    if (!idField.safeParse(companyId).success)
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid companyId' });
    return requestBatch(ctx, { companyId, quantity: c.req.param('qty'), format });
  });
}

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
        ...JOB_DOWNLOAD_DOCS,
        produces: 'application/pdf',
      },
      {
        method: 'get',
        path: '/web/qr-code/generate/:companyId/:qty/excel',
        summary:
          'Generates qty new tags and downloads them as XLSX (Prefer: respond-async → 202 + Location).',
        raw: compatDownload('xlsx'),
        ...JOB_DOWNLOAD_DOCS,
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
    handler: (ctx, input) => requestBatch(ctx, input),
  }),
};
