import type { Context } from 'hono';
import { z } from 'zod';
import { idField } from '../../../shared/fields.ts';
import { type QrFormat, qrGenerateInputSchema } from '../../../shared/qr/schemas.ts';
import {
  DEFAULT_ROLL_TEMPLATE_ID,
  DEFAULT_TEMPLATE_ID,
  LABEL_NOTE_MAX,
  type LabelOptions,
  labelOptionsSchema,
  labelSettingsSchema,
  labelTemplateFieldsSchema,
  labelTemplateItemSchema,
  labelTemplateSchema,
  templateIdField,
} from '../../../shared/qr/templates.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import type { TenantContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { mutation, query, signedIn, tenant } from '../../kit/operation.ts';
import type { AppEnv } from '../../rest.ts';
import { JOB_DOWNLOAD_DOCS, jobDownload } from '../jobs/index.ts';
import { ZPL_CONTENT_TYPE } from './jobs.ts';
import { generatedThisMonth, QR_ROLES, requestBatch } from './service.ts';
import { createTemplate, deleteTemplate, labelSettings, listTemplates, updateTemplate } from './templates.ts';

const bool = (v: string | undefined, name: string): boolean | undefined => {
  if (v === undefined || v === '') return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new AppError('VALIDATION_FAILED', { message: `Invalid ${name}` });
};

/**
 * The label options of a download call's query string (`template`, `offset`, `cutMarks`,
 * `companyName`, `note`, `logo`); none given → undefined: the default template, serial only, and
 * the company's remembered choice is left as it is.
 */
export function labelOptionsFromQuery(
  q: Record<string, string | undefined>,
  defaultTemplate = DEFAULT_TEMPLATE_ID,
): LabelOptions | undefined {
  const keys = ['template', 'offset', 'cutMarks', 'companyName', 'note', 'logo'] as const;
  if (keys.every((k) => q[k] === undefined)) return undefined;
  // A bad offset is answered by the service, which knows the template's labels per sheet.
  const offset =
    q.offset === undefined || q.offset === ''
      ? 0
      : /^-?\d{1,9}$/.test(q.offset)
        ? Number(q.offset)
        : Number.NaN;
  const template = q.template === undefined || q.template === '' ? defaultTemplate : q.template;
  if (!templateIdField.safeParse(template).success) throw new AppError('QR_TEMPLATE_NOT_FOUND');
  const parsed = labelOptionsSchema.safeParse({
    template,
    cutMarks: bool(q.cutMarks, 'cutMarks'),
    companyName: bool(q.companyName, 'companyName'),
    note: q.note,
    logo: bool(q.logo, 'logo'),
  });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { message: 'Invalid label options' });
  return { ...parsed.data, offset };
}

/**
 * The seed's download calls: start the batch, wait for the job and stream its file; with
 * `Prefer: respond-async` answer 202 + Location of the job at once (jobs/job-download.ts).
 */
function compatDownload(format: QrFormat) {
  return jobDownload(async (c: Context<AppEnv>, ctx: TenantContext) => {
    const companyId = Number(c.req.param('companyId'));
    if (!idField.safeParse(companyId).success)
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid companyId' });
    const label =
      format === 'xlsx'
        ? undefined
        : labelOptionsFromQuery(
            c.req.query(),
            format === 'zpl' ? DEFAULT_ROLL_TEMPLATE_ID : DEFAULT_TEMPLATE_ID,
          );
    return requestBatch(ctx, { companyId, quantity: c.req.param('qty'), format, label });
  });
}

/** The label query parameters of the PDF/ZPL download calls, for the OpenAPI document. */
const LABEL_QUERY = [
  {
    name: 'template',
    description: 'Label template id (qr.templates.list); default `a4-4x6` (PDF), `thermal-50x30` (ZPL)',
  },
  {
    name: 'offset',
    description: 'Labels already used on the first sheet (0 … labels per sheet − 1)',
    schema: { type: 'integer', minimum: 0 },
  },
  { name: 'cutMarks', description: '`true`: cut marks in the page margins', schema: { type: 'boolean' } },
  { name: 'companyName', description: '`true`: print the company name', schema: { type: 'boolean' } },
  { name: 'note', description: `A short text printed on every label (≤ ${LABEL_NOTE_MAX} characters)` },
  { name: 'logo', description: "`true`: print the company's image (PDF)", schema: { type: 'boolean' } },
];

const PROVIDER = signedIn(['MOBCHECK_ADMIN']);
const templateIdInput = z.object({ id: templateIdField });

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
        query: LABEL_QUERY,
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
      {
        method: 'get',
        path: '/web/qr-code/generate/:companyId/:qty/zpl',
        summary:
          'Generates qty new tags and downloads their labels as ZPL for a thermal roll template (one ^XA…^XZ per tag).',
        raw: compatDownload('zpl'),
        ...JOB_DOWNLOAD_DOCS,
        query: LABEL_QUERY,
        produces: ZPL_CONTENT_TYPE,
      },
    ],
    handler: (ctx, input) => requestBatch(ctx, input),
  }),
  labelSettings: query({
    access: tenant(QR_ROLES),
    summary: "The company's remembered label choice (template, cut marks, text), the defaults when none.",
    input: z.object({ companyId: idField.optional() }).default({}),
    output: labelSettingsSchema,
    rest: { method: 'get', path: '/web/qr-code/label-settings/:companyId' },
    handler: (ctx, input) => labelSettings(ctx, input),
  }),
  templates: {
    list: query({
      access: signedIn(ADMIN_ROLES),
      summary: 'Label templates: the shipped ones, then the custom ones by name.',
      input: z.object({}).default({}),
      output: z.array(labelTemplateItemSchema),
      rest: { method: 'get', path: '/web/qr-code/templates/' },
      handler: (ctx) => listTemplates(ctx),
    }),
    create: mutation({
      access: PROVIDER,
      summary: 'Adds a custom label template (refused with a code when its labels or code do not fit).',
      input: labelTemplateFieldsSchema,
      output: labelTemplateSchema,
      rest: { method: 'post', path: '/web/qr-code/templates/', status: 201 },
      handler: (ctx, input) => createTemplate(ctx, input),
    }),
    update: mutation({
      access: PROVIDER,
      summary: 'Edits a custom label template.',
      input: labelTemplateFieldsSchema.extend({ id: templateIdField }),
      output: labelTemplateSchema,
      rest: { method: 'put', path: '/web/qr-code/templates/:id/' },
      handler: (ctx, input) => updateTemplate(ctx, input),
    }),
    delete: mutation({
      access: PROVIDER,
      summary: 'Deletes a custom label template (companies that chose it fall back to the default).',
      input: templateIdInput,
      output: z.null(),
      rest: { method: 'delete', path: '/web/qr-code/templates/:id/' },
      handler: (ctx, input) => deleteTemplate(ctx, input),
    }),
  },
};
