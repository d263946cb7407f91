import { setImmediate as tick } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFImage, PDFName, type PDFObject, PDFPageLeaf } from 'pdf-lib';
import { tagUrl } from '../shared/qr/serial.ts';
import { embedRegularFont } from './fonts/truetype.ts';
import {
  type Box,
  cutMarkSegments,
  DEFAULT_TEMPLATE,
  LABEL_QR_ECL,
  type LabelContent,
  type LabelLineSlot,
  type LabelTemplate,
  labelBoxes,
  labelContent,
  labelsPerSheet,
  MM_TO_PT,
} from '../shared/qr/templates.ts';
import { qrPdfOps } from './qr-matrix.ts';

/** Labels per sheet of the default template (the A4 4 × 6). */
export const LABELS_PER_PAGE = labelsPerSheet(DEFAULT_TEMPLATE);

/** Smallest size the serial is shrunk to when a narrow label cannot hold it at the template's size. */
const MIN_SERIAL_PT = 4;
/** Labels between progress reports (and event-loop turns) when pages are small. */
const YIELD_EVERY = 24;
/** Width of the cut marks' lines. */
const CUT_WIDTH_PT = 0.3;

export interface LabelItem {
  serial: string;
}

export interface PdfLabelOptions {
  publicUrl: string;
  title?: string;
  /** default: the A4 4 × 6 */
  template?: LabelTemplate;
  /** positions of the first sheet already used (0 … labels per sheet − 1) */
  offset?: number;
  /** thin marks in the page margins along every label edge */
  cutMarks?: boolean;
  /** printed under/beside the serial when given */
  companyName?: string | null;
  note?: string | null;
  /** the company's image (PNG or JPEG) */
  logo?: Uint8Array | null;
  /** called after each page with the number of labels drawn so far */
  onProgress?: (done: number) => Promise<void> | void;
}

const f2 = (n: number) => n.toFixed(2);

/** Characters the embedded font has no glyph for become '?', so a company name never fails a batch. */
function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return Array.from(text, (ch) => (set.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** The longest prefix of `text` (with '…') that fits `width` points at `size`. */
function truncate(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid).trimEnd()}…`, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, lo).trimEnd()}…`;
}

interface FixedLine {
  slot: LabelLineSlot;
  /** hex string of the text, its width at the slot's size */
  hex: string;
  width: number;
}

/**
 * Label sheets of QR codes with pdf-lib, drawn the cheap way (DESIGN §7): each code is run-length
 * merged vector rectangles, all of a page's labels go into one deflated content stream, the font
 * (and the company's logo) is embedded once, and the text that is the same on every label is
 * measured once. The template places every label (shared/qr/templates.ts, the same layout the
 * preview draws); the batch starts at `offset` on the first sheet. Yields to the event loop after
 * each page so the BullMQ lock keeps renewing.
 */
