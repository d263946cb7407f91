/**
 * A record photo's bytes, read and cleaned without decoding the picture (issue 29 item 1): its
 * real type from the first bytes, its size, its EXIF capture time and orientation, and a copy
 * with location and device metadata removed.
 *
 * JPEG: every APPn segment but JFIF (APP0), the ICC profile (APP2) and Adobe's colour transform
 * (APP14) is dropped — Exif (GPS, make, model, serial numbers), XMP, Photoshop/IPTC (APP13) and
 * makers' segments — and so are comments; a minimal Exif segment is written back with only the
 * orientation (or the picture would turn) and the capture time (DateTimeOriginal and its offset).
 * PNG: the eXIf, text and time chunks are dropped. Pure and isomorphic: Uint8Array only.
 */
import { sniffImageType } from '../catalogue/image.ts';
import type { RecordPhotoType } from './schemas.ts';

/** What a photo's bytes say about it. */
export interface PhotoInfo {
  type: RecordPhotoType;
  /** as shown (a quarter-turned JPEG's sides swapped) */
  width: number;
  height: number;
  /** EXIF orientation 1..8 (1 when absent) */
  orientation: number;
  /** EXIF DateTimeOriginal as `YYYY-MM-DDTHH:MM:SS`, and OffsetTimeOriginal (`+HH:MM`) when given */
  takenAt: { local: string; offset: string | null } | null;
}

/** A photo whose bytes are not a readable JPEG or PNG. */
export class PhotoBytesError extends Error {}

const be16 = (b: Uint8Array, i: number) => ((b[i]! << 8) | b[i + 1]!) >>> 0;
const be32 = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// ── JPEG ────────────────────────────────────────────────────────────────────────────────────────

interface JpegSegment {
  marker: number;
  /** from the 0xFF of the marker to the end of the segment */
  start: number;
  end: number;
}

/** The segments before the scan, and where the scan (SOS and the rest of the file) starts. */
function jpegSegments(b: Uint8Array): { segments: JpegSegment[]; scan: number } {
  if (b[0] !== 0xff || b[1] !== 0xd8) throw new PhotoBytesError('not a JPEG');
  const segments: JpegSegment[] = [];
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) throw new PhotoBytesError('JPEG marker expected');
    let m = i + 1;
    while (b[m] === 0xff) m++; // fill bytes
    const marker = b[m];
    if (marker === undefined) break;
    if (marker === 0xda) return { segments, scan: i };
    if (marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i = m + 1;
      continue;
    }
    if (m + 3 > b.length) break;
    const end = m + 1 + be16(b, m + 1);
    if (end > b.length) throw new PhotoBytesError('JPEG segment past the end');
    segments.push({ marker, start: i, end });
    i = end;
  }
  throw new PhotoBytesError('JPEG without image data');
}

/** Start-of-frame markers (C0–CF but DHT C4, JPG C8, DAC CC) carry the picture's size. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

interface ExifFacts {
  orientation: number;
  dateTime: string | null;
  offset: string | null;
}

/** Orientation and capture time from an Exif APP1 payload (`Exif\0\0` + TIFF); never throws. */
function readExif(b: Uint8Array, from: number, to: number): ExifFacts {
  const facts: ExifFacts = { orientation: 1, dateTime: null, offset: null };
  const t = from + 6;
  if (to - t < 8 || ascii(b, from, from + 4) !== 'Exif') return facts;
  const little = b[t] === 0x49;
  const u16 = (o: number) => (little ? b[t + o]! | (b[t + o + 1]! << 8) : be16(b, t + o));
  const u32 = (o: number) =>
    little
      ? (b[t + o]! | (b[t + o + 1]! << 8) | (b[t + o + 2]! << 16) | (b[t + o + 3]! << 24)) >>> 0
      : be32(b, t + o);
  const inside = (o: number, n: number) => o >= 0 && t + o + n <= to;
  const text = (entry: number): string | null => {
    const count = u32(entry + 4);
    const at = count <= 4 ? entry + 8 : u32(entry + 8);
    if (!inside(at, count)) return null;
    return ascii(b, t + at, t + at + count).replace(/\0.*$/s, '');
  };
  const entries = (ifd: number, visit: (tag: number, entry: number) => void) => {
    if (!inside(ifd, 2)) return;
    const n = u16(ifd);
    for (let k = 0; k < n && inside(ifd + 2 + k * 12, 12); k++)
      visit(u16(ifd + 2 + k * 12), ifd + 2 + k * 12);
  };
  let exifIfd = -1;
  entries(u32(4), (tag, e) => {
    if (tag === 0x0112) facts.orientation = u16(e + 8);
    if (tag === 0x8769) exifIfd = u32(e + 8);
  });
  if (exifIfd >= 0)
    entries(exifIfd, (tag, e) => {
      if (tag === 0x9003) facts.dateTime = text(e);
      if (tag === 0x9011) facts.offset = text(e);
    });
  if (!(facts.orientation >= 1 && facts.orientation <= 8)) facts.orientation = 1;
  return facts;
}

