/**
 * The TrueType font every PDF embeds (DejaVu Sans Condensed, regular and bold: its licence,
 * LICENSE-DejaVu.txt beside it, allows shipping it with software), so the documents print what the
 * product stores — "CO₂", "Ω", "Ő" — which the standard fonts (WinAnsi) cannot.
 *
 * pdf-lib embeds a TrueType font through a "fontkit" it is given; `@pdf-lib/fontkit` is not a
 * dependency, so this is the small part of one pdf-lib uses: a font's metrics, its cmap (Unicode →
 * glyph, formats 4 and 12), advance widths, and a subset of the glyphs a document used (renumbered
 * from 1, composite glyphs' components included) written as a TrueType file with the tables a PDF
 * viewer reads (head, hhea, maxp, hmtx, loca, glyf, cvt, fpgm, prep). No kerning, no ligatures:
 * one glyph per code point, as the standard fonts drew. A font is parsed once per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PDFDocument, PDFFont } from 'pdf-lib';

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface Table {
  offset: number;
  length: number;
}

class TrueTypeFont {
  readonly cff = false;
  readonly unitsPerEm: number;
  readonly postscriptName: string;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number; width: number; height: number };
  readonly head: { macStyle: { italic: boolean } };
  readonly post: { isFixedPitch: boolean };
  readonly 'OS/2': { sFamilyClass: number };
  readonly characterSet: number[];
  readonly numGlyphs: number;
  private readonly view: DataView;
  private readonly tables = new Map<string, Table>();
  private readonly cmap = new Map<number, number>();
  private readonly numberOfHMetrics: number;
  private readonly longLoca: boolean;
  /** glyph objects per code point, shared by every document */
  private readonly byCodePoint = new Map<number, Glyph>();

  constructor(readonly bytes: Uint8Array) {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.view = v;
    const n = v.getUint16(4);
    for (let i = 0; i < n; i++) {
      const r = 12 + 16 * i;
      const tag = String.fromCharCode(v.getUint8(r), v.getUint8(r + 1), v.getUint8(r + 2), v.getUint8(r + 3));
      this.tables.set(tag, { offset: v.getUint32(r + 8), length: v.getUint32(r + 12) });
    }
    const head = this.table('head').offset;
    this.unitsPerEm = v.getUint16(head + 18);
    const [minX, minY, maxX, maxY] = [36, 38, 40, 42].map((o) => v.getInt16(head + o)) as [
      number,
      number,
      number,
      number,
    ];
    this.bbox = { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
    this.head = { macStyle: { italic: (v.getUint16(head + 44) & 2) !== 0 } };
    this.longLoca = v.getInt16(head + 50) === 1;
    const hhea = this.table('hhea').offset;
    this.ascent = v.getInt16(hhea + 4);
    this.descent = v.getInt16(hhea + 6);
    this.numberOfHMetrics = v.getUint16(hhea + 34);
    this.numGlyphs = v.getUint16(this.table('maxp').offset + 4);
    const os2 = this.tables.get('OS/2');
    const os2Version = os2 ? v.getUint16(os2.offset) : 0;
    this['OS/2'] = { sFamilyClass: os2 ? v.getInt16(os2.offset + 30) : 0 };
    this.xHeight = os2 && os2Version >= 2 ? v.getInt16(os2.offset + 86) : 0;
    this.capHeight = os2 && os2Version >= 2 ? v.getInt16(os2.offset + 88) : this.ascent;
    const post = this.table('post').offset;
    this.italicAngle = v.getInt16(post + 4) + v.getUint16(post + 6) / 65536;
    this.post = { isFixedPitch: v.getUint32(post + 12) !== 0 };
    this.postscriptName = this.name(6) ?? 'Font';
    this.readCmap();
    this.characterSet = [...this.cmap.keys()].sort((a, b) => a - b);
  }

  table(tag: string): Table {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`TrueType font without a ${tag} table`);
    return t;
  }

  private name(id: number): string | undefined {
    const t = this.tables.get('name');
    if (!t) return undefined;
    const v = this.view;
    const count = v.getUint16(t.offset + 2);
    const strings = t.offset + v.getUint16(t.offset + 4);
    for (let i = 0; i < count; i++) {
      const r = t.offset + 6 + 12 * i;
      if (v.getUint16(r + 6) !== id) continue;
      const platform = v.getUint16(r);
      const length = v.getUint16(r + 8);
      const at = strings + v.getUint16(r + 10);
      let s = '';
      if (platform === 3 || platform === 0)
        for (let k = 0; k < length; k += 2) s += String.fromCharCode(v.getUint16(at + k));
      else for (let k = 0; k < length; k++) s += String.fromCharCode(v.getUint8(at + k));
      if (s) return s.replace(/[^\x21-\x7e]/g, '');
    }
    return undefined;
  }

  /** Unicode → glyph from the best subtable: format 12 (full Unicode) when there is one, else 4 (BMP). */
  private readCmap(): void {
    const v = this.view;
    const t = this.table('cmap').offset;
    const count = v.getUint16(t + 2);
    let best: { offset: number; format: number } | null = null;
    for (let i = 0; i < count; i++) {
      const platform = v.getUint16(t + 4 + 8 * i);
      const encoding = v.getUint16(t + 6 + 8 * i);
      const offset = t + v.getUint32(t + 8 + 8 * i);
      const format = v.getUint16(offset);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode || (format !== 4 && format !== 12)) continue;
      if (!best || (format === 12 && best.format === 4)) best = { offset, format };
    }
    if (!best) throw new Error('TrueType font without a Unicode cmap');
    const o = best.offset;
    if (best.format === 12) {
      const groups = v.getUint32(o + 12);
      for (let g = 0; g < groups; g++) {
        const r = o + 16 + 12 * g;
        const start = v.getUint32(r);
        const end = v.getUint32(r + 4);
        const glyph = v.getUint32(r + 8);
        for (let c = start; c <= end; c++) if (glyph + c - start) this.cmap.set(c, glyph + c - start);
      }
      return;
    }
    const segs = v.getUint16(o + 6) / 2;
    const ends = o + 14;
    const starts = ends + 2 * segs + 2;
    const deltas = starts + 2 * segs;
    const ranges = deltas + 2 * segs;
    for (let s = 0; s < segs; s++) {
      const end = v.getUint16(ends + 2 * s);
      const start = v.getUint16(starts + 2 * s);
      const delta = v.getInt16(deltas + 2 * s);
      const rangeAt = ranges + 2 * s;
      const range = v.getUint16(rangeAt);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let glyph: number;
        if (range === 0) glyph = (c + delta) & 0xffff;
        else {
          glyph = v.getUint16(rangeAt + range + 2 * (c - start));
          if (glyph) glyph = (glyph + delta) & 0xffff;
        }
        if (glyph) this.cmap.set(c, glyph);
      }
    }
  }

  advanceOf(id: number): number {
    const hmtx = this.table('hmtx').offset;
    return this.view.getUint16(hmtx + 4 * Math.min(id, this.numberOfHMetrics - 1));
  }

  lsbOf(id: number): number {
    const hmtx = this.table('hmtx').offset;
    if (id < this.numberOfHMetrics) return this.view.getInt16(hmtx + 4 * id + 2);
    return this.view.getInt16(hmtx + 4 * this.numberOfHMetrics + 2 * (id - this.numberOfHMetrics));
  }

  /** The bytes of glyph `id` in the glyf table (empty for a blank glyph). */
  glyphData(id: number): Uint8Array {
    const loca = this.table('loca').offset;
    const at = (i: number) =>
      this.longLoca ? this.view.getUint32(loca + 4 * i) : 2 * this.view.getUint16(loca + 2 * i);
    const start = at(id);
    const end = at(id + 1);
    const glyf = this.table('glyf').offset;
    return this.bytes.subarray(glyf + start, glyf + end);
  }

  glyphForCodePoint(codePoint: number): Glyph {
    let g = this.byCodePoint.get(codePoint);
    if (!g) {
      const id = this.cmap.get(codePoint) ?? 0;
      g = { id, advanceWidth: this.advanceOf(id), codePoints: [codePoint] };
      this.byCodePoint.set(codePoint, g);
    }
    return g;
  }

  layout(text: string): { glyphs: Glyph[] } {
    const glyphs: Glyph[] = [];
    for (const ch of text) glyphs.push(this.glyphForCodePoint(ch.codePointAt(0)!));
    return { glyphs };
  }

  hasGlyphsForString(text: string): boolean {
    for (const ch of text) if (!this.cmap.has(ch.codePointAt(0)!)) return false;
    return true;
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this);
  }
}

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The glyphs one document used, renumbered in the order first used (0 stays .notdef). */
class TrueTypeSubset {
  readonly cff = false;
  private readonly ids: number[] = [0];
  private readonly newIds = new Map<number, number>([[0, 0]]);

