/**
 * Per-record documents (seed 001 §2 "PDF and Excel download", §7): every tenant role may download
 * an inspection or maintenance of equipment in its scope. Over tRPC the mutation answers the job
 * id (the client follows the job and downloads its file); the seed's GET calls start the same job,
 * wait and stream the file, or answer 202 + Location with `Prefer: respond-async`.
 */
import type { Context } from 'hono';
import {
  type DocumentFormat,
  documentJobSchema,
  documentRequestSchema,
} from '../../../shared/documents/schemas.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import type { TenantContext } from '../../context.ts';
import { assertNoNul, mutation, type RestBinding, tenant } from '../../kit/operation.ts';
import { coerceRecord, objectShape } from '../../kit/schema-shape.ts';
import type { AppEnv } from '../../rest.ts';
import { JOB_DOWNLOAD_DOCS, jobDownload } from '../jobs/index.ts';
import { DOCUMENT_CONTENT_TYPES } from './jobs.ts';
import type { RecordKind } from '../../../shared/documents/document-types.ts';
import { requestDocument } from './service.ts';

/** Every tenant role: operators download the records they work with. */
const field = tenant(ALL_ROLES);

const FORMAT_LABEL: Record<DocumentFormat, string> = { pdf: 'PDF', xlsx: 'XLSX' };
const KIND_LABEL: Record<RecordKind, string> = { inspection: 'inspection', maintenance: 'maintenance' };

/** The path's id as the input schema reads it (400 VALIDATION_FAILED with issues when it is not one). */
function pathInput(c: Context<AppEnv>, format: DocumentFormat) {
  const raw = {
    ...coerceRecord(objectShape(documentRequestSchema), { id: c.req.param('id') ?? '' }),
    format,
  };
  assertNoNul(raw);
  return documentRequestSchema.parse(raw);
}

/** `GET /web/<records>/{id}/pdf` and `…/excel`: the seed's download calls of one record. */
function downloadBindings(kind: RecordKind, base: string): RestBinding<TenantContext>[] {
  return (['pdf', 'xlsx'] as const).map((format) => ({
    method: 'get',
    path: `${base}/:id/${format === 'pdf' ? 'pdf' : 'excel'}`,
    summary: `Downloads the ${KIND_LABEL[kind]} as ${FORMAT_LABEL[format]} (Prefer: respond-async → 202 + Location).`,
    raw: jobDownload((c, ctx: TenantContext) => requestDocument(ctx, kind, pathInput(c, format))),
    ...JOB_DOWNLOAD_DOCS,
    produces: DOCUMENT_CONTENT_TYPES[format],
  }));
}

export const documentsOperations = {
  inspection: mutation({
    access: field,
    summary:
      'Renders one inspection as a PDF certificate or an XLSX sheet, as a job; answers the job id (404 outside the caller’s scope).',
    input: documentRequestSchema,
    output: documentJobSchema,
    rest: downloadBindings('inspection', '/web/inspections'),
    handler: (ctx, input) => requestDocument(ctx, 'inspection', input),
  }),
  maintenance: mutation({
    access: field,
    summary:
      'Renders one maintenance as a PDF report or an XLSX sheet, as a job; answers the job id (404 outside the caller’s scope).',
    input: documentRequestSchema,
    output: documentJobSchema,
    rest: downloadBindings('maintenance', '/web/maintenances'),
    handler: (ctx, input) => requestDocument(ctx, 'maintenance', input),
  }),
};
