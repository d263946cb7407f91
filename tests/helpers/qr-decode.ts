import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PAGE } from '../../src/worker/render/pdf-labels.ts';

const DPI = 150;

/** Rasterises pages of a PDF with pdftoppm (`-r 150 -png`), in page order. */
export function rasterisePdf(pdf: Uint8Array, firstPage = 1, lastPage?: number): PNG[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-pdf-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const args = ['-r', String(DPI), '-png', '-f', String(firstPage)];
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

/** The text of the QR code jsQR finds in a rectangle of a page image (all of it by default), or null. */
export function decodeQr(
  png: PNG,
  rect: { x: number; y: number; w: number; h: number } = { x: 0, y: 0, w: png.width, h: png.height },
): string | null {
  const { x: x0, y: y0, w, h } = rect;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * png.width + x0) * 4;
    data.set(png.data.subarray(src, src + w * 4), y * w * 4);
  }
  return jsQR(data, w, h)?.data ?? null;
}

/**
 * Rasterises every page of a label PDF with pdftoppm and decodes the QR code of each label cell
 * with jsQR, in reading order. Empty cells are skipped.
 */
export function decodeLabelPdf(pdf: Uint8Array, firstPage = 1, lastPage?: number): string[] {
  const out: string[] = [];
  for (const png of rasterisePdf(pdf, firstPage, lastPage)) {
    const k = DPI / 72;
    const cellW = ((PAGE.width - 2 * PAGE.margin) / PAGE.cols) * k;
    const cellH = ((PAGE.height - 2 * PAGE.margin) / PAGE.rows) * k;
    for (let r = 0; r < PAGE.rows; r++) {
      for (let c = 0; c < PAGE.cols; c++) {
        const rect = {
          x: Math.round(PAGE.margin * k + c * cellW),
          y: Math.round(PAGE.margin * k + r * cellH),
          w: Math.floor(cellW),
          h: Math.floor(cellH),
        };
        const code = decodeQr(png, rect);
        if (code) out.push(code);
      }
    }
  }
  return out;
}
