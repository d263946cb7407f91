import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../src/server/domains/photos/taken-at.ts';
import { cleanPhoto, photoOrientation } from '../../src/shared/photos/image-bytes.ts';
import { contains, phoneJpeg, TINY_JPEG, textPng } from '../helpers/photo-bytes.ts';

/** Record photos' bytes (issue 29 item 1): type, size, capture time, and location/device data removed. */
describe('record photo bytes', () => {
  it('strips a JPEG’s GPS, device, XMP and comment, keeping the capture time and the picture', () => {
    for (const little of [false, true]) {
      const phone = phoneJpeg({
        make: 'ACMEPHONE',
        gpsText: 'GPSSECRET',
        dateTimeOriginal: '2026:11:20 14:05:09',
        offset: '-03:00',
        little,
      });
      expect(contains(phone, 'GPSSECRET')).toBe(true);
      const out = cleanPhoto(phone)!;
      expect(out.info).toEqual({
        type: 'image/jpeg',
        width: 16,
        height: 12,
        orientation: 1,
        takenAt: { local: '2026-11-20T14:05:09', offset: '-03:00' },
      });
      for (const secret of ['GPSSECRET', 'ACMEPHONE', 'XMPSECRET', 'COMMENTSECRET'])
        expect(contains(out.bytes, secret), secret).toBe(false);
      // The capture time is still in the file, and reading it back gives the same facts.
      expect(contains(out.bytes, '2026:11:20 14:05:09')).toBe(true);
      expect(cleanPhoto(out.bytes)!.info).toEqual(out.info);
      // The image data is untouched: the file ends with the original scan.
      const scan = TINY_JPEG.subarray(TINY_JPEG.length - 40);
      expect(Buffer.from(out.bytes.subarray(out.bytes.length - 40))).toEqual(Buffer.from(scan));
    }
  });

  it('keeps the orientation (sides swapped for a quarter turn) and has no Exif when nothing is kept', () => {
    const turned = cleanPhoto(phoneJpeg({ make: 'X', orientation: 6 }))!;
    expect(turned.info).toMatchObject({ width: 12, height: 16, orientation: 6, takenAt: null });
    expect(photoOrientation(turned.bytes)).toBe(6);
    const plain = cleanPhoto(phoneJpeg({ make: 'ACMEPHONE', gpsText: 'GPSSECRET' }))!;
    expect(contains(plain.bytes, 'Exif')).toBe(false);
    expect(plain.bytes.length).toBe(TINY_JPEG.length);
    expect(plain.info.takenAt).toBeNull();
  });

  it('drops a PNG’s text chunks and reads its size', () => {
    const out = cleanPhoto(textPng('PNGSECRET'))!;
    expect(out.info).toMatchObject({ type: 'image/png', width: 5, height: 3 });
    expect(contains(out.bytes, 'PNGSECRET')).toBe(false);
    expect(contains(out.bytes, 'IEND')).toBe(true);
  });

  it('refuses what is not a readable JPEG or PNG', () => {
    expect(cleanPhoto(new TextEncoder().encode('just a text file renamed to .jpg'))).toBeNull();
    const webp = Uint8Array.from([...Buffer.from('RIFF'), 30, 0, 0, 0, ...Buffer.from('WEBPVP8 '), 0, 0]);
    expect(cleanPhoto(webp)).toBeNull();
    expect(cleanPhoto(TINY_JPEG.subarray(0, 100))).toBeNull();
    expect(cleanPhoto(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toBeNull();
  });

  it('reads a capture time without an offset on the product’s clocks', () => {
    expect(zonedInstant('2026-11-20T14:05:09', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-20T17:05:09.000Z',
    );
    expect(zonedInstant('2026-07-01T00:30:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-06-30T23:30:00.000Z',
    );
    expect(zonedInstant('2026-07-01T00:30:00', 'UTC').toISOString()).toBe('2026-07-01T00:30:00.000Z');
  });
});
