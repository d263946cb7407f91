/**
 * A signature drawing as sent: a PNG data URL. Only real PNGs are kept — the signature goes into
 * the record's PDF and its hash into the seal — so the bytes are checked, not the declared type:
 * the PNG magic, an IHDR chunk first with sane dimensions, bit depth and colour type, an IEND.
 */
import {
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
} from '../../../shared/seals/schemas.ts';
import { AppError } from '../../errors.ts';

const MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PREFIX = /^data:image\/png;base64,/i;
// Colour type → the bit depths the PNG specification allows for it.
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** The PNG bytes of a signature's data URL, or 400 SIGNATURE_IMAGE_INVALID / 413 SIGNATURE_IMAGE_TOO_LARGE. */
export function signaturePng(dataUrl: string): Buffer {
  const invalid = () => new AppError('SIGNATURE_IMAGE_INVALID');
  if (!PREFIX.test(dataUrl)) throw invalid();
  const b64 = dataUrl.replace(PREFIX, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid();
  if ((b64.length * 3) / 4 > SIGNATURE_MAX_BYTES + 3) throw new AppError('SIGNATURE_IMAGE_TOO_LARGE');
  const png = Buffer.from(b64, 'base64');
  if (png.length > SIGNATURE_MAX_BYTES) throw new AppError('SIGNATURE_IMAGE_TOO_LARGE');
  if (png.length < 8 + 25 + 12 || !png.subarray(0, 8).equals(MAGIC)) throw invalid();
  if (png.readUInt32BE(8) !== 13 || png.toString('ascii', 12, 16) !== 'IHDR') throw invalid();
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const depth = png[24]!;
  const colour = png[25]!;
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_WIDTH || height > SIGNATURE_MAX_HEIGHT)
    throw invalid();
  if (!DEPTHS[colour]?.includes(depth)) throw invalid();
  if (png.toString('ascii', png.length - 8, png.length - 4) !== 'IEND') throw invalid();
  return png;
}
