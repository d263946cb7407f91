import { batchSerials } from '../../server/domains/qr/allocation.ts';
import { fileStore } from '../../server/files/store.ts';
import { renderXlsxTags } from '../render/xlsx-tags.ts';
import { prepareBatch, resultKey } from './qr-batch.ts';
import type { Processor } from './types.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `qr-xlsx`: allocate N serials and stream them into a spreadsheet (serial, URL, company, date). */
export const qrXlsx: Processor = async (ctx) => {
  const batch = await prepareBatch(ctx);
  const name = batch.fileName('xlsx');
  const key = resultKey(batch.jobId, name);
  const w = await fileStore().openWrite(key, XLSX_CONTENT_TYPE);
  try {
    await renderXlsxTags(batchSerials(batch.jobId), w.stream, {
      publicUrl: batch.publicUrl,
      companyName: batch.company.name,
      onProgress: batch.renderProgress,
    });
  } catch (e) {
    await w.abort();
    throw e;
  }
  const { size } = await w.commit();
  await ctx.progress(100);
  return {
    file: { key, name, contentType: XLSX_CONTENT_TYPE, size },
    summary: { quantity: batch.quantity, companyId: batch.company.id },
  };
};
