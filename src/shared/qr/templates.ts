/**
 * QR label templates as data (issue 19): the label stock people buy — pre-cut A4/Letter sheets and
 * a thermal roll — described by page size, grid, label size, margins and pitch, plus where the code
 * and the text go. Pure and isomorphic: the worker's PDF/ZPL renderers, the server's checks and
 * screen 8's preview all place labels with these functions, so the preview is what prints.
 *
 * Units: millimetres, origin at the page's top-left corner, y growing downwards; font sizes in
 * points. Built-in templates live here (typed, reviewed, the same on every install); the provider
 * admin's custom ones in `core.qr_label_templates` (ids `custom-<n>`).
 */
import { z } from 'zod';
import { requiredText } from '../fields.ts';

/** mm → PDF points. */
export const MM_TO_PT = 72 / 25.4;
/** Modules of quiet zone on each side of a code (the QR spec's minimum), inside `qrSize`. */
export const QR_QUIET_ZONE = 4;
/**
 * Error correction of label codes: Q restores ~25 % of damaged codewords (scratched, dirty
 * labels on equipment); H would cost one or two more versions for the tag URL and push the
 * smallest shipped labels under the module minimum. See docs/decisions.md.
 */
export const LABEL_QR_ECL = 'Q' as const;
export type QrEcl = 'L' | 'M' | 'Q' | 'H';
/** The smallest module (dark square) a phone camera reads reliably from a printed label, mm. */
export const MIN_MODULE_MM = 0.4;
/** Narrowest text column beside/below a code: the 10-symbol serial at 5 pt. */
export const MIN_TEXT_WIDTH_MM = 12;
/** Line height as a multiple of the font size. */
export const LINE_HEIGHT = 1.2;
/** Longest free text printed on each label ("Inspecione aqui"). */
export const LABEL_NOTE_MAX = 40;

