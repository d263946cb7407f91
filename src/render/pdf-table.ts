import { setImmediate as tick } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, PDFName } from 'pdf-lib';
import { embedDocumentFonts } from './fonts/truetype.ts';

/** A4 landscape in points. */
export const LANDSCAPE = { width: 841.89, height: 595.28, margin: 28 } as const;
const BODY = 7;
/** the second line of a cell (a SKU, a status text): smaller and grey */
const SECOND = 6;
const HEAD = 7;
const HEAD_H = 12;
const ROW_H = 19;
const PAD = 3;
const FOOTER_Y = 16;
/** the smallest size a `whole` cell shrinks to before it wraps */
const WHOLE_MIN = 5;
/** baseline of a cell's first line below the row's top, and the distance between wrapped lines */
const FIRST_BASE = 8.5;
const WHOLE_LEADING = 7.5;

export interface PdfTableColumn {
  header: string;
  /** points */
  width: number;
  /**
   * Never cut (a tag serial, the key a technician looks for on paper): the text shrinks to the
   * column down to WHOLE_MIN points, then wraps over as many lines as it needs (the row grows).
   */
  whole?: boolean;
}

/**
 * A row: one text per column; a text with a line break is two lines, the second smaller and grey
 * (a product's SKU under its name, a date's status under the date).
 */
export type PdfRow = string[];

export interface PdfTableOptions {
  title: string;
  /** under the title on the first page (e.g. "Emitido em …") */
  subtitle?: string;
  /** lines printed on the first page before the table (the filters applied) */
  preamble: string[];
  columns: PdfTableColumn[];
  /** called after each batch with the number of rows drawn so far */
  onProgress?: (done: number) => Promise<void> | void;
}

/**
 * Text the embedded font can draw (fonts/truetype.ts: "CO₂" included); a character it has no glyph
 * for falls back to its compatibility form, else "?". Widths are cached per character.
 */
export class FontText {
  private readonly charset: Set<number>;
  private readonly widths = new Map<string, number>();
  private readonly safe = new Map<string, string>();
  /** the font's resource name on each page (pdf-lib makes one per page) */
  private readonly keys = new Map<PDFPage, string>();
  /** the page being drawn */
  private key = '';
  constructor(readonly font: PDFFont) {
    this.charset = new Set(font.getCharacterSet());
  }
  /** Draws on `page` from now on (registering the font there once). */
  drawOn(page: PDFPage): void {
    let key = this.keys.get(page);
    if (!key) {
      key = page.node.newFontDictionary(this.font.name, this.font.ref).asString();
      this.keys.set(page, key);
    }
    this.key = key;
  }
  private safeChar(ch: string): string {
    let s = this.safe.get(ch);
    if (s === undefined) {
      const drawable = (c: string) => this.charset.has(c.codePointAt(0)!);
      s = drawable(ch)
        ? ch
        : [...ch.normalize('NFKD')].filter(drawable).join('') || (/\s/.test(ch) ? ' ' : '?');
      this.safe.set(ch, s);
    }
    return s;
  }
  clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\r\n\t]+/g, ' ')) out += this.safeChar(ch);
    return out;
  }
  private charWidth(ch: string): number {
    let w = this.widths.get(ch);
    if (w === undefined) {
      w = this.font.widthOfTextAtSize(ch, 1);
      this.widths.set(ch, w);
    }
    return w;
  }
  width(text: string, size: number): number {
    let w = 0;
    for (const ch of text) w += this.charWidth(ch);
    return w * size;
  }
  /** `text` cut to `max` points, ending in "…" when cut. */
  fit(text: string, size: number, max: number): string {
    const clean = this.clean(text);
    if (this.width(clean, size) <= max) return clean;
    const room = max - this.width('…', size);
    let w = 0;
    let out = '';
    for (const ch of clean) {
      w += this.charWidth(ch) * size;
      if (w > room) break;
      out += ch;
    }
    return `${out.trimEnd()}…`;
  }
  /**
   * `text` whole within `max` points: one line at `size` or smaller (down to `min`), else lines
   * at `size` broken between characters. Never cut.
   */
  whole(text: string, size: number, min: number, max: number): { size: number; lines: string[] } {
    const clean = this.clean(text);
    const w = this.width(clean, 1);
    if (w * size <= max) return { size, lines: [clean] };
    if (w * min <= max) return { size: Math.floor((max / w) * 10) / 10, lines: [clean] };
    const lines: string[] = [];
    let line = '';
    let used = 0;
    for (const ch of clean) {
      const cw = this.charWidth(ch) * size;
      if (line && used + cw > max) {
        lines.push(line);
        line = '';
        used = 0;
      }
      line += ch;
      used += cw;
    }
    lines.push(line);
    return { size, lines };
  }
  /** The operator drawing `text` (already clean) at x, y. */
  draw(text: string, size: number, x: number, y: number): string {
    return `BT ${this.key} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${this.font.encodeText(text).toString()} Tj ET`;
  }
}

