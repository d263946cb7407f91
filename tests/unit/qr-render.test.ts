import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { serialFromNumber, tagUrl } from '../../src/shared/qr/serial.ts';
import { LABELS_PER_PAGE, renderPdfLabels } from '../../src/render/pdf-labels.ts';
import { renderXlsxTags, XLSX_HEADER } from '../../src/render/xlsx-tags.ts';
import { decodeLabelPdf } from '../helpers/qr-decode.ts';

const PUBLIC_URL = 'https://app.equipcheck.test';
const serials = Array.from({ length: LABELS_PER_PAGE + 7 }, (_, i) =>
  serialFromNumber(BigInt(i) * 7919n + 1234567n),
);

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

// Real PDF rendering and QR decoding: seconds of CPU on a busy 2-core machine, more than the 5 s default.
describe('QR label renderers', { timeout: 30_000 }, () => {
  it('renders A4 label sheets whose every QR code decodes to the tag URL', async () => {
    const progress: number[] = [];
    const pdf = await renderPdfLabels(
      chunks(
        serials.map((serial) => ({ serial })),
        10,
      ),
      { publicUrl: PUBLIC_URL, onProgress: (n) => void progress.push(n) },
    );
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(progress).toEqual([LABELS_PER_PAGE, serials.length]);
    expect(decodeLabelPdf(pdf)).toEqual(serials.map((s) => tagUrl(PUBLIC_URL, s)));
    // One font for the whole document (the embedded TrueType: a Type0 font and its descendant),
    // and no images.
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.match(/\/Subtype \/Type0\b/g)).toHaveLength(1);
    expect(text.match(/\/Type \/Font\b/g)).toHaveLength(2);
    expect(text).not.toContain('/Subtype /Image');
  });

  it('writes the XLSX row by row: serial, URL, company, created date', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    // 02:30 UTC on the 10th is still the 9th in São Paulo, the day the sheet must show.
    const createdAt = new Date(Date.UTC(2025, 2, 10, 2, 30));
    await renderXlsxTags(
      chunks(
        serials.map((serial) => ({ serial, createdAt })),
        8,
      ),
      out,
      { publicUrl: PUBLIC_URL, companyName: 'Empresa Ação', timeZone: 'America/Sao_Paulo' },
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('Tags')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([...XLSX_HEADER]);
    expect(rows.slice(1)).toEqual(
      serials.map((s) => [s, tagUrl(PUBLIC_URL, s), 'Empresa Ação', '09/03/2025']),
    );
  });
});