  constructor(private readonly font: TrueTypeFont) {}

  includeGlyph(glyph: Glyph | number): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let n = this.newIds.get(id);
    if (n === undefined) {
      n = this.ids.length;
      this.ids.push(id);
      this.newIds.set(id, n);
    }
    return n;
  }

  encodeStream(): Readable {
    return Readable.from([this.encode()]);
  }

  /** The subset as a TrueType file. */
  encode(): Uint8Array {
    const f = this.font;
    const glyphs: Uint8Array[] = [];
    // Components of composite glyphs join the subset as they are met (the list may grow).
    for (let i = 0; i < this.ids.length; i++) {
      const data = f.glyphData(this.ids[i]!);
      if (data.length >= 10 && new DataView(data.buffer, data.byteOffset).getInt16(0) < 0) {
        const copy = Uint8Array.from(data);
        const v = new DataView(copy.buffer);
        let at = 10;
        let flags: number;
        do {
          flags = v.getUint16(at);
          v.setUint16(at + 2, this.includeGlyph(v.getUint16(at + 2)));
          at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
          if (flags & WE_HAVE_A_SCALE) at += 2;
          else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
          else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
        } while (flags & MORE_COMPONENTS);
        glyphs.push(copy);
      } else glyphs.push(data);
    }
    const n = this.ids.length;
    const loca = new DataView(new ArrayBuffer(4 * (n + 1)));
    let glyfLength = 0;
    glyphs.forEach((g, i) => {
      loca.setUint32(4 * i, glyfLength);
      glyfLength += (g.length + 3) & ~3;
    });
    loca.setUint32(4 * n, glyfLength);
    const glyf = new Uint8Array(glyfLength);
    let at = 0;
    for (const g of glyphs) {
      glyf.set(g, at);
      at += (g.length + 3) & ~3;
    }
    const hmtx = new DataView(new ArrayBuffer(4 * n));
    this.ids.forEach((id, i) => {
      hmtx.setUint16(4 * i, f.advanceOf(id));
      hmtx.setInt16(4 * i + 2, f.lsbOf(id));
    });
    const copyOf = (tag: string) => {
      const t = f.table(tag);
      return Uint8Array.from(f.bytes.subarray(t.offset, t.offset + t.length));
    };
    const head = copyOf('head');
    const headView = new DataView(head.buffer);
    headView.setUint32(8, 0); // checkSumAdjustment, set below
    headView.setInt16(50, 1); // long loca offsets
    const hhea = copyOf('hhea');
    new DataView(hhea.buffer).setUint16(34, n);
    const maxp = copyOf('maxp');
    new DataView(maxp.buffer).setUint16(4, n);
    const tables: [string, Uint8Array][] = [
      ['glyf', glyf],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', new Uint8Array(hmtx.buffer)],
      ['loca', new Uint8Array(loca.buffer)],
      ['maxp', maxp],
    ];
    for (const tag of ['cvt ', 'fpgm', 'prep']) if (hasTable(f, tag)) tables.push([tag, copyOf(tag)]);
    tables.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const file = sfnt(tables);
    new DataView(file.buffer).setUint32(headOffsetIn(file, tables), (0xb1b0afba - checksum(file)) >>> 0);
    return file;
  }
}

