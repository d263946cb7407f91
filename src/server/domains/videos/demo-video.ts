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

// ── bits ──────────────────────────────────────────────────────────────────────────────────────

class BitWriter {
  private bytes: number[] = [];
  private cur = 0;
  private n = 0;

  bit(b: number): void {
    this.cur = (this.cur << 1) | (b & 1);
    if (++this.n === 8) {
      this.bytes.push(this.cur);
      this.cur = 0;
      this.n = 0;
    }
  }

  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.bit(Math.floor(value / 2 ** i) & 1);
  }

  /** Unsigned Exp-Golomb, ue(v). */
  ue(v: number): void {
    const x = v + 1;
    const len = Math.floor(Math.log2(x));
    this.bits(0, len);
    this.bits(x, len + 1);
  }

  /** Signed Exp-Golomb, se(v). */
  se(v: number): void {
    this.ue(v > 0 ? 2 * v - 1 : -2 * v);
  }

  get aligned(): boolean {
    return this.n === 0;
  }

  alignZero(): void {
    while (this.n !== 0) this.bit(0);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): Uint8Array {
    this.bit(1);
    this.alignZero();
    return Uint8Array.from(this.bytes);
  }

  byte(v: number): void {
    if (this.n === 0) this.bytes.push(v & 0xff);
    else this.bits(v, 8);
  }
}

/** A NAL unit: header byte, then the RBSP with emulation prevention (00 00 0x → 00 00 03 0x). */
function nal(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

// ── pictures ──────────────────────────────────────────────────────────────────────────────────

/** A 4:2:0 picture (8-bit, limited range BT.601). */
interface Picture {
  w: number;
  h: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

function newPicture(w: number, h: number): Picture {
  return {
    w,
    h,
    y: new Uint8Array(w * h),
    u: new Uint8Array((w / 2) * (h / 2)),
    v: new Uint8Array((w / 2) * (h / 2)),
  };
}

type Rgb = [number, number, number];

function toYuv([r, g, b]: Rgb): [number, number, number] {
  return [
    Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255),
    Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255),
    Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255),
  ];
}

/**
 * Draws the rows `y0`…`y1` (even, exclusive end) of an RGB frame — a function of the pixel — into
 * a 4:2:0 picture.
 */
function render(pic: Picture, pixel: (x: number, y: number) => Rgb, y0 = 0, y1 = pic.h): void {
  const { w } = pic;
  const cw = w / 2;
  for (let cy = y0 / 2; cy < y1 / 2; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let su = 0;
      let sv = 0;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const x = cx * 2 + dx;
          const y = cy * 2 + dy;
          const [yy, uu, vv] = toYuv(pixel(x, y));
          pic.y[y * w + x] = yy;
          su += uu;
          sv += vv;
        }
      }
      pic.u[cy * cw + cx] = Math.round(su / 4);
      pic.v[cy * cw + cx] = Math.round(sv / 4);
    }
  }
}

function clonePicture(p: Picture): Picture {
  return { w: p.w, h: p.h, y: p.y.slice(), u: p.u.slice(), v: p.v.slice() };
}

// ── macroblocks ───────────────────────────────────────────────────────────────────────────────

type MbKind = 'pcm' | 'intra16' | 'skip';

/** Whether copying the row above (vertical) or the column to the left (horizontal) of a block reproduces it. */
function predictable(
  plane: Uint8Array,
  target: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  size: number,
): 'vertical' | 'horizontal' | null {
  if (y0 > 0) {
    let ok = true;
    for (let y = 0; y < size && ok; y++)
      for (let x = 0; x < size && ok; x++)
        if (target[(y0 + y) * stride + x0 + x] !== plane[(y0 - 1) * stride + x0 + x]) ok = false;
    if (ok) return 'vertical';
  }
  if (x0 > 0) {
    let ok = true;
    for (let y = 0; y < size && ok; y++)
      for (let x = 0; x < size && ok; x++)
        if (target[(y0 + y) * stride + x0 + x] !== plane[(y0 + y) * stride + x0 - 1]) ok = false;
    if (ok) return 'horizontal';
  }
  return null;
}

function sameBlock(
  a: Uint8Array,
  b: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  size: number,
): boolean {
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (a[(y0 + y) * stride + x0 + x] !== b[(y0 + y) * stride + x0 + x]) return false;
  return true;
}

function copyBlock(
  from: Uint8Array,
  to: Uint8Array,
  stride: number,
  x0: number,
  y0: number,
  size: number,
): void {
  for (let y = 0; y < size; y++) {
    const o = (y0 + y) * stride + x0;
    to.set(from.subarray(o, o + size), o);
  }
}

/**
 * One slice of a whole picture. `ref` is the previous reconstructed picture (a P slice), or null
 * (an IDR slice). `recon` receives the reconstruction, which equals `target` by construction.
 */
