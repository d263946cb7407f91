/**
 * The building dossier (issue 30 item 5), declared once: the admin roles (a company admin of the
 * company, the group's admins); operators are refused (403).
 */
import { dossierJobSchema } from '../../../shared/dossier/schemas.ts';
import { byId } from '../../../shared/fields.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { mutation, tenant } from '../../kit/operation.ts';
import { JOB_DOWNLOAD_DOCS } from '../jobs/index.ts';
import { requestDossierPdf } from './service.ts';

export const dossierOperations = {
  pdf: mutation({
    access: tenant(ADMIN_ROLES),
    summary:
      'Renders the company’s building dossier (every system and equipment with its cycles and last sealed record, open service orders, improper equipment, what is due in the next 90 days) as a PDF job; answers the job id (404 DOSSIER_COMPANY_NOT_FOUND outside the caller’s scope).',
    input: byId,
    output: dossierJobSchema,
    rest: {
      method: 'get',
      path: '/web/companies/:id/dossier/pdf',
      summary: 'Downloads the company’s building dossier as PDF (Prefer: respond-async → 202 + Location).',
      download: 'job',
      ...JOB_DOWNLOAD_DOCS,
      produces: 'application/pdf',
    },
    handler: (ctx, input) => requestDossierPdf(ctx, input),
  }),
};
