import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { toIsoDate } from '../../../shared/dates.ts';
import { QR_FORMATS, type QrFormat } from '../../../shared/qr/schemas.ts';
import { DEFAULT_TEMPLATE, LABEL_NOTE_MAX, labelTemplateSchema } from '../../../shared/qr/templates.ts';
import { coreDb } from '../../db/database.ts';
import { config } from '../../config.ts';
import { fileStore, writeStreamed } from '../../files/store.ts';
import { defineJob, type JobContext, type JobDefinition } from '../../jobs/define.ts';
import { allocateBatch, batchSerials } from './allocation.ts';

/**
 * The label options of a PDF/ZPL batch (issue 19), resolved and checked by the service when the
 * batch is requested: the job carries the template's own copy.
 */
export const qrBatchLabelSchema = z.object({
  template: labelTemplateSchema,
  offset: z.number().int().min(0),
  cutMarks: z.boolean(),
  companyName: z.boolean(),
  note: z.string().max(LABEL_NOTE_MAX).nullable(),
  logo: z.boolean(),
});
export type QrBatchLabel = z.infer<typeof qrBatchLabelSchema>;

/** Params of a QR batch job (quantity is range-checked against QR_BATCH_MAX by the service). */
export const qrBatchParamsSchema = z.object({
  companyId: z.number().int().positive(),
  quantity: z.number().int().min(1),
  format: z.enum(QR_FORMATS),
  /** captured when the job is requested: the codes encode `<publicUrl>/#/t/<serial>` */
  publicUrl: z.url(),
  /** PDF/ZPL; absent (batches queued before issue 19, XLSX): the A4 4 × 6, serial only */
  label: qrBatchLabelSchema.optional(),
});
export type QrBatchJobParams = z.infer<typeof qrBatchParamsSchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface PreparedBatch {
  jobId: string;
  quantity: number;
  publicUrl: string;
  company: { id: number; name: string; imageKey: string | null };
  label: QrBatchLabel;
  fileName(ext: string): string;
  /** progress of the rendering part: 10..95 % */
  renderProgress(done: number): Promise<void>;
}

/**
 * First half of every QR batch job: find the company in the job's group, then allocate the serials
 * idempotently (a retry or a second worker finds them already committed and re-renders the same ones).
 */
async function prepareBatch({
  params,
  meta,
  progress,
}: JobContext<QrBatchJobParams>): Promise<PreparedBatch> {
  if (!meta.companyGroupId) throw new UnrecoverableError('a QR batch needs a company group');
  const company = await coreDb()
    .selectFrom('companies as c')
    .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
    .select(['c.id', 'c.name', 'c.image_key', 'g.schema_name'])
    .where('c.id', '=', params.companyId)
    .where('c.company_group_id', '=', meta.companyGroupId)
    .executeTakeFirst();
  if (!company) throw new UnrecoverableError('company not found in its group');
  await progress(1);
  await allocateBatch({
    jobId: meta.jobId,
    companyGroupId: meta.companyGroupId,
    companyId: company.id,
    schemaName: company.schema_name,
    quantity: params.quantity,
  });
  await progress(10);
  const stamp = toIsoDate(new Date()).replace(/-/g, '');
  return {
    jobId: meta.jobId,
    quantity: params.quantity,
    publicUrl: params.publicUrl,
    company: { id: company.id, name: company.name, imageKey: company.image_key },
    label: params.label ?? {
      template: DEFAULT_TEMPLATE,
      offset: 0,
      cutMarks: false,
      companyName: false,
      note: null,
      logo: false,
    },
    fileName: (ext) => `tags-qrcode-${company.id}-${stamp}-${params.quantity}.${ext}`,
    renderProgress: (done) => progress(10 + (85 * done) / params.quantity),
  };
}

function resultKey(jobId: string, name: string): string {
  return `jobs/${jobId}/${name}`;
}

/** Rendering is CPU-heavy: its own queue, so a burst of batches never delays other jobs. */
const QR_QUEUE = { queue: 'qr', attempts: 3, concurrency: 2 } as const;

