import { crc32, deflateSync } from 'node:zlib';

/** A tiny PNG encoder (RGB, 8 bit) for generated demo images: no dependency, no network. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Rgb = [number, number, number];
export type ProductShape = 'cylinder' | 'hose' | 'lamp';

/** A 96×96 product picture: a coloured tile with a simple silhouette. */
export function productPicture(color: Rgb, shape: ProductShape): Buffer {
  const size = 96;
  const white: Rgb = [255, 255, 255];
  const bg: Rgb = [236, 242, 242];
  return encodePng(size, size, (x, y) => {
    const inTile = x >= 8 && x < 88 && y >= 8 && y < 88;
    if (!inTile) return bg;
    if (shape === 'cylinder') {
      const body = x >= 36 && x < 60 && y >= 30 && y < 80;
      const neck = x >= 42 && x < 54 && y >= 20 && y < 30;
      const nozzle = x >= 54 && x < 70 && y >= 22 && y < 26;
      return body || neck || nozzle ? white : color;
    }
    if (shape === 'hose') {
      const d = Math.hypot(x - 48, y - 48);
      return (d > 18 && d < 24) || (d > 30 && d < 36) ? white : color;
    }
    const lamp = x >= 24 && x < 72 && y >= 40 && y < 56;
    const ray = (y >= 28 && y < 32 && x >= 30 && x < 66) || (y >= 64 && y < 68 && x >= 30 && x < 66);
    return lamp ? white : ray ? [255, 214, 102] : color;
  });
}
