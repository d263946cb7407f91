/**
 * Demo lessons without ffmpeg (issue 18): a short H.264 video in an MP4 file, encoded here in
 * plain TypeScript. There is no motion search and no transform: every macroblock is either
 *  - I_PCM (its samples stored as they are),
 *  - Intra 16×16 with vertical or horizontal prediction and no residual, when copying the row
 *    above or the column to the left reproduces it exactly (a vertical gradient, flat areas), or
 *  - P_Skip (unchanged since the previous frame),
 * so the decoded picture is exactly the one drawn, and the encoder needs no tables beyond
 * Exp-Golomb codes and the two CAVLC codes of "no coefficients". Constrained Baseline profile,
 * one IDR frame then P frames, in an MP4 with the moov box first (plays while it downloads).
 * What it draws: a vertical gradient, the lesson's number in large digits, a play sign and a
 * progress bar that fills over the clip.
 */
import { pps, sliceNal, sps } from './h264.ts';
import { mp4, sample } from './mp4.ts';
import { clonePicture, newPicture, type Picture, type Rgb, render } from './picture.ts';

const DIGITS = [
  ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
];

/** Background gradients, one per lesson (top colour, bottom colour). */
const PALETTES: [Rgb, Rgb][] = [
  [
    [18, 78, 84],
    [32, 140, 130],
  ],
  [
    [40, 54, 120],
    [84, 110, 200],
  ],
  [
    [96, 40, 100],
    [170, 80, 160],
  ],
  [
    [20, 90, 50],
    [60, 160, 90],
  ],
  [
    [120, 60, 20],
    [210, 120, 50],
  ],
  [
    [30, 60, 90],
    [70, 130, 180],
  ],
  [
    [90, 30, 40],
    [180, 70, 80],
  ],
  [
    [50, 50, 50],
    [120, 120, 120],
  ],
  [
    [20, 70, 110],
    [40, 150, 190],
  ],
  [
    [70, 80, 20],
    [140, 160, 50],
  ],
];

const WHITE: Rgb = [255, 255, 255];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as Rgb;
}

export interface DemoVideoOptions {
  /** 1-based lesson number, drawn in large digits (picks the colours too). */
  number: number;
  seconds?: number;
  fps?: number;
}

export const DEMO_VIDEO_SIZE = { width: 512, height: 288 } as const;

/**
 * An MP4 (H.264 Constrained Baseline, 512×288) of `seconds` (default 5) at `fps` (default 10):
 * the lesson's number, a play sign and a progress bar that fills as it plays.
 */
export function demoLessonVideo({ number, seconds = 5, fps = 10 }: DemoVideoOptions): Uint8Array {
  const { width: w, height: h } = DEMO_VIDEO_SIZE;
  const [top, bottom] = PALETTES[(number - 1) % PALETTES.length]!;
  const label = String(number).padStart(2, '0');
  const scale = 12;
  const digitW = 5 * scale;
  const labelX = 96;
  const labelY = 72;
  const gap = 2 * scale;
  const bar = { x: 32, y: 240, w: w - 64, h: 16 };
  const frames = Math.max(1, Math.round(seconds * fps));

  const pixel =
    (progress: number) =>
    (x: number, y: number): Rgb => {
      const bg = mix(top, bottom, y / (h - 1));
      // Progress bar: a dark track and a white fill.
      if (y >= bar.y && y < bar.y + bar.h && x >= bar.x && x < bar.x + bar.w)
        return x - bar.x < Math.round(bar.w * progress) ? WHITE : mix(bg, [0, 0, 0], 0.45);
      // The lesson number.
      for (let d = 0; d < label.length; d++) {
        const gx = x - (labelX + d * (digitW + gap));
        const gy = y - labelY;
        if (gx >= 0 && gx < digitW && gy >= 0 && gy < 7 * scale) {
          const row = DIGITS[Number(label[d])]![Math.floor(gy / scale)]!;
          if (row[Math.floor(gx / scale)] === '1') return WHITE;
        }
      }
      // A play sign: a triangle pointing right, inside a ring.
      const cx = 360;
      const cy = 114;
      const r = Math.hypot(x - cx, y - cy);
      if (r >= 52 && r < 60) return WHITE;
      if (x >= cx - 16 && x <= cx + 24 && Math.abs(y - cy) <= ((cx + 24 - x) * 26) / 40) return WHITE;
      return bg;
    };

  const spsNal = sps(w, h);
  const ppsNal = pps();
  const samples: Uint8Array[] = [];
  // Only the progress bar changes: draw the picture once, then the bar's rows of each frame.
  const base = newPicture(w, h);
  render(base, pixel(0));
  let ref: Picture | null = null;
  for (let i = 0; i < frames; i++) {
    const target = clonePicture(base);
    render(target, pixel(frames === 1 ? 1 : i / (frames - 1)), bar.y, bar.y + bar.h);
    const recon = newPicture(w, h);
    samples.push(sample(sliceNal(target, ref, recon, i)));
    ref = recon;
  }
  return mp4(w, h, fps, spsNal, ppsNal, samples, [0]);
}
