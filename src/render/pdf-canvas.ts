/**
 * The page canvas both table renderers draw on (`pdf-table.ts`, `sectioned-pdf.ts`): an A4
 * landscape document with the embedded fonts, each page's text and lines written as ONE deflated
 * content stream of raw operators (the cheap way, like the QR labels), a table's grey header row,
 * zebra stripes, and "Página N de M" with the title at each page's foot once the count is known.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, PDFName } from 'pdf-lib';
import { embedDocumentFonts } from './fonts/truetype.ts';

/** A4 landscape in points. */
export const LANDSCAPE = { width: 841.89, height: 595.28, margin: 28 } as const;
const HEAD_H = 12;
const PAD = 3;
const FOOTER_Y = 16;
const FOOTER_SIZE = 7;

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

/** A landscape document being drawn: the current page's operators and where the next line goes (`y`). */
export class PdfCanvas {
  readonly pages: PDFPage[] = [];
  /** the current page's operators, written as its content stream by `flush` (then emptied) */
  readonly ops: string[] = [];
  /** the top of what is drawn next, in points from the page's foot */
  y = 0;
  private constructor(
    readonly doc: PDFDocument,
    readonly text: FontText,
    readonly strong: FontText,
  ) {}

  static async open(title: string): Promise<PdfCanvas> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(title);
    doc.setProducer('EquipCheck');
    doc.setCreationDate(new Date());
    const { regular, bold } = await embedDocumentFonts(doc);
    return new PdfCanvas(doc, new FontText(regular), new FontText(bold));
  }

  /** Writes the current page's operators as its one deflated stream. */
  flush(): void {
    const page = this.pages.at(-1);
    if (!page) return;
    this.addStream(page, this.ops.join('\n'));
    this.ops.length = 0;
  }

  /** A new page (the previous one written out), `y` at its top margin. */
  addPage(): void {
    this.flush();
    const page = this.doc.addPage([LANDSCAPE.width, LANDSCAPE.height]);
    this.pages.push(page);
    this.text.drawOn(page);
    this.strong.drawOn(page);
    this.y = LANDSCAPE.height - LANDSCAPE.margin;
  }

  /** The first page's title (14 pt, bold) and the lines under it, each cut to the page, then a gap. */
  titleBlock(title: string, lines: readonly { text: string; size: number; leading: number }[]): void {
    const { width: W, margin: M } = LANDSCAPE;
    this.ops.push(this.strong.draw(this.strong.clean(title), 14, M, this.y - 14));
    this.y -= 22;
    for (const l of lines) {
      this.ops.push(this.text.draw(this.text.fit(l.text, l.size, W - 2 * M), l.size, M, this.y - l.size));
      this.y -= l.leading;
    }
    this.y -= 6;
  }

  /** A table's grey header row at `y`, each header cut to its column. */
  headerRow(columns: readonly { header: string; width: number }[], size: number): void {
    const { width: W, margin: M } = LANDSCAPE;
    const y = this.y;
    this.ops.push(`0.88 g ${M} ${(y - HEAD_H).toFixed(2)} ${(W - 2 * M).toFixed(2)} ${HEAD_H} re f 0 g`);
    let x = M;
    for (const c of columns) {
      this.ops.push(
        this.strong.draw(this.strong.fit(c.header, size, c.width - 2 * PAD), size, x + PAD, y - HEAD_H + 3.8),
      );
      x += c.width;
    }
    this.y -= HEAD_H;
  }

  /** The light band behind an odd row `h` points tall. */
  stripe(h: number): void {
    const { width: W, margin: M } = LANDSCAPE;
    this.ops.push(
      `0.96 g ${M} ${(this.y - h).toFixed(2)} ${(W - 2 * M).toFixed(2)} ${h.toFixed(2)} re f 0 g`,
    );
  }

  /** The last page written, each page's foot (title, "Página N de M"), the file. */
  async finish(title: string): Promise<Uint8Array> {
    this.flush();
    const { width: W, margin: M } = LANDSCAPE;
    const text = this.text;
    this.pages.forEach((p, i) => {
      text.drawOn(p);
      const label = text.clean(`Página ${i + 1} de ${this.pages.length}`);
      this.addStream(
        p,
        [
          text.draw(text.fit(title, FOOTER_SIZE, W / 2), FOOTER_SIZE, M, FOOTER_Y),
          text.draw(label, FOOTER_SIZE, W - M - text.width(label, FOOTER_SIZE), FOOTER_Y),
        ].join('\n'),
      );
    });
    return this.doc.save({ useObjectStreams: false });
  }

  private addStream(page: PDFPage, operators: string): void {
    const stream = this.doc.context.stream(deflateSync(Buffer.from(operators, 'latin1')), {
      Filter: PDFName.of('FlateDecode'),
    });
    page.node.addContentStream(this.doc.context.register(stream));
  }
}
