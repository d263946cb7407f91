/** Product images (PNG, JPEG or WebP): the one rule the upload and the product dialog apply. */
import type { PRODUCT_IMAGE_TYPES } from './enums.ts';

export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

/** The real type of an image, from its first bytes (the declared type and the name are not trusted). */
export function sniffImageType(b: Uint8Array): ProductImageType | null {
  const at = (i: number, bytes: number[]) => bytes.every((x, j) => b[i + j] === x);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/** Bytes `sniffImageType` reads. */
export const IMAGE_SIGNATURE_BYTES = 12;
