/** The H.264 part of the demo video encoder (see lesson-video.ts): bits, macroblocks, the parameter sets and slices. */
import type { Picture } from './picture.ts';

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

export function sps(w: number, h: number): Uint8Array {
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

export function pps(): Uint8Array {
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

export function sliceNal(target: Picture, ref: Picture | null, recon: Picture, frameNum: number): Uint8Array {
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
