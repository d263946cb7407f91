import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PAGE } from '../../src/worker/render/pdf-labels.ts';

const DPI = 150;

/**
 * Rasterises every page of a label PDF with pdftoppm and decodes the QR code of each label cell
 * with jsQR, in reading order. Empty cells are skipped.
 */
export function decodeLabelPdf(pdf: Uint8Array, firstPage = 1, lastPage?: number): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-pdf-'));
  try {
    writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const args = ['-r', String(DPI), '-png', '-f', String(firstPage)];
    if (lastPage) args.push('-l', String(lastPage));
    execFileSync('pdftoppm', [...args, path.join(dir, 'in.pdf'), path.join(dir, 'p')]);
    const out: string[] = [];
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.png'))
      .sort()) {
      const png = PNG.sync.read(readFileSync(path.join(dir, f)));
      const k = DPI / 72;
      const cellW = ((PAGE.width - 2 * PAGE.margin) / PAGE.cols) * k;
      const cellH = ((PAGE.height - 2 * PAGE.margin) / PAGE.rows) * k;
      for (let r = 0; r < PAGE.rows; r++) {
        for (let c = 0; c < PAGE.cols; c++) {
          const x0 = Math.round(PAGE.margin * k + c * cellW);
          const y0 = Math.round(PAGE.margin * k + r * cellH);
          const w = Math.floor(cellW);
          const h = Math.floor(cellH);
          const data = new Uint8ClampedArray(w * h * 4);
          for (let y = 0; y < h; y++) {
            const src = ((y0 + y) * png.width + x0) * 4;
            data.set(png.data.subarray(src, src + w * 4), y * w * 4);
          }
          const code = jsQR(data, w, h);
          if (code) out.push(code.data);
        }
      }
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