/** The company's image for the labels, when the batch asked for it (PNG or JPEG), else null. */
async function labelLogo(batch: PreparedBatch): Promise<Uint8Array | null> {
  if (!batch.label.logo || !batch.company.imageKey) return null;
  const stream = await fileStore().get(batch.company.imageKey);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** The text options of a batch as the renderers take them. */
function labelText(batch: PreparedBatch) {
  return {
    companyName: batch.label.companyName ? batch.company.name : null,
    note: batch.label.note,
  };
}

/** `qr-pdf`: allocate N serials and render label sheets of the batch's template. */
export const qrPdfJob = defineJob({
  type: 'qr-pdf',
  params: qrBatchParamsSchema,
  ...QR_QUEUE,
  async process(ctx) {
    const batch = await prepareBatch(ctx);
    // pdf-lib and qrcode load only in the worker, on the first batch.
    const { renderPdfLabels } = await import('../../../render/pdf-labels.ts');
    const bytes = await renderPdfLabels(batchSerials(batch.jobId), {
      publicUrl: batch.publicUrl,
      title: `Tags QR Code — ${batch.company.name}`,
      template: batch.label.template,
      offset: batch.label.offset,
      cutMarks: batch.label.cutMarks,
      ...labelText(batch),
      logo: await labelLogo(batch),
      onProgress: batch.renderProgress,
    });
    const name = batch.fileName('pdf');
    const key = resultKey(batch.jobId, name);
    const { size } = await fileStore().put(
      key,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      'application/pdf',
    );
    await ctx.progress(100);
    return {
      file: { key, name, contentType: 'application/pdf', size },
      summary: { quantity: batch.quantity, companyId: batch.company.id, template: batch.label.template.id },
    };
  },
});

export const ZPL_CONTENT_TYPE = 'application/vnd.zebra-zpl';

/** `qr-zpl`: allocate N serials and write one ZPL label (`^XA … ^XZ`) per serial, for thermal rolls. */
export const qrZplJob = defineJob({
  type: 'qr-zpl',
  params: qrBatchParamsSchema,
  ...QR_QUEUE,
  async process(ctx) {
    const batch = await prepareBatch(ctx);
    if (batch.label.template.kind !== 'roll') throw new UnrecoverableError('ZPL needs a roll template');
    const { renderZplLabels } = await import('../../../render/zpl-labels.ts');
    const name = batch.fileName('zpl');
    const key = resultKey(batch.jobId, name);
    const { size } = await writeStreamed(key, ZPL_CONTENT_TYPE, (stream) =>
      renderZplLabels(batchSerials(batch.jobId), stream, {
        publicUrl: batch.publicUrl,
        template: batch.label.template,
        ...labelText(batch),
        onProgress: batch.renderProgress,
      }),
    );
    await ctx.progress(100);
    return {
      file: { key, name, contentType: ZPL_CONTENT_TYPE, size },
      summary: { quantity: batch.quantity, companyId: batch.company.id, template: batch.label.template.id },
    };
  },
});

/** `qr-xlsx`: allocate N serials and stream them into a spreadsheet (serial, URL, company, date). */
export const qrXlsxJob = defineJob({
  type: 'qr-xlsx',
  params: qrBatchParamsSchema,
  ...QR_QUEUE,
  async process(ctx) {
    const batch = await prepareBatch(ctx);
    const { renderXlsxTags } = await import('../../../render/xlsx-tags.ts');
    const name = batch.fileName('xlsx');
    const key = resultKey(batch.jobId, name);
    const { size } = await writeStreamed(key, XLSX_CONTENT_TYPE, (stream) =>
      renderXlsxTags(batchSerials(batch.jobId), stream, {
        publicUrl: batch.publicUrl,
        companyName: batch.company.name,
        timeZone: config().APP_TIME_ZONE,
        onProgress: batch.renderProgress,
      }),
    );
    await ctx.progress(100);
    return {
      file: { key, name, contentType: XLSX_CONTENT_TYPE, size },
      summary: { quantity: batch.quantity, companyId: batch.company.id },
    };
  },
});

/** The batch job of each download format. */
export const QR_BATCH_JOBS: Record<QrFormat, JobDefinition<typeof qrBatchParamsSchema>> = {
  pdf: qrPdfJob,
  xlsx: qrXlsxJob,
  zpl: qrZplJob,
};

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const qrJobs = [qrPdfJob, qrXlsxJob, qrZplJob];
