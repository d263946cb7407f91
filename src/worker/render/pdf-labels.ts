import { setImmediate as tick } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { tagUrl } from '../../shared/qr/serial.ts';
import { qrPdfOps } from './qr-matrix.ts';

/** A4 in points, 4 × 6 labels per sheet. */
export const PAGE = { width: 595.28, height: 841.89, margin: 28, cols: 4, rows: 6 } as const;
export const LABELS_PER_PAGE = PAGE.cols * PAGE.rows;
const QR_SIDE = 104; // points, quiet zone included
const FONT_SIZE = 9;

export interface LabelItem {
  serial: string;
}

export interface PdfLabelOptions {
  publicUrl: string;
  title?: string;
  /** called after each page with the number of labels drawn so far */
  onProgress?: (done: number) => Promise<void> | void;
}

/**
 * A4 sheets of QR labels with pdf-lib, drawn the cheap way (DESIGN §7): each code is run-length
 * merged vector rectangles, all of a page's labels go into one deflated content stream, and the
 * font is embedded once. Yields to the event loop after each page so the BullMQ lock keeps renewing.
 */
export async function renderPdfLabels(
  batches: AsyncIterable<LabelItem[]> | Iterable<LabelItem[]>,
  opts: PdfLabelOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(opts.title ?? 'Tags QR Code');
  doc.setProducer('EquipCheck');
  doc.setCreationDate(new Date());
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const cellW = (PAGE.width - 2 * PAGE.margin) / PAGE.cols;
  const cellH = (PAGE.height - 2 * PAGE.margin) / PAGE.rows;

  let pending: LabelItem[] = [];
  let done = 0;
  const flushPage = async (items: LabelItem[]) => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const fontKey = page.node.newFontDictionary(font.name, font.ref).asString();
    const ops: string[] = [];
    items.forEach((item, i) => {
      const col = i % PAGE.cols;
      const row = Math.floor(i / PAGE.cols);
      const cellX = PAGE.margin + col * cellW;
      const cellTop = PAGE.height - PAGE.margin - row * cellH;
      const x0 = cellX + (cellW - QR_SIDE) / 2;
      const y0 = cellTop - 6;
      ops.push(qrPdfOps(tagUrl(opts.publicUrl, item.serial), x0, y0, QR_SIDE));
      const textW = font.widthOfTextAtSize(item.serial, FONT_SIZE);
      const tx = cellX + (cellW - textW) / 2;
      const ty = y0 - QR_SIDE - FONT_SIZE + 2;
      ops.push(
        `BT ${fontKey} ${FONT_SIZE} Tf ${tx.toFixed(2)} ${ty.toFixed(2)} Td ${font.encodeText(item.serial).toString()} Tj ET`,
      );
    });
    ops.unshift('0 0 0 rg');
    const stream = doc.context.stream(deflateSync(Buffer.from(ops.join('\n'), 'latin1')), {
      Filter: PDFName.of('FlateDecode'),
    });
    page.node.addContentStream(doc.context.register(stream));
    done += items.length;
    await opts.onProgress?.(done);
    await tick();
  };

  for await (const batch of batches) {
    pending.push(...batch);
    while (pending.length >= LABELS_PER_PAGE) {
      await flushPage(pending.slice(0, LABELS_PER_PAGE));
      pending = pending.slice(LABELS_PER_PAGE);
    }
  }
  if (pending.length > 0 || doc.getPageCount() === 0) await flushPage(pending);
  return doc.save({ useObjectStreams: false });
}
