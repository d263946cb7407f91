import { batchSerials } from '../../server/domains/qr/allocation.ts';
import { fileStore } from '../../server/files/store.ts';
import { renderPdfLabels } from '../render/pdf-labels.ts';
import { prepareBatch, resultKey } from './qr-batch.ts';
import type { Processor } from './types.ts';

/** `qr-pdf`: allocate N serials and render A4 label sheets. */
export const qrPdf: Processor = async (ctx) => {
  const batch = await prepareBatch(ctx);
  const bytes = await renderPdfLabels(batchSerials(batch.jobId), {
    publicUrl: batch.publicUrl,
    title: `Tags QR Code — ${batch.company.name}`,
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
    summary: { quantity: batch.quantity, companyId: batch.company.id },
  };
};