/**
 * A paged table with pdf-lib, drawn the cheap way (like the QR labels): each page's text and lines
 * are one deflated content stream of raw operators. The header row repeats on every page, the
 * first page carries the title and the preamble, and each page ends with "Página N de M" (written
 * once the last page is known). Yields to the event loop after each batch so a worker's job lock
 * keeps renewing. Rows arrive in batches; only the PDF being built is held.
 */
export async function renderPdfTable(
  batches: AsyncIterable<PdfRow[]>,
  opts: PdfTableOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(opts.title);
  doc.setProducer('EquipCheck');
  doc.setCreationDate(new Date());
  const { regular, bold } = await embedDocumentFonts(doc);
  const { width: W, height: H, margin: M } = LANDSCAPE;
  const bottom = M + 8;

  let page: PDFPage | null = null;
  let ops: string[] = [];
  let y = 0;
  const text = new FontText(regular);
  const strong = new FontText(bold);
  const pages: PDFPage[] = [];

  const flush = () => {
    if (!page) return;
    const stream = doc.context.stream(deflateSync(Buffer.from(ops.join('\n'), 'latin1')), {
      Filter: PDFName.of('FlateDecode'),
    });
    page.node.addContentStream(doc.context.register(stream));
    ops = [];
  };
  const headerRow = () => {
    ops.push(`0.88 g ${M} ${(y - HEAD_H).toFixed(2)} ${(W - 2 * M).toFixed(2)} ${HEAD_H} re f 0 g`);
    let x = M;
    for (const c of opts.columns) {
      ops.push(strong.draw(strong.fit(c.header, HEAD, c.width - 2 * PAD), HEAD, x + PAD, y - HEAD_H + 3.8));
      x += c.width;
    }
    y -= HEAD_H;
  };
  const newPage = () => {
    flush();
    page = doc.addPage([W, H]);
    pages.push(page);
    text.drawOn(page);
    strong.drawOn(page);
    y = H - M;
    if (pages.length === 1) {
      ops.push(strong.draw(strong.clean(opts.title), 14, M, y - 14));
      y -= 22;
      if (opts.subtitle) {
        ops.push(text.draw(text.clean(opts.subtitle), 8, M, y - 8));
        y -= 14;
      }
      for (const line of opts.preamble) {
        ops.push(text.draw(text.fit(line, 8, W - 2 * M), 8, M, y - 8));
        y -= 11;
      }
      y -= 6;
    }
    headerRow();
  };

  newPage();
  let done = 0;
  let row = 0;
  for await (const batch of batches) {
    for (const cells of batch) {
      // Whole cells first: a wrapped one makes the row taller.
      let rowH = ROW_H;
      const wholes = opts.columns.map((c, i) => {
        if (!c.whole || !cells[i]) return null;
        const fitted = text.whole(cells[i]!, BODY, WHOLE_MIN, c.width - 2 * PAD);
        rowH = Math.max(rowH, FIRST_BASE + (fitted.lines.length - 1) * WHOLE_LEADING + 4);
        return fitted;
      });
      if (y - rowH < bottom) newPage();
      if (row % 2 === 1)
        ops.push(
          `0.96 g ${M} ${(y - rowH).toFixed(2)} ${(W - 2 * M).toFixed(2)} ${rowH.toFixed(2)} re f 0 g`,
        );
      let x = M;
      opts.columns.forEach((c, i) => {
        const fitted = wholes[i];
        if (fitted) {
          fitted.lines.forEach((line, k) => {
            ops.push(text.draw(line, fitted.size, x + PAD, y - FIRST_BASE - k * WHOLE_LEADING));
          });
          x += c.width;
          return;
        }
        const [first = '', second = ''] = (cells[i] ?? '').split('\n', 2);
        const room = c.width - 2 * PAD;
        if (first) ops.push(text.draw(text.fit(first, BODY, room), BODY, x + PAD, y - FIRST_BASE));
        if (second)
          ops.push(`0.35 g ${text.draw(text.fit(second, SECOND, room), SECOND, x + PAD, y - 16)} 0 g`);
        x += c.width;
      });
      y -= rowH;
      row++;
      // Let I/O run meanwhile (the next batch's queries, the job lock).
      if (row % 100 === 0) await tick();
    }
    done += batch.length;
    await opts.onProgress?.(done);
    await tick();
  }
  if (row === 0) ops.push(text.draw('Lista vazia', BODY, M + PAD, y - 8.5));
  flush();

  // Page numbers, now that the count is known: one small stream more per page.
  const total = pages.length;
  pages.forEach((p, i) => {
    text.drawOn(p);
    const label = `Página ${i + 1} de ${total}`;
    const footer = [
      text.draw(text.fit(opts.title, BODY, W / 2), BODY, M, FOOTER_Y),
      text.draw(text.clean(label), BODY, W - M - text.width(text.clean(label), BODY), FOOTER_Y),
    ].join('\n');
    const stream = doc.context.stream(deflateSync(Buffer.from(footer, 'latin1')), {
      Filter: PDFName.of('FlateDecode'),
    });
    p.node.addContentStream(doc.context.register(stream));
  });
  return doc.save({ useObjectStreams: false });
}