export const TEMPLATE_KINDS = ['sheet', 'roll'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** The id of the template the seed's URLs and old batches use (the A4 4 × 6 sheet). */
export const DEFAULT_TEMPLATE_ID = 'a4-4x6';
/** The template a ZPL batch uses when none is named (the 50 × 30 mm thermal roll). */
export const DEFAULT_ROLL_TEMPLATE_ID = 'thermal-50x30';
export const templateIdField = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

const mm = (min: number, max: number) => z.number().min(min).max(max);

/** What the provider admin types for a custom template (and what every template holds). */
export const labelTemplateFieldsSchema = z.object({
  name: requiredText(80),
  /** `roll`: one label per page (thermal printers; ZPL available); `sheet`: a grid on a page. */
  kind: z.enum(TEMPLATE_KINDS),
  pageWidth: mm(10, 1000),
  pageHeight: mm(10, 1000),
  columns: z.number().int().min(1).max(20),
  rows: z.number().int().min(1).max(50),
  labelWidth: mm(5, 1000),
  labelHeight: mm(5, 1000),
  /** distance from the page's top edge to the first row of labels */
  marginTop: mm(0, 1000),
  /** distance from the page's left edge to the first column of labels */
  marginLeft: mm(0, 1000),
  /** horizontal pitch: from one label's left edge to the next one's */
  pitchX: mm(0, 1000),
  /** vertical pitch: from one label's top edge to the next one's */
  pitchY: mm(0, 1000),
  /** rounded corners of the die-cut (preview only) */
  cornerRadius: mm(0, 50),
  /** side of the printed code, quiet zone included */
  qrSize: mm(5, 500),
  /** lines of text the label has room for beside/below the code (the serial is always the first) */
  textLines: z.number().int().min(1).max(6),
  fontSize: z.number().min(4).max(24),
  /** safe inset from the label's edges (printers misregister by about a millimetre) */
  padding: mm(0, 20),
  /** dots per inch of the thermal printer (ZPL); null for sheets */
  dpi: z.union([z.literal(203), z.literal(300), z.literal(600)]).nullable(),
});
export type LabelTemplateFields = z.infer<typeof labelTemplateFieldsSchema>;

export const labelTemplateSchema = labelTemplateFieldsSchema.extend({
  id: templateIdField,
  builtIn: z.boolean(),
  /** where the dimensions come from (built-ins), shown under the preview */
  source: z.string().nullable(),
});
export type LabelTemplate = z.infer<typeof labelTemplateSchema>;
/** A template as listed: `problem` is the code that refuses it on this install (its URL's code size), or null. */
export const labelTemplateItemSchema = labelTemplateSchema.extend({ problem: z.string().nullable() });
export type LabelTemplateItem = z.infer<typeof labelTemplateItemSchema>;

const sheet = (
  id: string,
  name: string,
  source: string,
  f: Omit<LabelTemplateFields, 'name' | 'kind' | 'dpi'>,
): LabelTemplate => ({ id, name, kind: 'sheet', dpi: null, builtIn: true, source, ...f });

const A4 = { pageWidth: 210, pageHeight: 297 };
const LETTER = { pageWidth: 215.9, pageHeight: 279.4 };

/**
 * The shipped templates (sources in docs/decisions.md). Names are brand and code only: screen 8
 * adds the size and labels per sheet in the user's language. The A4 4 × 6 is the original layout:
 * 28 pt margins, cells of (A4 − margins) / 4 × 6 touching each other, for plain paper.
 */
export const BUILTIN_TEMPLATES: readonly LabelTemplate[] = [
  sheet('a4-4x6', 'A4 4 × 6', 'original EquipCheck layout', {
    ...A4,
    columns: 4,
    rows: 6,
    labelWidth: 47.5615,
    labelHeight: 46.2075,
    marginTop: 9.8778,
    marginLeft: 9.8778,
    pitchX: 47.5615,
    pitchY: 46.2075,
    cornerRadius: 0,
    qrSize: 32,
    textLines: 3,
    fontSize: 8,
    padding: 1.5,
  }),
  sheet('pimaco-a4351', 'Pimaco A4351 / A4251', 'Pimaco A4351', {
    ...A4,
    columns: 5,
    rows: 13,
    labelWidth: 38.2,
    labelHeight: 21.2,
    marginTop: 10.7,
    marginLeft: 4.5,
    pitchX: 40.7,
    pitchY: 21.2,
    cornerRadius: 1.5,
    qrSize: 18,
    textLines: 3,
    fontSize: 6,
    padding: 1.5,
  }),
  sheet('pimaco-a4356', 'Pimaco A4356 / A4256', 'Pimaco A4356', {
    ...A4,
    columns: 3,
    rows: 11,
    labelWidth: 63.5,
    labelHeight: 25.4,
    marginTop: 8.8,
    marginLeft: 7.2,
    pitchX: 66.05,
    pitchY: 25.4,
    cornerRadius: 2,
    qrSize: 22,
    textLines: 3,
    fontSize: 7,
    padding: 1.5,
  }),
  sheet('pimaco-a4360', 'Pimaco A4360 / A4260', 'Pimaco A4360', {
    ...A4,
    columns: 3,
    rows: 7,
    labelWidth: 63.5,
    labelHeight: 38.1,
    marginTop: 15.2,
    marginLeft: 7.2,
    pitchX: 66.05,
    pitchY: 38.1,
    cornerRadius: 2,
    qrSize: 34,
    textLines: 4,
    fontSize: 8,
    padding: 1.5,
  }),
  sheet('pimaco-a4363', 'Pimaco A4363 / A4263', 'Pimaco A4363', {
    ...A4,
    columns: 2,
    rows: 7,
    labelWidth: 99,
    labelHeight: 38.1,
    marginTop: 15.2,
    marginLeft: 4.7,
    pitchX: 101.6,
    pitchY: 38.1,
    cornerRadius: 2,
    qrSize: 34,
    textLines: 4,
    fontSize: 10,
    padding: 1.5,
  }),
  sheet('avery-l7160', 'Avery L7160', 'Avery L7160', {
    ...A4,
    columns: 3,
    rows: 7,
    labelWidth: 63.5,
    labelHeight: 38.1,
    marginTop: 15.15,
    marginLeft: 7.21,
    pitchX: 66.04,
    pitchY: 38.1,
    cornerRadius: 1.8,
    qrSize: 34,
    textLines: 4,
    fontSize: 8,
    padding: 1.5,
  }),
  sheet('avery-l7163', 'Avery L7163', 'Avery L7163', {
    ...A4,
    columns: 2,
    rows: 7,
    labelWidth: 99.1,
    labelHeight: 38.1,
    marginTop: 15.15,
    marginLeft: 4.65,
    pitchX: 101.6,
    pitchY: 38.1,
    cornerRadius: 1.8,
    qrSize: 34,
    textLines: 4,
    fontSize: 10,
    padding: 1.5,
  }),
  sheet('avery-5160', 'Avery 5160 / Pimaco 6180', 'Avery 5160', {
    ...LETTER,
    columns: 3,
    rows: 10,
    labelWidth: 66.675,
    labelHeight: 25.4,
    marginTop: 12.7,
    marginLeft: 4.7625,
    pitchX: 69.85,
    pitchY: 25.4,
    cornerRadius: 1.6,
    qrSize: 22,
    textLines: 3,
    fontSize: 7,
    padding: 1.5,
  }),
  {
    id: 'thermal-50x30',
    name: 'Zebra 203 dpi',
    kind: 'roll',
    builtIn: true,
    source: 'common 50 × 30 mm direct-thermal roll',
    pageWidth: 50,
    pageHeight: 30,
    columns: 1,
    rows: 1,
    labelWidth: 50,
    labelHeight: 30,
    marginTop: 0,
    marginLeft: 0,
    pitchX: 50,
    pitchY: 30,
    cornerRadius: 1.5,
    qrSize: 26,
    textLines: 4,
    fontSize: 7,
    padding: 1.5,
    dpi: 203,
  },
];

export function builtinTemplate(id: string): LabelTemplate | undefined {
  return BUILTIN_TEMPLATES.find((t) => t.id === id);
}
export const DEFAULT_TEMPLATE: LabelTemplate = builtinTemplate(DEFAULT_TEMPLATE_ID)!;

/** The id a custom template row answers to. */
export function customTemplateId(rowId: number): string {
  return `custom-${rowId}`;
}
/** The row id of a custom template id, or null for a built-in / malformed one. */
export function customTemplateRowId(id: string): number | null {
  const m = /^custom-(\d{1,9})$/.exec(id);
  return m ? Number(m[1]) : null;
}

export function labelsPerSheet(t: Pick<LabelTemplateFields, 'columns' | 'rows'>): number {
  return t.columns * t.rows;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The label rectangles of one sheet in reading order (left to right, top to bottom), mm. */
export function labelBoxes(t: LabelTemplateFields): Box[] {
  const out: Box[] = [];
  for (let r = 0; r < t.rows; r++)
    for (let c = 0; c < t.columns; c++)
      out.push({
        x: t.marginLeft + c * t.pitchX,
        y: t.marginTop + r * t.pitchY,
        w: t.labelWidth,
        h: t.labelHeight,
      });
  return out;
}

// --- cut marks ---------------------------------------------------------------------------------

/** Cut marks: gap from the label grid and longest length, mm. */
const CUT_GAP_MM = 1.5;
const CUT_LEN_MM = 5;

/** Cut-mark line segments (mm) in the page margins along every column and row edge of the grid. */
export function cutMarkSegments(t: LabelTemplateFields): [number, number, number, number][] {
  const xs = new Set<number>();
  const ys = new Set<number>();
  // Rounded to 1/100 mm, so an edge shared by two touching labels is one line.
  const r = (n: number) => Math.round(n * 100) / 100;
  for (const b of labelBoxes(t)) {
    xs.add(r(b.x)).add(r(b.x + b.w));
    ys.add(r(b.y)).add(r(b.y + b.h));
  }
  const top = t.marginTop;
  const bottom = t.marginTop + (t.rows - 1) * t.pitchY + t.labelHeight;
  const left = t.marginLeft;
  const right = t.marginLeft + (t.columns - 1) * t.pitchX + t.labelWidth;
  const out: [number, number, number, number][] = [];
  const span = (from: number, to: number) => (to - from >= 1 ? [from, to] : null);
  const above = span(Math.max(0, top - CUT_GAP_MM - CUT_LEN_MM), top - CUT_GAP_MM);
  const below = span(bottom + CUT_GAP_MM, Math.min(t.pageHeight, bottom + CUT_GAP_MM + CUT_LEN_MM));
  const before = span(Math.max(0, left - CUT_GAP_MM - CUT_LEN_MM), left - CUT_GAP_MM);
  const after = span(right + CUT_GAP_MM, Math.min(t.pageWidth, right + CUT_GAP_MM + CUT_LEN_MM));
  for (const x of xs) {
    if (above) out.push([x, above[0]!, x, above[1]!]);
    if (below) out.push([x, below[0]!, x, below[1]!]);
  }
  for (const y of ys) {
    if (before) out.push([before[0]!, y, before[1]!, y]);
    if (after) out.push([after[0]!, y, after[1]!, y]);
  }
  return out;
}

// --- QR size ---------------------------------------------------------------------------------

/** Byte-mode capacity per version (1..14) and level (ISO/IEC 18004, table 7). */
const BYTE_CAPACITY: Record<QrEcl, readonly number[]> = {
  L: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458],
  M: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362],
  Q: [11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258],
  H: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194],
};

