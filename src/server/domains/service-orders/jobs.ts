/**
 * The printable service order, rendered as a job (`service-order-pdf`) on the documents' queue: the
 * caller was held to the order's scope when the job was requested (service.ts); the worker reads
 * the order in the job's own tenant and company, renders it and stores the file under the job's id.
 */
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { tenantDb } from '../../db/database.ts';
import { fileStore } from '../../files/store.ts';
import { defineJob, type JobMeta } from '../../jobs/define.ts';
import { jobGroup } from '../../jobs/job-group.ts';
import { loadDetail } from './orders.ts';
import { serviceOrderDocument } from './pdf-layout.ts';

export const serviceOrderPdfParamsSchema = z.object({
  orderId: z.number().int().positive(),
  /** captured when the job is requested: each QR code encodes `<publicUrl>/#/t/<serial>` like the labels */
  publicUrl: z.url(),
});

async function jobSchema(meta: JobMeta): Promise<string> {
  if (meta.companyId === null)
    throw new UnrecoverableError('a service order job needs its company group and company');
  return (await jobGroup(meta, 'a service order job')).schema;
}

/** One order renders in tens of milliseconds and a person waits for it: the documents' queue. */
export const serviceOrderPdfJob = defineJob({
  type: 'service-order-pdf',
  params: serviceOrderPdfParamsSchema,
  queue: 'documents',
  attempts: 3,
  concurrency: 2,
  async process({ params, meta, progress }) {
    const order = await loadDetail(tenantDb(await jobSchema(meta)), params.orderId);
    if (!order || order.companyId !== meta.companyId)
      throw new UnrecoverableError(`service order ${params.orderId} not found in its company`);
    await progress(30);
    const doc = serviceOrderDocument(order, { publicUrl: params.publicUrl });
    // pdf-lib and qrcode load only in the worker, on the first document.
    const bytes = await (await import('../../../render/service-order-pdf.ts')).renderServiceOrderPdf(doc);
    await progress(90);
    const name = `${doc.fileBase}.pdf`;
    // Keyed on the job: a retry (BullMQ is at-least-once) overwrites the same file.
    const key = `jobs/${meta.jobId}/${name}`;
    const { size } = await fileStore().put(key, bytes, 'application/pdf');
    await progress(100);
    return {
      file: { key, name, contentType: 'application/pdf', size },
      summary: { orderId: order.id, number: order.number },
    };
  },
});

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const serviceOrderJobs = [serviceOrderPdfJob];
