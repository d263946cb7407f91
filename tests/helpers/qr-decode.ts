import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DEFAULT_TEMPLATE, type LabelTemplateFields, labelBoxes } from '../../src/shared/qr/templates.ts';

const DPI = 150;

/** Rasterises pages of a PDF with pdftoppm (`-r <dpi> -png`), in page order. */
export function rasterisePdf(pdf: Uint8Array, firstPage = 1, lastPage?: number, dpi = DPI): PNG[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-pdf-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const args = ['-r', String(dpi), '-png', '-f', String(firstPage)];
    if (lastPage) args.push('-l', String(lastPage));
    execFileSync('pdftoppm', [...args, path.join(dir, 'in.pdf'), path.join(dir, 'p')]);
    return readdirSync(dir)
      .filter((n) => n.endsWith('.png'))
      .sort()
      .map((f) => PNG.sync.read(readFileSync(path.join(dir, f))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function crop(png: PNG, rect: Rect): Uint8ClampedArray {
  const { x: x0, y: y0, w, h } = rect;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * png.width + x0) * 4;
    data.set(png.data.subarray(src, src + w * 4), y * w * 4);
  }
  return data;
}

/** The text of the QR code jsQR finds in a rectangle of a page image (all of it by default), or null. */
export function decodeQr(png: PNG, rect: Rect = { x: 0, y: 0, w: png.width, h: png.height }): string | null {
  return jsQR(crop(png, rect), rect.w, rect.h)?.data ?? null;
}

export interface LocatedCode {
  /** position on the sheet (0-based, reading order) */
  slot: number;
  text: string;
  /** the code's version (modules per side = 17 + 4 × version) */
  version: number;
  /** the symbol's bounding box on the page image (quiet zone not included), px */
  symbol: Rect;
  /** the label's rectangle on the page image, px */
  label: Rect;
}

/**
 * Every code of one rasterised sheet of `template`: each label's area, widened by 2 mm so a code
 * that leaks out of its label is still found, is decoded with jsQR, whose corner points give the
 * symbol's bounding box. Empty labels are skipped.
 */
export function locateCodes(png: PNG, template: LabelTemplateFields, dpi: number): LocatedCode[] {
  const k = dpi / 25.4;
  const out: LocatedCode[] = [];
  labelBoxes(template).forEach((b, slot) => {
    const label = { x: b.x * k, y: b.y * k, w: b.w * k, h: b.h * k };
    const x = Math.max(0, Math.floor((b.x - 2) * k));
    const y = Math.max(0, Math.floor((b.y - 2) * k));
    const rect = {
      x,
      y,
      w: Math.min(png.width, Math.ceil((b.x + b.w + 2) * k)) - x,
      h: Math.min(png.height, Math.ceil((b.y + b.h + 2) * k)) - y,
    };
    // jsQR binarises by regions of the crop: now and then a neighbour's edge in the 2 mm margin
    // makes a good code unreadable, so a miss is tried once more on the label's own box.
    const own = {
      x: Math.max(0, Math.floor(label.x)),
      y: Math.max(0, Math.floor(label.y)),
      w: Math.min(png.width - Math.floor(label.x), Math.ceil(label.w)),
      h: Math.min(png.height - Math.floor(label.y), Math.ceil(label.h)),
    };
    let r = jsQR(crop(png, rect), rect.w, rect.h);
    if (!r && own.w > 0 && own.h > 0) {
      r = jsQR(crop(png, own), own.w, own.h);
      if (r) Object.assign(rect, own);
    }
    if (!r) return;
    const c = r.location;
    const xs = [c.topLeftCorner.x, c.topRightCorner.x, c.bottomLeftCorner.x, c.bottomRightCorner.x];
    const ys = [c.topLeftCorner.y, c.topRightCorner.y, c.bottomLeftCorner.y, c.bottomRightCorner.y];
    const sx = rect.x + Math.min(...xs);
    const sy = rect.y + Math.min(...ys);
    out.push({
      slot,
      text: r.data,
      version: r.version,
      symbol: { x: sx, y: sy, w: rect.x + Math.max(...xs) - sx, h: rect.y + Math.max(...ys) - sy },
      label,
    });
  });
  return out;
}

/** Whether every pixel of `png` in the ring between `inner` and `outer` is white-ish (no ink). */
export function ringIsBlank(png: PNG, inner: Rect, outer: Rect): boolean {
  const x0 = Math.max(0, Math.ceil(outer.x));
  const y0 = Math.max(0, Math.ceil(outer.y));
  const x1 = Math.min(png.width, Math.floor(outer.x + outer.w));
  const y1 = Math.min(png.height, Math.floor(outer.y + outer.h));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (x >= inner.x && x < inner.x + inner.w && y >= inner.y && y < inner.y + inner.h) continue;
      const i = (y * png.width + x) * 4;
      if (png.data[i]! < 200 || png.data[i + 1]! < 200 || png.data[i + 2]! < 200) return false;
    }
  }
  return true;
}

/**
 * Rasterises every page of a label PDF and decodes the QR code of each label, in reading order
 * (the default template: the A4 4 × 6). Empty labels are skipped.
 */
export function decodeLabelPdf(
  pdf: Uint8Array,
  firstPage = 1,
  lastPage?: number,
  template: LabelTemplateFields = DEFAULT_TEMPLATE,
): string[] {
  return rasterisePdf(pdf, firstPage, lastPage).flatMap((png) =>
    locateCodes(png, template, DPI).map((c) => c.text),
  );
}
