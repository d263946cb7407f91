/**
 * Video lessons (issue 18, seed 001 §2 screen 9): the lessons are files of the file store, listed
 * at each load (`VIDEO_LESSONS_PREFIX`, default `lessons/`, one `<slug>.mp4|webm` per lesson) and
 * played through links valid 300 seconds: the bucket's own V4 signed URL on GCS, else a path of
 * this server signed with APP_SECRET (files/signed-links.ts), streamed with HTTP range support.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  extensionOf,
  sniffVideoType,
  VIDEO_LESSONS,
  VIDEO_LINK_TTL_SECONDS,
  VIDEO_SIGNATURE_BYTES,
  VIDEO_TYPES,
  type VideoExtension,
  type VideoLessonSlug,
} from '../../../shared/videos/lessons.ts';
import type { VideoLesson } from '../../../shared/videos/schemas.ts';
import { config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { signPath } from '../../files/signed-links.ts';
import { type ByteRange, fileStore, type StoredFile } from '../../files/store.ts';
import { log } from '../../logger.ts';

const EXTENSIONS = Object.keys(VIDEO_TYPES) as VideoExtension[];

/** Where a lesson's file lives in the store. */
export function lessonKey(slug: VideoLessonSlug, ext: VideoExtension): string {
  return `${config().VIDEO_LESSONS_PREFIX}${slug}.${ext}`;
}

/** The path of this server that streams a lesson (signed: `?exp=…&sig=…`). */
export function lessonFilePath(slug: VideoLessonSlug, ext: VideoExtension): string {
  return `/web/video-lessons/files/${slug}.${ext}`;
}

/** `cadastro-de-produtos.webm` → its slug and extension; null for any other name. */
export function parseLessonFileName(name: string): { slug: VideoLessonSlug; ext: VideoExtension } | null {
  const m = /^([a-z-]{1,60})\.(mp4|webm)$/.exec(name);
  if (!m) return null;
  const lesson = VIDEO_LESSONS.find((l) => l.slug === m[1]);
  return lesson ? { slug: lesson.slug, ext: m[2] as VideoExtension } : null;
}

/** The file of each lesson (the newest when both an mp4 and a webm are there). */
function filesBySlug(files: StoredFile[]): Map<VideoLessonSlug, { file: StoredFile; ext: VideoExtension }> {
  const prefix = config().VIDEO_LESSONS_PREFIX;
  const out = new Map<VideoLessonSlug, { file: StoredFile; ext: VideoExtension }>();
  for (const file of files) {
    if (!file.key.startsWith(prefix)) continue;
    const parsed = parseLessonFileName(file.key.slice(prefix.length));
    if (!parsed) continue;
    const had = out.get(parsed.slug);
    if (!had || had.file.updatedAt < file.updatedAt) out.set(parsed.slug, { file, ext: parsed.ext });
  }
  return out;
}

async function lessonDto(
  slug: VideoLessonSlug,
  found: { file: StoredFile; ext: VideoExtension } | undefined,
  now: number,
): Promise<VideoLesson> {
  const title = VIDEO_LESSONS.find((l) => l.slug === slug)!.title;
  if (!found)
    return { slug, title, url: null, expiresAt: null, contentType: null, size: null, updatedAt: null };
  const exp = Math.floor(now / 1000) + VIDEO_LINK_TTL_SECONDS;
  const url =
    (await fileStore().signedReadUrl(found.file.key, VIDEO_LINK_TTL_SECONDS)) ??
    signPath(lessonFilePath(slug, found.ext), VIDEO_LINK_TTL_SECONDS, now);
  return {
    slug,
    title,
    url,
    expiresAt: new Date(exp * 1000),
    contentType: VIDEO_TYPES[found.ext],
    size: found.file.size,
    updatedAt: found.file.updatedAt,
  };
}

/**
 * The ten lessons in the seed's order, each with a fresh link (or none when its video is missing).
 * A failed listing is logged and answered 503 VIDEO_LISTING_FAILED (the page shows its empty state).
 */
export async function listVideoLessons(): Promise<VideoLesson[]> {
  const now = Date.now();
  try {
    const files = filesBySlug(await fileStore().list(config().VIDEO_LESSONS_PREFIX));
    return await Promise.all(VIDEO_LESSONS.map(({ slug }) => lessonDto(slug, files.get(slug), now)));
  } catch (e) {
    log.error('video lessons: listing failed', { error: e instanceof Error ? e.message : String(e) });
    throw new AppError('VIDEO_LISTING_FAILED');
  }
}