function hasTable(f: TrueTypeFont, tag: string): boolean {
  try {
    f.table(tag);
    return true;
  } catch {
    return false;
  }
}

function checksum(bytes: Uint8Array): number {
  const padded =
    bytes.length % 4 ? Uint8Array.from({ length: (bytes.length + 3) & ~3 }, (_v, i) => bytes[i] ?? 0) : bytes;
  const v = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** A TrueType file of `tables` (sorted by tag), each 4-byte aligned. */
function sfnt(tables: [string, Uint8Array][]): Uint8Array {
  const n = tables.length;
  const dirLength = 12 + 16 * n;
  const total = tables.reduce((sum, [, t]) => sum + ((t.length + 3) & ~3), dirLength);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(n));
  v.setUint32(0, 0x00010000);
  v.setUint16(4, n);
  v.setUint16(6, power * 16);
  v.setUint16(8, Math.log2(power));
  v.setUint16(10, n * 16 - power * 16);
  let at = dirLength;
  tables.forEach(([tag, data], i) => {
    const r = 12 + 16 * i;
    for (let k = 0; k < 4; k++) v.setUint8(r + k, tag.charCodeAt(k));
    v.setUint32(r + 4, checksum(data));
    v.setUint32(r + 8, at);
    v.setUint32(r + 12, data.length);
    out.set(data, at);
    at += (data.length + 3) & ~3;
  });
  return out;
}

/** Where head.checkSumAdjustment lies in a file `sfnt` wrote. */
function headOffsetIn(file: Uint8Array, tables: [string, Uint8Array][]): number {
  const v = new DataView(file.buffer);
  const i = tables.findIndex(([tag]) => tag === 'head');
  return v.getUint32(12 + 16 * i + 8) + 8;
}

/** The part of fontkit's interface pdf-lib's custom font embedders call. */
const fontkit = {
  create(bytes: Uint8Array): TrueTypeFont {
    let font = parsed.get(bytes);
    if (!font) {
      font = new TrueTypeFont(bytes);
      parsed.set(bytes, font);
    }
    return font;
  },
};
const parsed = new WeakMap<Uint8Array, TrueTypeFont>();

const FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

/**
 * The font file beside this module, or, compiled into dist/, in the sources' fonts folder (the
 * build compiles .ts files only).
 */
function fontPath(name: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, name);
  if (existsSync(beside)) return beside;
  for (let dir = here; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'src', 'render', 'fonts', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`font ${name} not found from ${here}`);
}

const loaded = new Map<string, Uint8Array>();
function fontBytes(name: string): Uint8Array {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(fontPath(name)));
    loaded.set(name, bytes);
  }
  return bytes;
}

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The regular and bold fonts embedded in `doc`, subset to the glyphs the document draws. Every
 * text must be encoded (drawn) before `doc.save()`.
 */
export async function embedDocumentFonts(doc: PDFDocument): Promise<DocumentFonts> {
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fontBytes(FILES.regular), { subset: true }),
    doc.embedFont(fontBytes(FILES.bold), { subset: true }),
  ]);
  return { regular, bold };
}

/** The regular font alone (the labels). */
export async function embedRegularFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  return doc.embedFont(fontBytes(FILES.regular), { subset: true });
}
