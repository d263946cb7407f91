import QRCode from 'qrcode';
import type { QrEcl } from '../shared/qr/templates.ts';

/** Modules of quiet zone around a code (the QR spec's minimum). */
export const QUIET_ZONE = 4;

export interface QrRuns {
  /** modules per side, without the quiet zone */
  size: number;
  /** `x y w 1 re` operators of the dark runs, in module units (row-major, origin top-left) */
  ops: string;
}

/**
 * Encodes `text` and merges each row's adjacent dark modules into one rectangle: a 29×29 code
 * becomes ~150 rectangles instead of ~450, which keeps the PDF content small and fast.
 */
export function qrRuns(text: string, ecl: QrEcl = 'M'): QrRuns {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ecl });
  const size = modules.size;
  const data = modules.data;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let x = 0;
    while (x < size) {
      if (!data[row + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[row + x]) x++;
      parts.push(`${start + QUIET_ZONE} ${y + QUIET_ZONE} ${x - start} 1 re`);
    }
  }
  return { size, ops: parts.join('\n') };
}

/**
 * PDF content-stream operators painting the code of `text` as a `side`-point square (quiet zone
 * included) whose top-left corner is at (`x`, `yTop`) in page space; the fill colour is the
 * caller's. The labels (level Q: shared/qr/templates.ts) and the record certificates (M) draw their
 * codes with it.
 */
export function qrPdfOps(text: string, x: number, yTop: number, side: number, ecl: QrEcl = 'M'): string {
  const { size, ops } = qrRuns(text, ecl);
  const m = side / (size + 2 * QUIET_ZONE);
  // Module space: origin at the code's top-left corner, y growing downwards.
  return `q ${m.toFixed(4)} 0 0 ${(-m).toFixed(4)} ${x.toFixed(2)} ${yTop.toFixed(2)} cm\n${ops}\nf\nQ`;
}