// ── playback ───────────────────────────────────────────────────────────────────────────────────

/**
 * The byte range an HTTP `Range` header asks of a file of `size` bytes (RFC 9110 §14): null for
 * the whole file (no header, a malformed one, another unit or several ranges — a server may answer
 * those in full), 'unsatisfiable' when the range starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    // Suffix: the last `b` bytes.
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Number(b);
  if (b !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

export interface LessonRead {
  file: StoredFile;
  contentType: string;
  etag: string;
  /** The part asked for (null: the whole file). */
  range: ByteRange | null;
  open(): Promise<Readable | null>;
}

/**
 * A lesson's file for a verified link: its metadata, the part a `Range` header asks for (ignored
 * when `If-Range` names another version) and a way to open it. 404 when the file is gone, 416
 * VIDEO_RANGE_NOT_SATISFIABLE past its end.
 */
export async function readLesson(
  slug: VideoLessonSlug,
  ext: VideoExtension,
  headers: { range?: string; ifRange?: string },
): Promise<LessonRead> {
  const key = lessonKey(slug, ext);
  const file = await fileStore().stat(key);
  if (!file) throw new AppError('NOT_FOUND');
  const etag = `"${file.size.toString(36)}-${file.updatedAt.getTime().toString(36)}"`;
  const current =
    headers.ifRange === undefined ||
    headers.ifRange === etag ||
    headers.ifRange === file.updatedAt.toUTCString();
  const range = current ? parseRange(headers.range, file.size) : null;
  if (range === 'unsatisfiable')
    throw new AppError('VIDEO_RANGE_NOT_SATISFIABLE', { params: { size: file.size } });
  return {
    file,
    contentType: VIDEO_TYPES[ext],
    etag,
    range,
    open: () => fileStore().get(key, range ?? undefined),
  };
}

// ── upload ─────────────────────────────────────────────────────────────────────────────────────

/** The size limit as the message shows it (MB, two decimals at most). */
export function uploadLimitMb(): number {
  return Math.round((config().VIDEO_UPLOAD_MAX_BYTES / (1024 * 1024)) * 100) / 100;
}

/**
 * Stores an uploaded lesson from a stream, never holding the file in memory: the first bytes
 * decide the type (MP4 or WebM, by content — a renamed text file is refused with 415), the bytes
 * are counted on their way to the store and the write is dropped once they pass
 * VIDEO_UPLOAD_MAX_BYTES (413). The new file becomes visible whole (the store's atomic commit),
 * then the lesson's file of the other type, if any, is removed.
 */
export async function storeLessonUpload(
  slug: VideoLessonSlug,
  body: AsyncIterable<Uint8Array>,
): Promise<VideoLesson> {
  const max = config().VIDEO_UPLOAD_MAX_BYTES;
  const source = body[Symbol.asyncIterator]();
  // The head: enough bytes to tell the type.
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < VIDEO_SIGNATURE_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(Buffer.from(next.value));
    headSize += next.value.byteLength;
  }
  if (headSize === 0) throw new AppError('VIDEO_UPLOAD_MISSING');
  const first = Buffer.concat(head);
  const type = sniffVideoType(first);
  if (!type) {
    await source.return?.();
    throw new AppError('VIDEO_UPLOAD_INVALID_TYPE');
  }
  if (headSize > max) throw new AppError('VIDEO_UPLOAD_TOO_LARGE', { params: { max: uploadLimitMb() } });
  const ext = extensionOf(type);
  const key = lessonKey(slug, ext);
  const w = await fileStore().openWrite(key, type);
  let total = headSize;
  async function* counted() {
    yield first;
    if (ended) return;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      total += next.value.byteLength;
      if (total > max) throw new AppError('VIDEO_UPLOAD_TOO_LARGE', { params: { max: uploadLimitMb() } });
      yield next.value;
    }
  }
  try {
    await pipeline(Readable.from(counted()), w.stream);
  } catch (e) {
    await w.abort();
    await source.return?.().catch(() => {});
    throw e;
  }
  await w.commit();
  for (const other of EXTENSIONS) {
    if (other !== ext)
      await fileStore()
        .delete(lessonKey(slug, other))
        .catch((e) => log.warn('video lessons: old file not removed', { slug, error: String(e) }));
  }
  log.info('video lessons: lesson stored', { slug, type, size: total });
  const file = await fileStore().stat(key);
  return lessonDto(slug, file ? { file, ext } : undefined, Date.now());
}
