import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '../../../shared/account/schemas.ts';

/** Largest file accepted before resizing (phone photos are several MB). */
export const PHOTO_INPUT_MAX_BYTES = 15 * 1024 * 1024;
const SIDE = 384;

export type PhotoCheck = 'ok' | 'type' | 'size';

export function checkPhotoFile(file: File): PhotoCheck {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PHOTO_INPUT_MAX_BYTES) return 'size';
  return 'ok';
}

/**
 * Shrinks a photo to at most 384 px (a top-bar avatar needs no more) so the upload stays far below
 * the server's 1 MB limit; small files go as they are.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  if (file.size <= 200 * 1024) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
  if (!blob || blob.size > PROFILE_PHOTO_MAX_BYTES) throw new Error('too large');
  return blob;
}