/** `YYYY:MM:DD HH:MM:SS` → `YYYY-MM-DDTHH:MM:SS`; null for anything else (blank dates included). */
function exifDate(v: string | null): string | null {
  const m = v?.match(/^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/);
  if (!m || m[1] === '0000') return null;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}

function jpegFacts(b: Uint8Array, segments: JpegSegment[]) {
  let size: { width: number; height: number } | null = null;
  let exif: ExifFacts = { orientation: 1, dateTime: null, offset: null };
  for (const s of segments) {
    const body = s.end - s.start;
    if (isSof(s.marker) && body >= 9) size = { height: be16(b, s.start + 5), width: be16(b, s.start + 7) };
    if (s.marker === 0xe1 && ascii(b, s.start + 4, s.start + 8) === 'Exif')
      exif = readExif(b, s.start + 4, s.end);
  }
  if (!size?.width || !size.height) throw new PhotoBytesError('JPEG without a frame size');
  return { size, exif };
}

/** A minimal big-endian Exif APP1: orientation in IFD0, capture time and offset in the Exif IFD. */
function minimalExif(orientation: number, dateTime: string | null, offset: string | null): Uint8Array | null {
  if (orientation === 1 && !dateTime) return null;
  const ifd0: [number, number, number, number][] = []; // tag, type, count, value
  const exifEntries: [number, string][] = [];
  if (dateTime) {
    exifEntries.push([0x9003, `${dateTime}\0`]);
    if (offset && /^[+-]\d{2}:\d{2}$/.test(offset)) exifEntries.push([0x9011, `${offset}\0`]);
  }
  const ifd0Size = 2 + (orientation !== 1 ? 1 : 0) * 12 + (exifEntries.length ? 12 : 0) + 4;
  const exifIfdAt = 8 + ifd0Size;
  if (orientation !== 1) ifd0.push([0x0112, 3, 1, orientation << 16]);
  if (exifEntries.length) ifd0.push([0x8769, 4, 1, exifIfdAt]);
  const tiff: number[] = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8];
  const put16 = (v: number) => tiff.push((v >> 8) & 255, v & 255);
  const put32 = (v: number) => tiff.push((v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255);
  put16(ifd0.length);
  for (const [tag, type, count, value] of ifd0) {
    put16(tag);
    put16(type);
    put32(count);
    put32(value);
  }
  put32(0);
  if (exifEntries.length) {
    let dataAt = exifIfdAt + 2 + exifEntries.length * 12 + 4;
    put16(exifEntries.length);
    for (const [tag, value] of exifEntries) {
      put16(tag);
      put16(2);
      put32(value.length);
      put32(dataAt);
      dataAt += value.length + (value.length % 2);
    }
    put32(0);
    for (const [, value] of exifEntries) {
      for (const ch of value) tiff.push(ch.charCodeAt(0));
      if (value.length % 2) tiff.push(0);
    }
  }
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const len = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, (len >> 8) & 255, len & 255, ...payload]);
}

