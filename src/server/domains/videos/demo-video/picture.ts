/** Pictures of the demo video encoder: 4:2:0 samples drawn from an RGB function. */

/** A 4:2:0 picture (8-bit, limited range BT.601). */
export interface Picture {
  w: number;
  h: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

export function newPicture(w: number, h: number): Picture {
  return {
    w,
    h,
    y: new Uint8Array(w * h),
    u: new Uint8Array((w / 2) * (h / 2)),
    v: new Uint8Array((w / 2) * (h / 2)),
  };
}

export type Rgb = [number, number, number];

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
export function render(pic: Picture, pixel: (x: number, y: number) => Rgb, y0 = 0, y1 = pic.h): void {
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

export function clonePicture(p: Picture): Picture {
  return { w: p.w, h: p.h, y: p.y.slice(), u: p.u.slice(), v: p.v.slice() };
}
