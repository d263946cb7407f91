/**
 * One record's document as an A4 portrait PDF (pdf-lib): a header with the title, the company and
 * the tag's QR code (drawn like the labels', `qrPdfOps`), the record's sections as label/value rows
 * and its tables (attributes, answers, parts). Text is real text in the embedded DejaVu Sans
 * (fonts/truetype.ts: "CO₂" included), so it can be searched and extracted; long values wrap, and content that does not fit continues on
 * another page (headers of a table repeated, a row taller than a page split by lines), never clipped.
 * The printable service order (service-order-pdf.ts) is drawn with the same writer and helpers.
 */
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type {
  DocumentSection,
  DocumentTable,
  RecordDocument,
  Tone,
} from '../shared/documents/document-types.ts';
import { embedDocumentFonts } from './fonts/truetype.ts';
import { qrPdfOps } from './qr-matrix.ts';

/** A4 portrait in points, and the margin. */
export const W = 595.28;
export const H = 841.89;
export const M = 40;
export const CONTENT_W = W - 2 * M;
/** Side of the tag's QR code at the top right, quiet zone included (~35 mm: scans from a printout). */
const QR_SIDE = 100;
export const BODY = 9;
export const LEADING = 12;
export const PAD = 3;
const LABEL_W = 130;
const FOOTER = 24;
const BLACK = rgb(0, 0, 0);
export const MUTED = rgb(0.4, 0.4, 0.4);
const RED = rgb(0.75, 0.08, 0.08);
export const RULE = rgb(0.82, 0.82, 0.82);
export const HEAD_FILL = rgb(0.93, 0.93, 0.93);

const QUANTITY = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** Quantities as Brazilians write them (4,5). */
/**
 * What the font has no glyph for (an emoji, CJK) becomes its unaccented letters when those exist,
 * else "?"; controls become spaces. Line breaks are kept for wrapping.
 */
function sanitizer(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  const ok = (s: string) => [...s].every((c) => known.has(c.codePointAt(0)!));
  return (text) => {
    let out = '';
    for (const ch of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
      if (ch === '\n' || ok(ch)) out += ch;
      else if (/\p{Cc}/u.test(ch)) out += ' ';
      else {
        const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
        out += plain && ok(plain) ? plain : '?';
      }
    }
    return out;
  };
}

/** Lines of at most `width` points: words wrap at spaces, a word longer than a line is cut. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (!fits(rest)) {
        // As many characters as fit (at least one), measured one by one: linear in the word.
        let n = 0;
        let used = 0;
        while (n < rest.length) {
          const cw = font.widthOfTextAtSize(rest[n]!, size);
          if (n > 0 && used + cw > width) break;
          used += cw;
          n++;
        }
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface RowStyle {
  /** column x offsets from the left margin, and widths */
  xs: number[];
  widths: number[];
  fonts: PDFFont[];
  colors: Color[];
  fill?: Color;
  ruled: boolean;
}

