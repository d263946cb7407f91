/**
 * Resizes a photo on the device before it is kept or sent (issue 29 item 1): decoded with
 * `createImageBitmap` (honouring the camera's orientation), drawn on a canvas with its longest side
 * at most PHOTO_MAX_SIDE and encoded as JPEG — always JPEG, whatever the camera gave.
 */
import { PHOTO_JPEG_QUALITY, resizeTarget } from './resize-rules.ts';

export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = resizeTarget(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    // JPEG has no transparency: a white ground under a PNG's transparent parts.
    g.fillStyle = '#fff';
    g.fillRect(0, 0, size.width, size.height);
    g.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('photo encoding failed'))),
        'image/jpeg',
        PHOTO_JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