/**
 * Modules per side of the code of a `byteLength`-byte text in byte mode (an upper bound: an
 * encoder that mixes modes may pick a smaller version), quiet zone not included.
 */
export function qrModulesFor(byteLength: number, ecl: QrEcl = LABEL_QR_ECL): number {
  const v = BYTE_CAPACITY[ecl].findIndex((cap) => cap >= byteLength);
  if (v < 0) throw new Error(`text of ${byteLength} bytes is too long for a label code`);
  return 17 + 4 * (v + 1);
}

/** UTF-8 length of a text. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Side of the smallest scannable code (quiet zone included) for codes of `modules` modules, mm. */
export function minQrSize(modules: number): number {
  return Math.ceil(MIN_MODULE_MM * (modules + 2 * QR_QUIET_ZONE) * 10 - 1e-9) / 10;
}

// --- content layout ----------------------------------------------------------------------------

export type LabelLineKind = 'serial' | 'company' | 'note';
export interface LabelTextOptions {
  companyName: boolean;
  note: boolean;
  logo: boolean;
}
export interface LabelLineSlot {
  kind: LabelLineKind;
  /** left edge of the line's box (relative to the label) */
  x: number;
  /** baseline */
  y: number;
  width: number;
  align: 'left' | 'center';
  fontSize: number;
}
export interface LabelContent {
  /** the code's square, quiet zone included, relative to the label's top-left corner */
  qr: { x: number; y: number; size: number };
  /** `beside`: text to the right of the code (wide labels); `below`: under it */
  flow: 'beside' | 'below';
  lines: LabelLineSlot[];
  /** the company logo's box (the image is fitted inside, keeping its proportions), or null */
  logo: Box | null;
}

