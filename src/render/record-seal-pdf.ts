/**
 * A signed record's block at the end of its PDF (issue 29): the signature drawings side by side
 * with their captions, then the QR code of the public verify page beside the verification code. A
 * drawing pdf-lib cannot read (the server checks PNGs; a defensive case) leaves its caption alone.
 */
import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { RecordSeal } from '../shared/documents/document-types.ts';
import { qrPdfOps } from './qr-matrix.ts';
import { BODY, CONTENT_W, LEADING, M, MUTED, RULE, type Writer, wrapText } from './record-pdf.ts';

const SIGN_H = 70;
const GAP = 16;
const SEAL_QR = 80;

async function embed(pdf: PDFDocument, png: Uint8Array): Promise<PDFImage | null> {
  try {
    return await pdf.embedPng(png);
  } catch {
    return null;
  }
}

export async function drawSeal(w: Writer, pdf: PDFDocument, seal: RecordSeal): Promise<void> {
  const images = await Promise.all(seal.signatures.map((s) => embed(pdf, s.png)));
  const boxW = (CONTENT_W - GAP) / 2;
  w.heading(seal.title, SIGN_H + 2 * LEADING);
  seal.signatures.forEach((s, i) => {
    const x = M + i * (boxW + GAP);
    const img = images[i];
    if (img) {
      const scale = Math.min(boxW / img.width, SIGN_H / img.height, 1.5);
      w.page.drawImage(img, { x, y: w.y - SIGN_H, width: img.width * scale, height: img.height * scale });
    }
    w.page.drawLine({
      start: { x, y: w.y - SIGN_H - 2 },
      end: { x: x + boxW, y: w.y - SIGN_H - 2 },
      thickness: 0.5,
      color: RULE,
    });
    wrapText(w.text(s.caption), w.font, BODY, boxW)
      .slice(0, 2)
      .forEach((line, k) => {
        w.page.drawText(line, { x, y: w.y - SIGN_H - 4 - (k + 1) * LEADING + 3, size: BODY, font: w.font });
      });
  });
  w.y -= SIGN_H + 2 * LEADING + 8;

  w.need(SEAL_QR + 8);
  const top = w.y;
  const ops = qrPdfOps(seal.url, M, top, SEAL_QR);
  const context = w.page.doc.context;
  w.page.node.addContentStream(context.register(context.flateStream(`q 0 0 0 rg\n${ops}\nQ`)));
  let y = top - 14;
  const textX = M + SEAL_QR + 12;
  const textW = CONTENT_W - SEAL_QR - 12;
  for (const [i, text] of [...seal.lines, seal.url].entries()) {
    const font = i === 0 ? w.bold : w.font;
    const size = i === 0 ? 11 : BODY;
    for (const line of wrapText(w.text(text), font, size, textW)) {
      w.page.drawText(line, { x: textX, y, size, font, color: i === 0 ? undefined : MUTED });
      y -= size + 4;
    }
  }
  w.y = Math.min(top - SEAL_QR, y) - 8;
}