/** Draws top to bottom across pages; `y` is the top of the room left on the current page. */
export class Writer {
  page!: PDFPage;
  y = 0;
  private readonly clean: (s: string) => string;
  /** redrawn after a page break inside a table (its column headers) */
  private repeat: (() => void) | null = null;

  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    private readonly continuation: string,
  ) {
    this.clean = sanitizer(font);
  }

  text(s: string): string {
    return this.clean(s);
  }

  get bottom(): number {
    return M + FOOTER;
  }

  newPage(first = false): void {
    this.page = this.doc.addPage([W, H]);
    this.y = H - M;
    if (!first) {
      this.page.drawText(this.text(this.continuation), {
        x: M,
        y: this.y - BODY,
        size: BODY,
        font: this.font,
        color: MUTED,
      });
      this.y -= LEADING + 8;
      this.repeat?.();
    }
  }

  /** Room for `height` more points on this page, else a new one. */
  need(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  heading(title: string, keepWith: number): void {
    this.need(22 + keepWith);
    this.y -= 8;
    this.page.drawText(this.text(title), { x: M, y: this.y - 11, size: 11, font: this.bold, color: BLACK });
    this.y -= 18;
  }

  lines(cells: string[], style: RowStyle): string[][] {
    return cells.map((c, i) =>
      wrapText(this.text(c), style.fonts[i]!, BODY, Math.max(10, style.widths[i]! - 2 * PAD)),
    );
  }

  rowHeight(lines: string[][]): number {
    return Math.max(...lines.map((l) => l.length)) * LEADING + 2 * PAD;
  }

  /**
   * One row of cells. A row that fits on a fresh page but not here starts on the next page; a row
   * taller than a page is split between its lines.
   */
  row(lines: string[][], style: RowStyle): void {
    const total = Math.max(...lines.map((l) => l.length));
    const fresh = H - 2 * M - FOOTER - 2 * LEADING - 20;
    if (this.y - this.rowHeight(lines) < this.bottom && this.rowHeight(lines) <= fresh) this.newPage();
    let start = 0;
    while (start < total) {
      const room = Math.floor((this.y - this.bottom - 2 * PAD) / LEADING);
      if (room <= 0) {
        this.newPage();
        continue;
      }
      const n = Math.min(room, total - start);
      const h = n * LEADING + 2 * PAD;
      if (style.fill)
        this.page.drawRectangle({ x: M, y: this.y - h, width: CONTENT_W, height: h, color: style.fill });
      lines.forEach((cell, i) => {
        cell.slice(start, start + n).forEach((line, k) => {
          if (!line) return;
          this.page.drawText(line, {
            x: M + style.xs[i]! + PAD,
            y: this.y - PAD - (k + 1) * LEADING + 3,
            size: BODY,
            font: style.fonts[i]!,
            color: style.colors[i]!,
          });
        });
      });
      this.y -= h;
      if (style.ruled)
        this.page.drawLine({
          start: { x: M, y: this.y },
          end: { x: M + CONTENT_W, y: this.y },
          thickness: 0.5,
          color: RULE,
        });
      start += n;
      if (start < total) this.newPage();
    }
  }

  /** Sets what a page break inside the current table redraws (null after the table). */
  repeatOnBreak(fn: (() => void) | null): void {
    this.repeat = fn;
  }
}

const toneColor = (tone: Tone) => (tone === 'bad' ? RED : BLACK);

/** Label/value rows under the section's title. */
export function drawSection(w: Writer, section: DocumentSection): void {
  w.heading(section.title, LEADING + 2 * PAD);
  const xs = [0, LABEL_W];
  const widths = [LABEL_W, CONTENT_W - LABEL_W];
  for (const f of section.fields) {
    const style: RowStyle = {
      xs,
      widths,
      fonts: [w.bold, w.font],
      colors: [BLACK, toneColor(f.tone)],
      ruled: false,
    };
    w.row(w.lines([f.label, f.value], style), style);
  }
}

/** A ruled table with a shaded header row, repeated on every page it continues on. */
export function drawTable(w: Writer, table: DocumentTable): void {
  const { xs, widths } = columns(table.widths);
  const styleOf = (font: PDFFont, colors: Color[], fill?: Color): RowStyle => ({
    xs,
    widths,
    fonts: colors.map(() => font),
    colors,
    fill,
    ruled: true,
  });
  const headStyle = styleOf(
    w.bold,
    table.columns.map(() => BLACK),
    HEAD_FILL,
  );
  const head = w.lines(table.columns, headStyle);
  const rows = table.rows.map((r) => {
    // A negative answer is red; the question it answers stays black.
    const style = styleOf(
      w.font,
      r.cells.map((_c, i) => (i === 0 ? BLACK : toneColor(r.tone))),
    );
    return { lines: w.lines(r.cells.map(cellText), style), style };
  });
  w.heading(table.title, w.rowHeight(head) + (rows[0] ? w.rowHeight(rows[0].lines) : LEADING + 2 * PAD));
  if (rows.length === 0) {
    const style: RowStyle = { xs: [0], widths: [CONTENT_W], fonts: [w.font], colors: [MUTED], ruled: false };
    w.row(w.lines([table.empty], style), style);
    return;
  }
  w.row(head, headStyle);
  w.repeatOnBreak(() => w.row(head, headStyle));
  for (const r of rows) w.row(r.lines, r.style);
  w.repeatOnBreak(null);
}

