import { z } from 'zod';
import { idField } from '../../../shared/fields.ts';
import { type QrFormat, qrGenerateInputSchema } from '../../../shared/qr/schemas.ts';
import {
  LABEL_NOTE_MAX,
  labelOptionsSchema,
  labelSettingsSchema,
  labelTemplateFieldsSchema,
  labelTemplateItemSchema,
  labelTemplateSchema,
  templateIdField,
} from '../../../shared/qr/templates.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { config } from '../../config.ts';
import { mutation, query, type RestBinding, signedIn, tenant } from '../../kit/operation.ts';
import { JOB_DOWNLOAD_DOCS } from '../jobs/index.ts';
import { ZPL_CONTENT_TYPE } from './jobs.ts';
import { generatedThisMonth, QR_ROLES, requestBatch } from './service.ts';
import { createTemplate, deleteTemplate, labelSettings, listTemplates, updateTemplate } from './templates.ts';

/**
 * The label options of a batch, as both doors take them — over REST, the query string of the PDF
 * and ZPL download calls (`template`, `offset`, `cutMarks`, `companyName`, `note`, `logo`; none
 * given → no options: the format's default template, serial only, and the company's remembered
 * choice left as it is).
 */
export const batchLabelSchema = z.object({
  template: z
    .string()
    .trim()
    // A text no template id can be names no template: 404, as for an id that is not there.
    .refine((v) => templateIdField.safeParse(v).success, { params: { code: 'QR_TEMPLATE_NOT_FOUND' } })
    .optional()
    .describe('Label template id (qr.templates.list); default `a4-4x6` (PDF), `thermal-50x30` (ZPL)'),
  /** Any other value is answered QR_OFFSET_OUT_OF_RANGE by the service, which knows the sheet. */
  offset: z
    .int()
    .min(0)
    .catch(-1)
    .default(0)
    .describe('Labels already used on the first sheet (0 … labels per sheet − 1)'),
  cutMarks: z.boolean().default(false).describe('`true`: cut marks in the page margins'),
  companyName: z.boolean().default(false).describe('`true`: print the company name'),
  note: labelOptionsSchema.shape.note.describe(
    `A short text printed on every label (≤ ${LABEL_NOTE_MAX} characters)`,
  ),
  logo: z.boolean().default(false).describe("`true`: print the company's image (PDF)"),
});

/** A batch's quantity: a whole number in 1..QR_BATCH_MAX; anything else 400 QR_QUANTITY_OUT_OF_RANGE. */
export const batchQuantityField = z
  .int()
  .catch(Number.NaN)
  .transform((n, ctx) => {
    const max = config().QR_BATCH_MAX;
    if (Number.isInteger(n) && n >= 1 && n <= max) return n;
    ctx.addIssue({
      code: 'custom',
      message: `1 … ${max}`,
      params: { code: 'QR_QUANTITY_OUT_OF_RANGE', min: 1, max },
    });
    return z.NEVER;
  });

const generateInputSchema = qrGenerateInputSchema.extend({
  quantity: batchQuantityField,
  label: batchLabelSchema.optional(),
});

/**
 * The seed's download calls: start the batch, wait for the job and stream its file; with
 * `Prefer: respond-async` answer 202 + Location of the job at once (jobs/job-download.ts).
 */
function compatDownload(format: QrFormat, path: string, summary: string, produces: string): RestBinding {
  return {
    method: 'get',
    path,
    summary,
    params: { qty: 'quantity' },
    fixed: { format },
    ...(format === 'xlsx' ? {} : { query: batchLabelSchema, queryKey: 'label' }),
    download: 'job',
    ...JOB_DOWNLOAD_DOCS,
    produces,
  };
}

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
    input: generateInputSchema,
    output: z.object({ jobId: z.string() }),
    rest: [
      compatDownload(
        'pdf',
        '/web/qr-code/generate/:companyId/:qty',
        'Generates qty new tags and downloads their labels as PDF (Prefer: respond-async → 202 + Location).',
        'application/pdf',
      ),
      compatDownload(
        'xlsx',
        '/web/qr-code/generate/:companyId/:qty/excel',
        'Generates qty new tags and downloads them as XLSX (Prefer: respond-async → 202 + Location).',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
      compatDownload(
        'zpl',
        '/web/qr-code/generate/:companyId/:qty/zpl',
        'Generates qty new tags and downloads their labels as ZPL for a thermal roll template (one ^XA…^XZ per tag).',
        ZPL_CONTENT_TYPE,
      ),
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
