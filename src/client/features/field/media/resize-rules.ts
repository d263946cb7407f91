/**
 * Pure rules of the photos a field record takes (issue 29 item 1), unit-tested in
 * tests/unit/field-photos.test.ts: the size a photo is drawn at before upload (longest side at most
 * PHOTO_MAX_SIDE, never enlarged) and how many more a record may take.
 */
import { RECORD_PHOTOS_MAX } from '../../../../shared/photos/schemas.ts';

/** The longest side of a photo as uploaded: enough to read a seal's number, well under 1 MB as JPEG. */
export const PHOTO_MAX_SIDE = 1600;
/** JPEG quality of the device's encoding (the server refuses WebP: the PDF embeds JPEG/PNG only). */
export const PHOTO_JPEG_QUALITY = 0.8;

/** The drawn size of a `width`×`height` image: the longest side ≤ `max`, proportions kept, ≥ 1 px. */
export function resizeTarget(
  width: number,
  height: number,
  max = PHOTO_MAX_SIDE,
): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: 1, height: 1 };
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** How many of `picked` files a record holding `held` photos may still take (at most RECORD_PHOTOS_MAX). */
export function photosRoom(held: number, picked: number, max = RECORD_PHOTOS_MAX): number {
  return Math.max(0, Math.min(picked, max - held));
}
