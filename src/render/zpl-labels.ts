import { setImmediate as tick } from 'node:timers/promises';
import { tagUrl } from '../shared/qr/serial.ts';
import {
  LABEL_QR_ECL,
  LINE_HEIGHT,
  type LabelLineSlot,
  type LabelTemplate,
  labelContent,
  QR_QUIET_ZONE,
  qrModulesFor,
  utf8Length,
} from '../shared/qr/templates.ts';
import type { LabelItem } from './pdf-labels.ts';

export interface ZplLabelOptions {
  publicUrl: string;
  /** a `roll` template with its printer's dpi */
  template: LabelTemplate;
  companyName?: string | null;
  note?: string | null;
  /** called after each chunk with the number of labels written so far */
  onProgress?: (done: number) => Promise<void> | void;
}

/** Average advance of Zebra's scalable font 0 as a share of its height (for fitting a line). */
const FONT0_ADVANCE = 0.6;
const MIN_FONT_DOTS = 14;

/**
 * ZPL field data under `^FH` (hex indicator `_`): the command prefixes `^` and `~` and the
 * indicator itself are written as hex bytes, so no text can end the field or start a command.
 */
export function zplText(text: string): string {
  return text.replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The longest prefix of `text` (with '…') that fits `widthDots` at `heightDots` of font 0 (estimated). */
function fitText(text: string, heightDots: number, widthDots: number): string {
  const max = Math.floor(widthDots / (heightDots * FONT0_ADVANCE));
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return max <= 1
    ? ''
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * One `^XA … ^XZ` label per serial for Zebra thermal printers (a `roll` template): the code with
 * the printer's own QR command (`^BQN,2,<magnification>`, level Q, automatic mode), its modules a
 * whole number of dots and its quiet zone kept blank around it, then the serial and the optional
 * lines with font 0, placed by the same layout as the PDF (shared/qr/templates.ts). No images:
 * the logo is a PDF-only option. Streams to `out`, yielding to the event loop between chunks.
 */
export async function renderZplLabels(
  batches: AsyncIterable<LabelItem[]> | Iterable<LabelItem[]>,
  out: NodeJS.WritableStream,
  opts: ZplLabelOptions,
): Promise<void> {
  const t = opts.template;
  if (t.kind !== 'roll') throw new Error(`template ${t.id} is not a thermal roll`);
  // A roll without a resolution is taken as the common 203 dpi (8 dots/mm).
  const dpi = t.dpi ?? 203;
  const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
  const content = labelContent(t, { companyName: !!opts.companyName, note: !!opts.note, logo: false });
  // Sized for the longest URL of the batch (byte mode: an upper bound of the printer's choice).
  const modules = qrModulesFor(utf8Length(tagUrl(opts.publicUrl, 'X'.repeat(10))));
  const boxDots = dots(content.qr.size);
  const mag = Math.max(1, Math.min(10, Math.floor(boxDots / (modules + 2 * QR_QUIET_ZONE))));
  const codeDots = (modules + 2 * QR_QUIET_ZONE) * mag;
  const qrX = dots(content.qr.x) + Math.floor((boxDots - codeDots) / 2) + QR_QUIET_ZONE * mag;
  const qrY = dots(content.qr.y) + Math.floor((boxDots - codeDots) / 2) + QR_QUIET_ZONE * mag;

  const lineTop = (slot: LabelLineSlot) => dots(slot.y - ((slot.fontSize * LINE_HEIGHT * 25.4) / 72) * 0.72);
  const fontDots = (slot: LabelLineSlot) => Math.max(MIN_FONT_DOTS, Math.round((slot.fontSize / 72) * dpi));
  const field = (slot: LabelLineSlot, h: number, text: string) => {
    const w = dots(slot.width);
    const justify = slot.align === 'center' ? 'C' : 'L';
    return `^FO${dots(slot.x)},${lineTop(slot)}^A0N,${h},${h}^FB${w},1,0,${justify}^FH^FD${zplText(text)}^FS`;
  };
  const fixed: string[] = [];
  let serialField: ((serial: string) => string) | null = null;
  for (const slot of content.lines) {
    const w = dots(slot.width);
    if (slot.kind === 'serial') {
      // The serial is printed whole: its height is reduced until 10 characters fit the column.
      const h = Math.max(MIN_FONT_DOTS, Math.min(fontDots(slot), Math.floor(w / (10 * FONT0_ADVANCE))));
      serialField = (serial) => field(slot, h, serial);
    } else {
      const raw = slot.kind === 'company' ? opts.companyName : opts.note;
      if (!raw) continue;
      // Shrunk to fit (down to a readable minimum), then cut with '…'.
      const len = Array.from(raw).length;
      const h = Math.max(MIN_FONT_DOTS, Math.min(fontDots(slot), Math.floor(w / (len * FONT0_ADVANCE))));
      fixed.push(field(slot, h, fitText(raw, h, w)));
    }
  }
  const head = `^XA\n^CI28\n^PW${dots(t.labelWidth)}\n^LL${dots(t.labelHeight)}\n^LH0,0\n`;
  const tail = `${fixed.length ? `${fixed.join('\n')}\n` : ''}^PQ1\n^XZ\n`;

  const write = (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      const ok = out.write(chunk, (err) => (err ? reject(err) : undefined));
      if (ok) resolve();
      else out.once('drain', resolve);
    });
  let done = 0;
  for await (const batch of batches) {
    const parts: string[] = [];
    for (const item of batch) {
      const url = zplText(tagUrl(opts.publicUrl, item.serial));
      parts.push(
        `${head}^FO${qrX},${qrY}^BQN,2,${mag}^FH^FD${LABEL_QR_ECL}A,${url}^FS\n${serialField!(item.serial)}\n${tail}`,
      );
    }
    await write(parts.join(''));
    done += batch.length;
    await opts.onProgress?.(done);
    await tick();
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(resolve);
  });
}
