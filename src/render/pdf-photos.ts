/**
 * A record's photos in its PDF (issue 29 item 1): the images themselves, two per row under a
 * "Fotos" heading, each scaled into its cell with its caption below, continuing on new pages. A
 * JPEG's EXIF orientation is honoured by turning the image as it is drawn (pdf-lib ignores it).
 */
import { degrees, type PDFDocument, type PDFImage } from 'pdf-lib';
import type { DocumentPhoto } from '../shared/documents/document-types.ts';
import { photoOrientation } from '../shared/photos/image-bytes.ts';
import { BODY, CONTENT_W, LEADING, M, MUTED, type Writer, wrapText } from './record-pdf.ts';

const GAP = 14;
const CELL_W = (CONTENT_W - GAP) / 2;
/** Tallest a photo is drawn: three rows fit on a page. */
const CELL_H = 210;

/** Where and how to draw an image so it shows upright in the box (x, y, w, h) — w, h as shown. */
function placement(orientation: number, x: number, y: number, w: number, h: number) {
  // Mirrored orientations (2, 4, 5, 7) are drawn as their nearest turn: phones do not write them.
  if (orientation === 6 || orientation === 5)
    return { x, y: y + h, width: h, height: w, rotate: degrees(-90) };
  if (orientation === 8 || orientation === 7)
    return { x: x + w, y, width: h, height: w, rotate: degrees(90) };
  if (orientation === 3 || orientation === 4)
    return { x: x + w, y: y + h, width: w, height: h, rotate: degrees(180) };
  return { x, y, width: w, height: h, rotate: degrees(0) };
}

async function embed(pdf: PDFDocument, p: DocumentPhoto): Promise<PDFImage | null> {
  try {
    return p.type === 'image/png' ? await pdf.embedPng(p.bytes) : await pdf.embedJpg(p.bytes);
  } catch {
    return null; // a file that is not what its row says is left out, not the whole document
  }
}

export async function drawPhotos(w: Writer, pdf: PDFDocument, photos: DocumentPhoto[]): Promise<void> {
  if (!photos.length) return;
  w.heading('Fotos', CELL_H + 2 * LEADING);
  for (let i = 0; i < photos.length; i += 2) {
    const row = photos.slice(i, i + 2);
    const captions = row.map((p) => wrapText(w.text(p.caption), w.font, BODY, CELL_W).slice(0, 2));
    const captionH = Math.max(...captions.map((c) => c.length)) * LEADING;
    w.need(CELL_H + captionH + GAP);
    for (const [k, p] of row.entries()) {
      const image = await embed(pdf, p);
      const x = M + k * (CELL_W + GAP);
      if (image) {
        const turned = photoOrientation(p.bytes) >= 5;
        const shownW = turned ? image.height : image.width;
        const shownH = turned ? image.width : image.height;
        const scale = Math.min(CELL_W / shownW, CELL_H / shownH);
        const dw = shownW * scale;
        const dh = shownH * scale;
        const box = placement(photoOrientation(p.bytes), x + (CELL_W - dw) / 2, w.y - dh, dw, dh);
        w.page.drawImage(image, box);
      }
      captions[k]!.forEach((line, n) => {
        w.page.drawText(line, {
          x,
          y: w.y - CELL_H - (n + 1) * LEADING + 3,
          size: BODY,
          font: w.font,
          color: MUTED,
        });
      });
    }
    w.y -= CELL_H + captionH + GAP;
  }
}