const ptToMm = (pt: number) => pt / MM_TO_PT;

/** Wide labels (≥ 1.25 : 1) put the text beside the code; the others under it. */
export function labelFlow(t: Pick<LabelTemplateFields, 'labelWidth' | 'labelHeight'>): 'beside' | 'below' {
  return t.labelWidth >= 1.25 * t.labelHeight ? 'beside' : 'below';
}

/** The text column of a template: beside or below the code, inside the padding. */
function textArea(t: LabelTemplateFields): Box {
  if (labelFlow(t) === 'beside') {
    const x = t.padding + t.qrSize;
    return { x, y: t.padding, w: t.labelWidth - x - t.padding, h: t.labelHeight - 2 * t.padding };
  }
  const y = t.padding + t.qrSize;
  return { x: t.padding, y, w: t.labelWidth - 2 * t.padding, h: t.labelHeight - y - t.padding };
}

/**
 * Where the code, the text lines and the logo go on one label. The serial is always printed; then
 * the company name, the note and the logo (two lines high) as far as the template's `textLines`
 * allow, in that order. The code never shares its quiet zone with anything.
 */
export function labelContent(t: LabelTemplateFields, opts: LabelTextOptions): LabelContent {
  const flow = labelFlow(t);
  const qr =
    flow === 'beside'
      ? { x: t.padding, y: (t.labelHeight - t.qrSize) / 2, size: t.qrSize }
      : { x: (t.labelWidth - t.qrSize) / 2, y: t.padding, size: t.qrSize };
  const area = textArea(t);
  const lineH = ptToMm(t.fontSize * LINE_HEIGHT);
  const kinds: LabelLineKind[] = ['serial'];
  if (opts.companyName && kinds.length < t.textLines) kinds.push('company');
  if (opts.note && kinds.length < t.textLines) kinds.push('note');
  const withLogo = opts.logo && kinds.length + 2 <= t.textLines && (kinds.length + 2) * lineH <= area.h;
  const blockH = (kinds.length + (withLogo ? 2 : 0)) * lineH;
  // beside: the block is centred on the code's middle; below: it starts under the code.
  let top = flow === 'beside' ? area.y + Math.max(0, (area.h - blockH) / 2) : area.y;
  let logo: Box | null = null;
  if (withLogo) {
    logo = { x: area.x, y: top + lineH * 0.1, w: area.w, h: lineH * 1.8 };
    top += 2 * lineH;
  }
  const align = flow === 'beside' ? 'left' : 'center';
  const descent = lineH * 0.28;
  const lines = kinds.map((kind, i) => ({
    kind,
    x: area.x + (flow === 'beside' ? 0.5 : 0),
    y: top + (i + 1) * lineH - descent,
    width: area.w - (flow === 'beside' ? 0.5 : 0),
    align,
    fontSize: t.fontSize,
  })) satisfies LabelLineSlot[];
  return { qr, flow, lines, logo };
}