/** Column offsets and widths from relative widths. */
function columns(widths: number[]): { xs: number[]; widths: number[] } {
  const sum = widths.reduce((a, b) => a + b, 0);
  const ws = widths.map((w) => (CONTENT_W * w) / sum);
  const xs = ws.map((_w, i) => ws.slice(0, i).reduce((a, b) => a + b, 0));
  return { xs, widths: ws };
}

/** Title, company and the tag's QR code (with its serial under it) at the top of the first page. */
function drawHeader(w: Writer, doc: RecordDocument): void {
  const qrX = W - M - QR_SIDE;
  const top = H - M;
  const ops = qrPdfOps(doc.tag.url, qrX, top, QR_SIDE);
  const context = w.page.doc.context;
  w.page.node.addContentStream(context.register(context.flateStream(`q 0 0 0 rg\n${ops}\nQ`)));
  // The serial under the code, whole: smaller when wider than the code (down to 6 points), then
  // wrapped between characters; never cut nor running past the margin.
  const serial = w.text(doc.tag.serial);
  const size = Math.max(
    6,
    Math.min(BODY, Math.floor((BODY * QR_SIDE * 10) / w.bold.widthOfTextAtSize(serial, BODY)) / 10),
  );
  const serialLines = wrapText(serial, w.bold, size, QR_SIDE);
  serialLines.forEach((line, i) => {
    const sw = w.bold.widthOfTextAtSize(line, size);
    w.page.drawText(line, {
      x: qrX + (QR_SIDE - sw) / 2,
      y: top - QR_SIDE - size - i * (size + 2),
      size,
      font: w.bold,
    });
  });
  const serialBottom = top - QR_SIDE - serialLines.length * (size + 2);
  const textW = CONTENT_W - QR_SIDE - 16;
  let y = top;
  for (const line of wrapText(w.text(doc.title), w.bold, 16, textW)) {
    w.page.drawText(line, { x: M, y: y - 16, size: 16, font: w.bold });
    y -= 20;
  }
  y -= 4;
  for (const line of wrapText(w.text(doc.companyName), w.font, 12, textW)) {
    w.page.drawText(line, { x: M, y: y - 12, size: 12, font: w.font });
    y -= 15;
  }
  w.y = Math.min(y, serialBottom - 4) - 6;
}

/** "Página n de N" at the bottom of every page, once all pages exist. */
export function drawFooters(pdf: PDFDocument, font: PDFFont): void {
  const pages = pdf.getPages();
  pages.forEach((page, i) => {
    const text = `Página ${i + 1} de ${pages.length}`;
    page.drawText(text, {
      x: W - M - font.widthOfTextAtSize(text, 8),
      y: M,
      size: 8,
      font,
      color: MUTED,
    });
  });
}

export async function renderRecordPdf(doc: RecordDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${doc.title} — ${doc.tag.serial}`);
  pdf.setProducer('EquipCheck');
  pdf.setCreationDate(new Date());
  const { regular: font, bold } = await embedDocumentFonts(pdf);
  const w = new Writer(pdf, font, bold, `${doc.title} — tag ${doc.tag.serial} (continuação)`);
  w.newPage(true);
  drawHeader(w, doc);

  for (const section of doc.sections) drawSection(w, section);
  for (const table of doc.tables) drawTable(w, table);
  if (doc.photos?.length) await (await import('./pdf-photos.ts')).drawPhotos(w, pdf, doc.photos);
  if (doc.seal) await (await import('./record-seal-pdf.ts')).drawSeal(w, pdf, doc.seal);

  drawFooters(pdf, font);
  return pdf.save();
}

/** Quantities as Brazilians write them (4,5). */
function cellText(v: string | number): string {
  return typeof v === 'number' ? QUANTITY.format(v) : v;
}