export async function renderPdfLabels(
  batches: AsyncIterable<LabelItem[]> | Iterable<LabelItem[]>,
  opts: PdfLabelOptions,
): Promise<Uint8Array> {
  const t = opts.template ?? DEFAULT_TEMPLATE;
  const perSheet = labelsPerSheet(t);
  const offset = opts.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset >= perSheet) throw new Error(`bad offset ${offset}`);

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(opts.title ?? 'Tags QR Code');
  doc.setProducer('EquipCheck');
  doc.setCreationDate(new Date());
  const font = await embedRegularFont(doc);
  let logo: PDFImage | null = null;
  if (opts.logo && opts.logo.length > 4) {
    const png = opts.logo[0] === 0x89 && opts.logo[1] === 0x50;
    const jpg = opts.logo[0] === 0xff && opts.logo[1] === 0xd8;
    // A broken image must not fail the batch: the labels print without it.
    logo = png
      ? await doc.embedPng(opts.logo).catch(() => null)
      : jpg
        ? await doc.embedJpg(opts.logo).catch(() => null)
        : null;
  }
  const companyName = opts.companyName ? encodable(font, opts.companyName) : null;
  const note = opts.note ? encodable(font, opts.note) : null;
  const content: LabelContent = labelContent(t, {
    companyName: !!companyName,
    note: !!note,
    logo: !!logo,
  });
  const pageW = t.pageWidth * MM_TO_PT;
  const pageH = t.pageHeight * MM_TO_PT;
  const boxes: Box[] = labelBoxes(t);

  // Lines that are the same on every label, fitted once.
  const fixed: FixedLine[] = [];
  for (const slot of content.lines) {
    const raw = slot.kind === 'company' ? companyName : slot.kind === 'note' ? note : null;
    if (!raw) continue;
    const text = truncate(font, raw, slot.fontSize, slot.width * MM_TO_PT);
    fixed.push({
      slot,
      hex: font.encodeText(text).toString(),
      width: font.widthOfTextAtSize(text, slot.fontSize),
    });
  }
  const serialSlot = content.lines.find((l) => l.kind === 'serial')!;
  const cutOps = opts.cutMarks
    ? `q ${CUT_WIDTH_PT} w 0 G\n${cutMarkSegments(t)
        .map(
          ([x1, y1, x2, y2]) =>
            `${f2(x1 * MM_TO_PT)} ${f2(pageH - y1 * MM_TO_PT)} m ${f2(x2 * MM_TO_PT)} ${f2(pageH - y2 * MM_TO_PT)} l S`,
        )
        .join('\n')}\nQ`
    : null;
  let logoOps: ((labelX: number, labelTop: number, key: string) => string) | null = null;
  if (logo && content.logo) {
    const box = content.logo;
    const scale = Math.min((box.w * MM_TO_PT) / logo.width, (box.h * MM_TO_PT) / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    const dx = content.flow === 'below' ? (box.w * MM_TO_PT - w) / 2 : 0;
    logoOps = (labelX, labelTop, key) =>
      `q ${f2(w)} 0 0 ${f2(h)} ${f2(labelX + box.x * MM_TO_PT + dx)} ${f2(labelTop - box.y * MM_TO_PT - h)} cm ${key} Do Q`;
  }

  const lineX = (slot: LabelLineSlot, labelX: number, width: number) =>
    labelX + slot.x * MM_TO_PT + (slot.align === 'center' ? (slot.width * MM_TO_PT - width) / 2 : 0);

  let done = 0;
  let reported = 0;
  // One resources dictionary for every page: the font, and the logo when there is one.
  const fontKey = '/F1';
  const logoKey = logo && logoOps ? '/Logo' : null;
  const resources = doc.context.register(
    doc.context.obj({
      Font: { F1: font.ref },
      ...(logo && logoKey ? { XObject: { Logo: logo.ref } } : {}),
    }),
  );
  const drawPage = (items: LabelItem[], first: number): string => {
    const ops: string[] = ['0 0 0 rg'];
    if (cutOps) ops.push(cutOps);
    items.forEach((item, i) => {
      const box = boxes[first + i]!;
      const labelX = box.x * MM_TO_PT;
      const labelTop = pageH - box.y * MM_TO_PT;
      const qr = content.qr;
      ops.push(
        qrPdfOps(
          tagUrl(opts.publicUrl, item.serial),
          labelX + qr.x * MM_TO_PT,
          labelTop - qr.y * MM_TO_PT,
          qr.size * MM_TO_PT,
          LABEL_QR_ECL,
        ),
      );
      // The serial is always printed whole: shrunk when the column is narrow.
      const maxW = serialSlot.width * MM_TO_PT;
      let size = serialSlot.fontSize;
      let w = font.widthOfTextAtSize(item.serial, size);
      if (w > maxW) {
        size = Math.max(MIN_SERIAL_PT, (size * maxW) / w);
        w = font.widthOfTextAtSize(item.serial, size);
      }
      const parts = [
        `BT ${fontKey} ${f2(size)} Tf ${f2(lineX(serialSlot, labelX, w))} ${f2(labelTop - serialSlot.y * MM_TO_PT)} Td ${font.encodeText(item.serial).toString()} Tj ET`,
      ];
      for (const l of fixed)
        parts.push(
          `BT ${fontKey} ${f2(l.slot.fontSize)} Tf ${f2(lineX(l.slot, labelX, l.width))} ${f2(labelTop - l.slot.y * MM_TO_PT)} Td ${l.hex} Tj ET`,
        );
      if (logoOps && logoKey) parts.push(logoOps(labelX, labelTop, logoKey));
      ops.push(parts.join('\n'));
    });
    return ops.join('\n');
  };

  // Pages are bare leaves appended to the page tree's root: `doc.addPage` walks every page already
  // there to find the insertion point (quadratic: half the time of a 10,000-page roll) and gives
  // each page its own resources.
  const pageTree = doc.catalog.Pages();
  const pageTreeRef = doc.context.getObjectRef(pageTree)!;
  const mediaBox = doc.context.obj([0, 0, pageW, pageH]);
  const flushPage = async (items: LabelItem[], first: number) => {
    const content = Buffer.from(drawPage(items, first), 'latin1');
    // Small pages (a roll's one label) compress at level 1 with a window no bigger than the page:
    // ~2.5× less CPU per page for ~10 % more bytes; full sheets keep the default level.
    const small = content.length < 16_384;
    const windowBits = Math.min(15, Math.max(9, Math.ceil(Math.log2(content.length + 262))));
    const deflated = deflateSync(content, small ? { level: 1, windowBits } : {});
    // zlib answers a view into its 16 KB output chunk: kept per page, that chunk would be held too.
    const bytes =
      deflated.byteLength === deflated.buffer.byteLength
        ? deflated
        : Uint8Array.prototype.slice.call(deflated);
    const stream = doc.context.stream(bytes, {
      Filter: PDFName.of('FlateDecode'),
    });
    const leaf = PDFPageLeaf.fromMapWithContext(
      new Map<PDFName, PDFObject>([
        [PDFName.Type, PDFName.of('Page')],
        [PDFName.Parent, pageTreeRef],
        [PDFName.of('Resources'), resources],
        [PDFName.MediaBox, mediaBox],
        [PDFName.of('Contents'), doc.context.register(stream)],
      ]),
      doc.context,
      false,
    );
    pageTree.pushLeafNode(doc.context.register(leaf));
    done += items.length;
    // Progress and a turn of the event loop (the BullMQ lock renews) every sheet, or every
    // YIELD_EVERY labels for small pages.
    if (done - reported >= YIELD_EVERY || items.length >= YIELD_EVERY) {
      reported = done;
      await opts.onProgress?.(done);
      await tick();
    }
  };

  // The first sheet has `offset` positions fewer; later sheets are full.
  let pending: LabelItem[] = [];
  let first = offset;
  for await (const batch of batches) {
    pending = pending.length === 0 ? batch : pending.concat(batch);
    let at = 0;
    while (pending.length - at >= perSheet - first) {
      const n = perSheet - first;
      await flushPage(pending.slice(at, at + n), first);
      at += n;
      first = 0;
    }
    pending = pending.slice(at);
  }
  if (pending.length > 0 || done === 0) await flushPage(pending, first);
  if (reported !== done) await opts.onProgress?.(done);
  return doc.save({ useObjectStreams: false });
}