// --- checks ------------------------------------------------------------------------------------

export type TemplateProblem =
  | { code: 'QR_TEMPLATE_LABELS_OVERLAP'; params: Record<string, never> }
  | { code: 'QR_TEMPLATE_LABELS_OFF_PAGE'; params: { pageWidth: number; pageHeight: number } }
  | { code: 'QR_TEMPLATE_QR_TOO_SMALL'; params: { size: number; min: number } }
  | { code: 'QR_TEMPLATE_QR_DOES_NOT_FIT'; params: { size: number; width: number; height: number } };

const EPS = 0.005;
const round1 = (n: number) => Math.round(n * 100) / 100;

/**
 * Why a template cannot print scannable labels, or null: labels may not overlap or pass the page's
 * edges; a roll is one label per page; the code (with its quiet zone) and the text column must fit
 * the label inside the padding; and the code's modules must stay ≥ MIN_MODULE_MM for codes of
 * `modules` modules (the longest tag URL of this install: `qrModulesFor(utf8Length(url))`).
 */
export function templateProblem(t: LabelTemplateFields, modules: number): TemplateProblem | null {
  if ((t.columns > 1 && t.pitchX + EPS < t.labelWidth) || (t.rows > 1 && t.pitchY + EPS < t.labelHeight))
    return { code: 'QR_TEMPLATE_LABELS_OVERLAP', params: {} };
  const right = t.marginLeft + (t.columns - 1) * t.pitchX + t.labelWidth;
  const bottom = t.marginTop + (t.rows - 1) * t.pitchY + t.labelHeight;
  const roll = t.kind === 'roll' && (t.columns !== 1 || t.rows !== 1);
  if (roll || right > t.pageWidth + EPS || bottom > t.pageHeight + EPS)
    return {
      code: 'QR_TEMPLATE_LABELS_OFF_PAGE',
      params: { pageWidth: t.pageWidth, pageHeight: t.pageHeight },
    };
  const min = minQrSize(modules);
  if (t.qrSize + EPS < min) return { code: 'QR_TEMPLATE_QR_TOO_SMALL', params: { size: t.qrSize, min } };
  const area = textArea(t);
  const lineH = ptToMm(t.fontSize * LINE_HEIGHT);
  const fits =
    t.qrSize + 2 * t.padding <= Math.min(t.labelWidth, t.labelHeight) + EPS &&
    area.w + EPS >= MIN_TEXT_WIDTH_MM &&
    area.h + EPS >= t.textLines * lineH;
  if (!fits)
    return {
      code: 'QR_TEMPLATE_QR_DOES_NOT_FIT',
      params: { size: t.qrSize, width: round1(t.labelWidth), height: round1(t.labelHeight) },
    };
  return null;
}

// --- batch options -------------------------------------------------------------------------------

/** What a batch prints beside each code besides the serial, and where the first sheet starts. */
export const labelOptionsSchema = z.object({
  template: templateIdField.default(DEFAULT_TEMPLATE_ID),
  /**
   * Labels already used on the first sheet: the batch starts at position `offset` (0-based). Any
   * number here: the server answers QR_OFFSET_OUT_OF_RANGE with the template's bound.
   */
  offset: z.number().default(0),
  cutMarks: z.boolean().default(false),
  companyName: z.boolean().default(false),
  /** a short text printed on every label, e.g. "Inspecione aqui" (blank → none) */
  note: z
    .string()
    .trim()
    .max(LABEL_NOTE_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
  logo: z.boolean().default(false),
});
export type LabelOptionsInput = z.input<typeof labelOptionsSchema>;
export type LabelOptions = z.infer<typeof labelOptionsSchema>;

/** A company's remembered choice (screen 8 opens with it). */
export const labelSettingsSchema = z.object({
  template: templateIdField,
  cutMarks: z.boolean(),
  companyName: z.boolean(),
  note: z.string().nullable(),
  logo: z.boolean(),
  /** whether the company has an image the labels can print */
  hasLogo: z.boolean(),
});
export type LabelSettings = z.infer<typeof labelSettingsSchema>;