/** APPn segments kept: JFIF/JFXX (APP0), an ICC profile (APP2), Adobe's colour transform (APP14). */
function keptSegment(b: Uint8Array, s: JpegSegment): boolean {
  if (s.marker === 0xfe) return false; // comment
  if (s.marker < 0xe0 || s.marker > 0xef) return true;
  if (s.marker === 0xe0) return true;
  if (s.marker === 0xe2) return ascii(b, s.start + 4, s.start + 15) === 'ICC_PROFILE';
  if (s.marker === 0xee) return ascii(b, s.start + 4, s.start + 9) === 'Adobe';
  return false;
}

function cleanJpeg(b: Uint8Array): { bytes: Uint8Array; info: PhotoInfo } {
  const { segments, scan } = jpegSegments(b);
  const { size, exif } = jpegFacts(b, segments);
  const local = exifDate(exif.dateTime);
  const exifOut = minimalExif(exif.orientation, local ? exif.dateTime : null, exif.offset);
  const kept = segments.filter((s) => keptSegment(b, s)).map((s) => b.subarray(s.start, s.end));
  // JFIF's APP0 stays first when there is one; the new Exif follows it.
  const app0 = kept.length && kept[0]![1] === 0xe0 ? 1 : 0;
  const parts = [
    b.subarray(0, 2),
    ...kept.slice(0, app0),
    ...(exifOut ? [exifOut] : []),
    ...kept.slice(app0),
  ];
  parts.push(b.subarray(scan));
  const turned = exif.orientation >= 5;
  return {
    bytes: concat(parts),
    info: {
      type: 'image/jpeg',
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
      orientation: exif.orientation,
      takenAt: local
        ? { local, offset: exif.offset && /^[+-]\d{2}:\d{2}$/.test(exif.offset) ? exif.offset : null }
        : null,
    },
  };
}

// ── PNG ─────────────────────────────────────────────────────────────────────────────────────────

/** Chunks that may carry location, device or personal text: dropped. */
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function cleanPng(b: Uint8Array): { bytes: Uint8Array; info: PhotoInfo } {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let size: { width: number; height: number } | null = null;
  let ended = false;
  while (i + 12 <= b.length && !ended) {
    const len = be32(b, i);
    const type = ascii(b, i + 4, i + 8);
    const end = i + 12 + len;
    if (end > b.length) throw new PhotoBytesError('PNG chunk past the end');
    if (type === 'IHDR' && len >= 8) size = { width: be32(b, i + 8), height: be32(b, i + 12) };
    if (!PNG_DROPPED.has(type)) parts.push(b.subarray(i, end));
    ended = type === 'IEND';
    i = end;
  }
  if (!size || !ended || !size.width || !size.height)
    throw new PhotoBytesError('PNG without a header or end');
  return { bytes: concat(parts), info: { type: 'image/png', ...size, orientation: 1, takenAt: null } };
}

/**
 * The photo's type, size and capture time, and its bytes without location and device metadata;
 * null when the bytes are not JPEG or PNG (a renamed text file, a WebP, a HEIC…).
 */
export function cleanPhoto(b: Uint8Array): { bytes: Uint8Array; info: PhotoInfo } | null {
  const type = sniffImageType(b);
  try {
    if (type === 'image/jpeg') return cleanJpeg(b);
    if (type === 'image/png') return cleanPng(b);
  } catch (e) {
    if (e instanceof PhotoBytesError) return null;
    throw e;
  }
  return null;
}

/** The EXIF orientation of stored JPEG bytes (1 when none): how the PDF turns the picture. */
export function photoOrientation(b: Uint8Array): number {
  if (sniffImageType(b) !== 'image/jpeg') return 1;
  try {
    return jpegFacts(b, jpegSegments(b).segments).exif.orientation;
  } catch {
    return 1;
  }
}
