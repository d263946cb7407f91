/**
 * One job type per record kind and file format (`inspection-pdf`, `inspection-xlsx`,
 * `maintenance-pdf`, `maintenance-xlsx`), so the job center names each. The caller was held to
 * the record's scope when the job was requested (service.ts); the worker reads the record in the
 * job's own tenant and company, renders it and stores the file under the job's id.
 */
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import type { DocumentFormat } from '../../../shared/documents/schemas.ts';
import { config } from '../../config.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { fileStore, writeStreamed } from '../../files/store.ts';
import { defineJob, type JobDefinition, type JobMeta } from '../../jobs/define.ts';
import { loadRecordDocument } from './content.ts';
import type { RecordKind } from '../../../shared/documents/document-types.ts';

export const documentParamsSchema = z.object({
  recordId: z.number().int().positive(),
  /** captured when the job is requested: the QR code encodes `<publicUrl>/#/t/<serial>` like the labels */
  publicUrl: z.url(),
});
export type DocumentJobParams = z.infer<typeof documentParamsSchema>;

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A queue of their own: one record renders in tens of milliseconds and a person waits for it
 * (the REST download holds the request), so it never queues behind QR batches or report exports.
 */
const DOCUMENTS_QUEUE = { queue: 'documents', attempts: 3, concurrency: 2 } as const;

/** The job's company (name) and its group's tenant; the job is refused for good without them. */
async function jobCompany(meta: JobMeta) {
  if (meta.companyGroupId === null || meta.companyId === null)
    throw new UnrecoverableError('a document job needs its company group and company');
  const row = await coreDb()
    .selectFrom('companies as c')
    .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
    .select(['c.id', 'c.name', 'g.schema_name'])
    .where('c.id', '=', meta.companyId)
    .where('g.id', '=', meta.companyGroupId)
    .executeTakeFirst();
  if (!row) throw new UnrecoverableError('company not found in its group');
  return row;
}

function documentJob(kind: RecordKind, format: DocumentFormat) {
  return defineJob({
    type: `${kind}-${format}`,
    params: documentParamsSchema,
    ...DOCUMENTS_QUEUE,
    async process({ params, meta, progress }) {
      const company = await jobCompany(meta);
      const doc = await loadRecordDocument(tenantDb(company.schema_name), kind, params.recordId, company, {
        publicUrl: params.publicUrl,
        timeZone: config().APP_TIME_ZONE,
      });
      if (!doc) throw new UnrecoverableError(`${kind} ${params.recordId} not found in its company`);
      await progress(30);
      const name = `${doc.fileBase}.${format}`;
      // Keyed on the job: a retry (BullMQ is at-least-once) overwrites the same file.
      const key = `jobs/${meta.jobId}/${name}`;
      const contentType = DOCUMENT_CONTENT_TYPES[format];
      // pdf-lib, qrcode and exceljs load only in the worker, on the first document. The sheet is
      // streamed into the file as its rows are written; the PDF is saved whole (pdf-lib).
      const { size } =
        format === 'pdf'
          ? await fileStore().put(
              key,
              await (await import('../../../render/record-pdf.ts')).renderRecordPdf(doc),
              contentType,
            )
          : await writeStreamed(key, contentType, async (stream) =>
              (await import('../../../render/record-xlsx.ts')).writeRecordXlsx(doc, stream),
            );
      await progress(100);
      return {
        file: { key, name, contentType, size },
        summary: { kind, recordId: params.recordId, tag: doc.tag.serial },
      };
    },
  });
}

export const DOCUMENT_JOBS: Record<
  RecordKind,
  Record<DocumentFormat, JobDefinition<typeof documentParamsSchema>>
> = {
  inspection: { pdf: documentJob('inspection', 'pdf'), xlsx: documentJob('inspection', 'xlsx') },
  maintenance: { pdf: documentJob('maintenance', 'pdf'), xlsx: documentJob('maintenance', 'xlsx') },
};

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const documentJobs = Object.values(DOCUMENT_JOBS).flatMap((byFormat) => Object.values(byFormat));