function encodeSlice(
  target: Picture,
  ref: Picture | null,
  recon: Picture,
  header: (w: BitWriter) => void,
): Uint8Array {
  const bw = new BitWriter();
  header(bw);
  const mbw = target.w / 16;
  const mbh = target.h / 16;
  const kinds: MbKind[] = [];
  const intraOffset = ref ? 5 : 0; // mb_type of an intra macroblock in a P slice
  let skipRun = 0;
  for (let my = 0; my < mbh; my++) {
    for (let mx = 0; mx < mbw; mx++) {
      const lx = mx * 16;
      const ly = my * 16;
      const cx = mx * 8;
      const cy = my * 8;
      const cs = target.w / 2;
      if (
        ref &&
        sameBlock(target.y, ref.y, target.w, lx, ly, 16) &&
        sameBlock(target.u, ref.u, cs, cx, cy, 8) &&
        sameBlock(target.v, ref.v, cs, cx, cy, 8)
      ) {
        copyBlock(ref.y, recon.y, target.w, lx, ly, 16);
        copyBlock(ref.u, recon.u, cs, cx, cy, 8);
        copyBlock(ref.v, recon.v, cs, cx, cy, 8);
        kinds.push('skip');
        skipRun++;
        continue;
      }
      if (ref) {
        bw.ue(skipRun);
        skipRun = 0;
      }
      const luma = predictable(recon.y, target.y, target.w, lx, ly, 16);
      const cu = predictable(recon.u, target.u, cs, cx, cy, 8);
      const cv = predictable(recon.v, target.v, cs, cx, cy, 8);
      const chroma = cu && cu === cv ? cu : null;
      copyBlock(target.y, recon.y, target.w, lx, ly, 16);
      copyBlock(target.u, recon.u, cs, cx, cy, 8);
      copyBlock(target.v, recon.v, cs, cx, cy, 8);
      if (luma && chroma) {
        // I_16x16_<mode>_0_0: prediction mode 0 vertical, 1 horizontal; no coded residual.
        bw.ue(intraOffset + 1 + (luma === 'vertical' ? 0 : 1));
        bw.ue(chroma === 'vertical' ? 2 : 1); // intra_chroma_pred_mode
        bw.se(0); // mb_qp_delta
        // Intra16x16DCLevel: coeff_token "no coefficients", whose code depends on nC — the
        // neighbours' coefficient counts (16 for an I_PCM macroblock, 0 otherwise).
        const left = mx > 0 ? (kinds[kinds.length - 1] === 'pcm' ? 16 : 0) : null;
        const above = my > 0 ? (kinds[kinds.length - mbw] === 'pcm' ? 16 : 0) : null;
        const nC = left !== null && above !== null ? (left + above + 1) >> 1 : (left ?? above ?? 0);
        if (nC >= 8) bw.bits(0b000011, 6);
        else if (nC < 2) bw.bit(1);
        else if (nC < 4) bw.bits(0b11, 2);
        else bw.bits(0b1111, 4);
        kinds.push('intra16');
      } else {
        bw.ue(intraOffset + 25); // I_PCM
        bw.alignZero();
        for (let y = 0; y < 16; y++)
          for (let x = 0; x < 16; x++) bw.byte(target.y[(ly + y) * target.w + lx + x]!);
        for (const plane of [target.u, target.v])
          for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bw.byte(plane[(cy + y) * cs + cx + x]!);
        kinds.push('pcm');
      }
    }
  }
  if (ref && skipRun > 0) bw.ue(skipRun);
  return bw.trailing();
}

// ── H.264 stream ──────────────────────────────────────────────────────────────────────────────

const LOG2_MAX_FRAME_NUM = 8;

function sps(w: number, h: number): Uint8Array {
  const b = new BitWriter();
  b.bits(66, 8); // profile_idc: Baseline
  b.bits(0b110000, 6); // constraint_set0 and set1: Constrained Baseline
  b.bits(0, 2);
  b.bits(30, 8); // level 3.0
  b.ue(0); // seq_parameter_set_id
  b.ue(LOG2_MAX_FRAME_NUM - 4);
  b.ue(2); // pic_order_cnt_type 2: output order is decoding order
  b.ue(1); // max_num_ref_frames
  b.bit(0); // gaps_in_frame_num_value_allowed_flag
  b.ue(w / 16 - 1);
  b.ue(h / 16 - 1);
  b.bit(1); // frame_mbs_only_flag
  b.bit(1); // direct_8x8_inference_flag
  b.bit(0); // frame_cropping_flag
  b.bit(0); // vui_parameters_present_flag
  return nal(3, 7, b.trailing());
}

