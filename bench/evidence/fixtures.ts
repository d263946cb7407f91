/**
 * What the bench feeds the product and how it weighs files: camera-like photos (ImageMagick),
 * signatures as the pad draws them, bytes under a directory.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { PHOTOS } from './common.ts';

/**
 * Ten distinct 4000×3000 JPEGs at quality 92 in `dir`, as a phone's camera writes them: a plasma
 * fractal (large soft shapes, seeded per photo) with fine sensor-like noise, so they compress like
 * photos.
 */
export function cameraPhotos(dir: string): { file: string; bytes: Buffer }[] {
  return Array.from({ length: PHOTOS }, (_v, i) => {
    const file = path.join(dir, `IMG_${1000 + i}.jpg`);
    execFileSync('convert', [
      '-seed',
      String(17 + i),
      '-size',
      '1000x750',
      'plasma:',
      '-resize',
      '4000x3000!',
      '-attenuate',
      '0.35',
      '+noise',
      'Gaussian',
      '-quality',
      '92',
      '-sampling-factor',
      '2x2',
      file,
    ]);
    return { file, bytes: readFileSync(file) };
  });
}

/** Bytes under a directory: allocated on disk (du) and the files' own sizes, and how many files. */
export function dirBytes(dir: string): { bytes: number; size: number; files: number } {
  try {
    statSync(dir);
  } catch {
    return { bytes: 0, size: 0, files: 0 };
  }
  const bytes = Number(execFileSync('du', ['-s', '-B1', dir]).toString().split('\t')[0]);
  const list = execFileSync('find', [dir, '-type', 'f', '-printf', '%s\n']).toString().trim().split('\n');
  const sizes = list.filter(Boolean).map(Number);
  return { bytes, size: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
}

/**
 * A signature as the pad draws it (600×200, #111827, ~3 px strokes): a PNG data URL of a few
 * joined strokes, seeded (one of 8 kept per seed).
 */
const signatures = new Map<number, string>();
export function signaturePng(seed: number): string {
  const k = seed % 8;
  let png = signatures.get(k);
  if (!png) {
    png = drawSignature(k);
    signatures.set(k, png);
  }
  return png;
}
function drawSignature(seed: number): string {
  const w = 600;
  const h = 200;
  const png = new PNG({ width: w, height: h });
  png.data.fill(0);
  let s = seed + 1;
  const rnd = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const i = (py * w + px) * 4;
        png.data[i] = 0x11;
        png.data[i + 1] = 0x18;
        png.data[i + 2] = 0x27;
        png.data[i + 3] = 255;
      }
  };
  let x = 40;
  let y = 120;
  for (let k = 0; k < 40; k++) {
    const nx = Math.min(w - 30, x + 8 + rnd() * 16);
    const ny = 40 + rnd() * 120;
    for (let t = 0; t <= 1; t += 0.02) dot(x + (nx - x) * t, y + (ny - y) * t);
    x = nx;
    y = ny;
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}
