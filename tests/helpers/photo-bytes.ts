/**
 * Photos for tests: a real 16×12 JPEG (ImageMagick, metadata stripped) and ways to give it what a
 * phone writes — an Exif segment with location (GPS IFD), device (Make/Model), orientation and
 * capture time, an XMP segment and a comment — and a PNG with text chunks.
 */
import { PNG } from 'pngjs';

export const TINY_JPEG = Uint8Array.from(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAMABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAUG/8QAGRAAAQUAAAAAAAAAAAAAAAAAAAISFFFh/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAXEQADAQAAAAAAAAAAAAAAAAAAAxUW/9oADAMBAAIRAxEAPwDLSNEjSa9Vh6rKPPqFbbD/2Q==',
    'base64',
  ),
);

type Entry = { tag: number; ascii?: string; short?: number; ifd?: Entry[] };

/** A TIFF structure (Exif payload after `Exif\0\0`): IFD0 with sub-IFDs behind pointer tags. */
function tiff(ifd0: Entry[], little: boolean): number[] {
  const out: number[] = [];
  const u16 = (v: number) => (little ? [v & 255, (v >> 8) & 255] : [(v >> 8) & 255, v & 255]);
  const u32 = (v: number) =>
    little
      ? [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255]
      : [(v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255];
  out.push(...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8));
  const write = (entries: Entry[]) => {
    const start = out.length;
    const dataStart = start + 2 + entries.length * 12 + 4;
    const data: number[] = [];
    const fixups: { at: number; ifd: Entry[] }[] = [];
    out.push(...u16(entries.length));
    for (const e of entries) {
      out.push(...u16(e.tag));
      if (e.ascii !== undefined) {
        const bytes = [...Buffer.from(`${e.ascii}\0`, 'latin1')];
        out.push(...u16(2), ...u32(bytes.length));
        if (bytes.length <= 4) out.push(...bytes, ...Array(4 - bytes.length).fill(0));
        else {
          out.push(...u32(dataStart + data.length));
          data.push(...bytes);
          if (data.length % 2) data.push(0);
        }
      } else if (e.short !== undefined) out.push(...u16(3), ...u32(1), ...u16(e.short), 0, 0);
      else {
        out.push(...u16(4), ...u32(1));
        fixups.push({ at: out.length, ifd: e.ifd! });
        out.push(0, 0, 0, 0);
      }
    }
    out.push(...u32(0), ...data);
    for (const f of fixups) {
      const at = out.length;
      out.splice(f.at, 4, ...u32(at));
      write(f.ifd);
    }
  };
  write(ifd0);
  return out;
}

export interface PhoneExif {
  make?: string;
  /** written as GPSMapDatum, so a test can look for it in the bytes */
  gpsText?: string;
  orientation?: number;
  dateTimeOriginal?: string;
  offset?: string;
  little?: boolean;
}

function segment(marker: number, payload: number[]): number[] {
  const len = payload.length + 2;
  return [0xff, marker, (len >> 8) & 255, len & 255, ...payload];
}

/** The tiny JPEG as a phone leaves it: Exif (device, GPS, orientation, time), XMP and a comment. */
export function phoneJpeg(exif: PhoneExif = {}): Uint8Array {
  return withPhoneMetadata(TINY_JPEG, exif);
}

/** A JFIF JPEG (APP0 first) with what a phone adds after its APP0. */
export function withPhoneMetadata(jpeg: Uint8Array, exif: PhoneExif = {}): Uint8Array {
  const ifd0: Entry[] = [];
  if (exif.make) ifd0.push({ tag: 0x010f, ascii: exif.make });
  if (exif.orientation) ifd0.push({ tag: 0x0112, short: exif.orientation });
  const exifIfd: Entry[] = [];
  if (exif.dateTimeOriginal) exifIfd.push({ tag: 0x9003, ascii: exif.dateTimeOriginal });
  if (exif.offset) exifIfd.push({ tag: 0x9011, ascii: exif.offset });
  if (exifIfd.length) ifd0.push({ tag: 0x8769, ifd: exifIfd });
  if (exif.gpsText)
    ifd0.push({
      tag: 0x8825,
      ifd: [
        { tag: 0x0001, ascii: 'S' },
        { tag: 0x0012, ascii: exif.gpsText },
      ],
    });
  const app1 = segment(0xe1, [...Buffer.from('Exif\0\0', 'latin1'), ...tiff(ifd0, exif.little ?? false)]);
  const xmp = segment(0xe1, [
    ...Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>XMPSECRET</x:xmpmeta>', 'latin1'),
  ]);
  const comment = segment(0xfe, [...Buffer.from('COMMENTSECRET', 'latin1')]);
  // After JFIF's APP0 (2 + 18 bytes): SOI, APP0, then what the phone added, then the rest.
  const app0End = 2 + 2 + ((jpeg[4]! << 8) | jpeg[5]!);
  return Uint8Array.from([
    ...jpeg.subarray(0, app0End),
    ...app1,
    ...xmp,
    ...comment,
    ...jpeg.subarray(app0End),
  ]);
}

/** A 5×3 PNG with a tEXt chunk carrying `text`. */
export function textPng(text: string): Uint8Array {
  const png = new PNG({ width: 5, height: 3 });
  png.data.fill(200);
  const plain = PNG.sync.write(png);
  // tEXt after IHDR (8 + 25 bytes); its CRC is not checked by the cleaner.
  const body = Buffer.from(`Comment\0${text}`, 'latin1');
  const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('tEXt'), body, Buffer.alloc(4)]);
  chunk.writeUInt32BE(body.length, 0);
  return Uint8Array.from(Buffer.concat([plain.subarray(0, 33), chunk, plain.subarray(33)]));
}

export function contains(haystack: Uint8Array, needle: string): boolean {
  return Buffer.from(haystack).includes(Buffer.from(needle, 'latin1'));
}
