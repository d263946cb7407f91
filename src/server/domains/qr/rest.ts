import type { Context } from 'hono';
import type { QrFormat } from '../../../shared/qr/schemas.ts';
import { AppError } from '../../errors.ts';
import { restRoutes } from '../../openapi.ts';
import { type AppEnv, idParam, ok, type RestApp, requireTenant } from '../../rest.ts';
import { fileResponse } from '../jobs/rest.ts';
import { openJobResult, waitForJob } from '../jobs/service.ts';
import { generatedThisMonth, QR_ROLES, requestBatch } from './service.ts';

/** How long the compatibility download calls wait for the job before answering 202. */
export const QR_WAIT_MS = 120_000;

function wantsAsync(c: Context): boolean {
  return /\brespond-async\b/i.test(c.req.header('Prefer') ?? '');
}

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
async function generate(c: Context<AppEnv>, format: QrFormat): Promise<Response> {
  const ctx = requireTenant(c, QR_ROLES);
  const { jobId } = await requestBatch(ctx.auth, {
    companyId: idParam(c, 'companyId'),
    quantity: c.req.param('qty'),
    format,
  });
  if (wantsAsync(c)) return accepted(c, jobId);
  const job = await waitForJob(jobId, QR_WAIT_MS, c.req.raw.signal);
  if (job.state === 'failed') throw new AppError('JOB_FAILED');
  if (job.state !== 'completed') return accepted(c, jobId);
  return fileResponse(c, await openJobResult(jobId));
}

/** REST shim (`/web/*`) routes of the qr domain. */
export function registerQrRest(app: RestApp): void {
  const r = restRoutes(app, 'QR codes');
  r.get(
    '/web/qr-code/generated/:companyId',
    { summary: 'QR tags generated this month for the company.', roles: QR_ROLES },
    async (c) => {
      const ctx = requireTenant(c, QR_ROLES);
      return ok(c, await generatedThisMonth(ctx.auth, idParam(c, 'companyId')));
    },
  );
  r.get(
    '/web/qr-code/generate/:companyId/:qty',
    {
      summary:
        'Generates qty new tags and downloads their labels as PDF (Prefer: respond-async → 202 + Location).',
      roles: QR_ROLES,
      produces: 'application/pdf',
    },
    (c) => generate(c, 'pdf'),
  );
  r.get(
    '/web/qr-code/generate/:companyId/:qty/excel',
    {
      summary: 'Generates qty new tags and downloads them as XLSX (Prefer: respond-async → 202 + Location).',
      roles: QR_ROLES,
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    (c) => generate(c, 'xlsx'),
  );
}