function pps(): Uint8Array {
  const b = new BitWriter();
  b.ue(0); // pic_parameter_set_id
  b.ue(0); // seq_parameter_set_id
  b.bit(0); // entropy_coding_mode_flag: CAVLC
  b.bit(0); // bottom_field_pic_order_in_frame_present_flag
  b.ue(0); // num_slice_groups_minus1
  b.ue(0); // num_ref_idx_l0_default_active_minus1
  b.ue(0); // num_ref_idx_l1_default_active_minus1
  b.bit(0); // weighted_pred_flag
  b.bits(0, 2); // weighted_bipred_idc
  b.se(0); // pic_init_qp_minus26
  b.se(0); // pic_init_qs_minus26
  b.se(0); // chroma_qp_index_offset
  b.bit(1); // deblocking_filter_control_present_flag
  b.bit(0); // constrained_intra_pred_flag
  b.bit(0); // redundant_pic_cnt_present_flag
  return nal(3, 8, b.trailing());
}

function sliceNal(target: Picture, ref: Picture | null, recon: Picture, frameNum: number): Uint8Array {
  const idr = ref === null;
  const rbsp = encodeSlice(target, ref, recon, (b) => {
    b.ue(0); // first_mb_in_slice
    b.ue(idr ? 7 : 5); // slice_type: I or P (every slice of the picture alike)
    b.ue(0); // pic_parameter_set_id
    b.bits(frameNum % 2 ** LOG2_MAX_FRAME_NUM, LOG2_MAX_FRAME_NUM);
    if (idr) b.ue(0); // idr_pic_id
    if (!idr) {
      b.bit(0); // num_ref_idx_active_override_flag
      b.bit(0); // ref_pic_list_modification_flag_l0
    }
    // dec_ref_pic_marking
    if (idr) {
      b.bit(0); // no_output_of_prior_pics_flag
      b.bit(0); // long_term_reference_flag
    } else b.bit(0); // adaptive_ref_pic_marking_mode_flag
    b.se(0); // slice_qp_delta
    b.ue(1); // disable_deblocking_filter_idc: off (the samples are exact)
  });
  return nal(idr ? 3 : 2, idr ? 5 : 1, rbsp);
}

// ── MP4 ───────────────────────────────────────────────────────────────────────────────────────

type Part = Uint8Array | number[];

function concat(parts: Part[]): Uint8Array {
  const size = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const u16 = (v: number) => [(v >>> 8) & 0xff, v & 0xff];
const u32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function box(type: string, ...parts: Part[]): Uint8Array {
  const body = concat(parts);
  return concat([u32(body.length + 8), ascii(type), body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Part[]): Uint8Array {
  return box(type, [version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff], ...parts);
}

const MATRIX = [
  ...u32(0x10000),
  ...u32(0),
  ...u32(0),
  ...u32(0),
  ...u32(0x10000),
  ...u32(0),
  ...u32(0),
  ...u32(0),
  ...u32(0x40000000),
];

function mp4(
  w: number,
  h: number,
  fps: number,
  spsNal: Uint8Array,
  ppsNal: Uint8Array,
  samples: Uint8Array[],
  sync: number[],
): Uint8Array {
  const timescale = 1000;
  const delta = Math.round(timescale / fps);
  const duration = delta * samples.length;
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2avc1mp41'));
  const avcC = box(
    'avcC',
    [1, spsNal[1]!, spsNal[2]!, spsNal[3]!, 0xff, 0xe1],
    u16(spsNal.length),
    spsNal,
    [1],
    u16(ppsNal.length),
    ppsNal,
  );
  const avc1 = box(
    'avc1',
    [0, 0, 0, 0, 0, 0],
    u16(1), // data_reference_index
    new Array(16).fill(0),
    u16(w),
    u16(h),
    u32(0x480000),
    u32(0x480000),
    u32(0),
    u16(1), // frame_count
    new Array(32).fill(0), // compressorname
    u16(0x18),
    u16(0xffff),
    avcC,
  );
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1), u32(samples.length), u32(delta)),
      fullBox('stss', 0, 0, u32(sync.length), ...sync.map((i) => u32(i + 1))),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples.length), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(samples.length), ...samples.map((s) => u32(s.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32(0),
        u32(0),
        u32(timescale),
        u32(duration),
        u32(0x10000),
        u16(0x100),
        new Array(10).fill(0),
        MATRIX,
        new Array(24).fill(0),
        u32(2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3,
          u32(0),
          u32(0),
          u32(1),
          u32(0),
          u32(duration),
          new Array(8).fill(0),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          MATRIX,
          u32(w << 16),
          u32(h << 16),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)),
          fullBox('hdlr', 0, 0, u32(0), ascii('vide'), u32(0), u32(0), u32(0), ascii('VideoHandler'), [0]),
          box(
            'minf',
            fullBox('vmhd', 0, 1, u16(0), u16(0), u16(0), u16(0)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );
  // The moov's size does not depend on the offset it records: measure it, then write it for real.
  const offset = ftyp.length + moov(0).length + 8;
  const mdat = box('mdat', ...samples);
  return concat([ftyp, moov(offset), mdat]);
}

/** One access unit in MP4 form: each NAL unit behind its 4-byte length. */
function sample(...nals: Uint8Array[]): Uint8Array {
  return concat(nals.flatMap((n) => [u32(n.length), n]));
}

// ── drawing ───────────────────────────────────────────────────────────────────────────────────

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
