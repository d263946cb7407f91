import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { z } from 'zod';
import { VIDEO_LINK_TTL_SECONDS } from '../../../shared/videos/lessons.ts';
import {
  videoLessonBySlugSchema,
  videoLessonListSchema,
  videoLessonSchema,
  videoLessonSlugSchema,
} from '../../../shared/videos/schemas.ts';
import { AppError } from '../../errors.ts';
import { verifySignedPath } from '../../files/signed-links.ts';
import { mutation, PUBLIC, query, type SignedInContext, signedIn } from '../../kit/operation.ts';
import type { AppEnv } from '../../rest.ts';
import {
  lessonFilePath,
  listVideoLessons,
  parseLessonFileName,
  readLesson,
  storeLessonUpload,
  uploadLimitMb,
} from './service.ts';
import { config } from '../../config.ts';

/**
 * GET /web/video-lessons/files/{slug}.{ext}?exp=…&sig=…: a lesson through its signed link (no
 * session: the `<video>` element sends none). The expiry is checked here, on every request, so a
 * player seeking after 300 s gets 403 and asks the list for a fresh link. Range requests answer
 * 206 with Content-Range (seeking), HEAD answers the headers only.
 */
async function serveLesson(c: Context<AppEnv>): Promise<Response> {
  const parsed = parseLessonFileName(c.req.param('name') ?? '');
  if (!parsed) throw new AppError('NOT_FOUND');
  const { slug, ext } = parsed;
  const exp = c.req.query('exp');
  if (!verifySignedPath(lessonFilePath(slug, ext), exp, c.req.query('sig')))
    throw new AppError('VIDEO_LINK_INVALID');
  const read = await readLesson(slug, ext, {
    range: c.req.header('Range'),
    ifRange: c.req.header('If-Range'),
  });
  const { file, range } = read;
  const length = range ? range.end - range.start + 1 : file.size;
  // A link is reusable until it expires: the browser may keep the bytes that long, not longer.
  const maxAge = Math.max(0, Math.min(VIDEO_LINK_TTL_SECONDS, Number(exp) - Math.floor(Date.now() / 1000)));
  const headers: Record<string, string> = {
    'Content-Type': read.contentType,
    'Content-Length': String(length),
    'Accept-Ranges': 'bytes',
    ETag: read.etag,
    'Last-Modified': file.updatedAt.toUTCString(),
    'Cache-Control': `private, max-age=${maxAge}`,
    'Content-Disposition': `inline; filename="${slug}.${ext}"`,
  };
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  const stream = await read.open();
  if (!stream) throw new AppError('NOT_FOUND');
  return c.body(Readable.toWeb(stream) as ReadableStream, status, headers);
}

/**
 * PUT /web/video-lessons/{slug}/: the provider admin uploads or replaces a lesson. The body is the
 * video itself (any Content-Type; the bytes decide), streamed to the store.
 */
async function putLesson(c: Context<AppEnv>, _ctx: SignedInContext): Promise<Response> {
  const slug = videoLessonSlugSchema.safeParse(c.req.param('slug'));
  if (!slug.success) throw new AppError('NOT_FOUND');
  const declared = Number(c.req.header('Content-Length') ?? Number.NaN);
  if (declared > config().VIDEO_UPLOAD_MAX_BYTES)
    throw new AppError('VIDEO_UPLOAD_TOO_LARGE', { params: { max: uploadLimitMb() } });
  const body = c.req.raw.body;
  if (!body || declared === 0) throw new AppError('VIDEO_UPLOAD_MISSING');
  const lesson = await storeLessonUpload(
    slug.data,
    Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>),
  );
  return c.json({ data: videoLessonSchema.parse(lesson) });
}

export const videosOperations = {
  list: query({
    access: signedIn(),
    summary:
      'The video lessons in the seed’s order, listed from the file store at each call: `url` plays for 300 s (`expiresAt`); null when the lesson has no video yet.',
    output: videoLessonListSchema,
    rest: { method: 'get', path: '/web/video-lessons/' },
    handler: () => listVideoLessons(),
  }),
  file: query({
    access: PUBLIC,
    summary: 'A lesson’s video through its signed link (`exp`, `sig`); Range requests answer 206.',
    input: z.object({ name: z.string() }),
    output: z.never(),
    trpc: false,
    rest: {
      method: 'get',
      path: '/web/video-lessons/files/:name',
      raw: serveLesson,
      query: z.object({
        exp: z.string().optional().describe('Expiry of the signed link (seconds since the epoch)'),
        sig: z.string().optional().describe('Signature of the signed link'),
      }),
      headers: [
        {
          name: 'Range',
          description: 'One byte range, `bytes=start-end`, `bytes=start-` or `bytes=-suffix`',
        },
        {
          name: 'If-Range',
          description: 'The ETag (or Last-Modified) held: the range applies only to that version',
        },
      ],
      produces: 'video/*',
      responses: {
        206: 'Partial content (Content-Range)',
        403: 'VIDEO_LINK_INVALID: a wrong signature or an expired link',
        416: 'VIDEO_RANGE_NOT_SATISFIABLE',
      },
    },
    handler: () => {
      throw new AppError('NOT_FOUND');
    },
  }),
  upload: mutation({
    access: signedIn(['MOBCHECK_ADMIN']),
    summary:
      'Uploads or replaces a lesson’s video: the body is the MP4 or WebM file (checked by its bytes), at most VIDEO_UPLOAD_MAX_BYTES.',
    input: videoLessonBySlugSchema,
    output: videoLessonSchema,
    trpc: false,
    rest: {
      method: 'put',
      path: '/web/video-lessons/:slug/',
      raw: putLesson,
      requestBody: {
        contentType: 'video/*',
        description: 'The video file itself (MP4 or WebM), streamed; not multipart.',
      },
      responses: {
        413: 'VIDEO_UPLOAD_TOO_LARGE',
        415: 'VIDEO_UPLOAD_INVALID_TYPE',
      },
    },
    handler: () => {
      throw new AppError('NOT_FOUND');
    },
  }),
};
