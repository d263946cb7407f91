/**
 * The printable service order as an A4 portrait PDF, drawn with the per-record documents' writer
 * (record-pdf.ts): the title and company, the order's fields, then one block per equipment with the
 * QR code of its tag's page on the left (drawn like the labels', `qrPdfOps`) and its details beside
 * it. Blocks never split across pages; the text is real text (searchable, extractable).
 */
import { PDFDocument } from 'pdf-lib';
import type { ServiceOrderDocument } from '../shared/documents/document-types.ts';
import { embedDocumentFonts } from './fonts/truetype.ts';
import { qrPdfOps } from './qr-matrix.ts';
import {
  BODY,
  CONTENT_W,
  drawFooters,
  drawSection,
  H,
  LEADING,
  M,
  MUTED,
  PAD,
  RULE,
  type RowStyle,
  Writer,
  wrapText,
} from './record-pdf.ts';

/** Side of each equipment's QR code, quiet zone included (~28 mm: scans from a printout). */
export const ITEM_QR_SIDE = 80;

function drawHeader(w: Writer, doc: ServiceOrderDocument): void {
  let y = H - M;
  for (const line of wrapText(w.text(doc.title), w.bold, 16, CONTENT_W)) {
    w.page.drawText(line, { x: M, y: y - 16, size: 16, font: w.bold });
    y -= 20;
  }
  y -= 4;
  for (const line of wrapText(w.text(doc.companyName), w.font, 12, CONTENT_W)) {
    w.page.drawText(line, { x: M, y: y - 12, size: 12, font: w.font });
    y -= 15;
  }
  w.y = y - 6;
}

/**
 * One equipment: its QR code on the left, "Label: value" lines on the right (the label in bold, the
 * value right after it on the same line, so text extraction reads each line whole), ruled below.
 */
function drawEquipment(w: Writer, e: ServiceOrderDocument['equipment'][number]): void {
  const textX = M + ITEM_QR_SIDE + 8 + PAD;
  const textW = CONTENT_W - ITEM_QR_SIDE - 8 - 2 * PAD;
  const lines = e.fields.map((f) => {
    const label = w.text(`${f.label}: `);
    const labelW = w.bold.widthOfTextAtSize(label, BODY);
    return { label, labelW, value: wrapText(w.text(f.value), w.font, BODY, Math.max(20, textW - labelW)) };
  });
  const textH = lines.reduce((n, l) => n + l.value.length, 0) * LEADING;
  const h = Math.max(ITEM_QR_SIDE, textH) + 2 * PAD;
  w.need(h);
  const top = w.y;
  const ops = qrPdfOps(e.url, M, top - PAD, ITEM_QR_SIDE);
  const context = w.page.doc.context;
  w.page.node.addContentStream(context.register(context.flateStream(`q 0 0 0 rg\n${ops}\nQ`)));
  let y = top - PAD - (ITEM_QR_SIDE > textH ? (ITEM_QR_SIDE - textH) / 2 : 0);
  for (const l of lines) {
    w.page.drawText(l.label, { x: textX, y: y - LEADING + 3, size: BODY, font: w.bold });
    for (const v of l.value) {
      if (v) w.page.drawText(v, { x: textX + l.labelW, y: y - LEADING + 3, size: BODY, font: w.font });
      y -= LEADING;
    }
  }
  w.y = top - h;
  w.page.drawLine({
    start: { x: M, y: w.y },
    end: { x: M + CONTENT_W, y: w.y },
    thickness: 0.5,
    color: RULE,
  });
}

export async function renderServiceOrderPdf(doc: ServiceOrderDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(doc.title);
  pdf.setProducer('EquipCheck');
  pdf.setCreationDate(new Date());
  const { regular: font, bold } = await embedDocumentFonts(pdf);
  const w = new Writer(pdf, font, bold, `${doc.title} (continuação)`);
  w.newPage(true);
  drawHeader(w, doc);
  for (const section of doc.sections) drawSection(w, section);
  w.heading(doc.equipmentTitle, ITEM_QR_SIDE + 2 * PAD);
  if (doc.equipment.length === 0) {
    const style: RowStyle = { xs: [0], widths: [CONTENT_W], fonts: [font], colors: [MUTED], ruled: false };
    w.row(w.lines(['Nenhum equipamento.'], style), style);
  }
  for (const e of doc.equipment) drawEquipment(w, e);
  drawFooters(pdf, font);
  return pdf.save();
}
