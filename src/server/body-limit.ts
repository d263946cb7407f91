/**
 * The request body limit of `/web/*` and `/trpc/*` (app.ts): a body over BODY_LIMIT is a 413
 * REQUEST_TOO_LARGE, read and dropped first so the keep-alive socket survives (drain-body.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { drainBody } from './drain-body.ts';
import { AppError } from './errors.ts';
import { type AppEnv, errorResponse } from './rest.ts';

const BODY_LIMIT = 12 * 1024 * 1024;

/** Uploads streamed to the file store that check their own size limit (not BODY_LIMIT). */
const STREAMED_UPLOADS = [
  // Issue 18: a video lesson, up to VIDEO_UPLOAD_MAX_BYTES (domains/videos/service.ts).
  { method: 'PUT', path: /^\/web\/video-lessons\/[a-z-]{1,60}\/?$/ },
];

async function tooLarge(c: Context<AppEnv>) {
  if (!(await drainBody(c))) c.header('Connection', 'close');
  return errorResponse(c, new AppError('REQUEST_TOO_LARGE'));
}

/**
 * A body over `maxSize` refused. A body with a Content-Length is judged by it, as hono's limit does,
 * but without asking for the body first: on @hono/node-server that builds a full fetch Request and
 * a web stream over the socket for every write (issue 32); the handler then reads the body straight
 * from the socket. A chunked body (no length) goes through hono's limit, which counts it as it reads.
 */
export function bodyLimitOf(maxSize: number): MiddlewareHandler<AppEnv> {
  const counted = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined)
      return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next();
    return counted(c, next);
  };
}

const limited = bodyLimitOf(BODY_LIMIT);

/**
 * Not for reads (`bodiless` methods): the limit asks for the request's body, and on a GET that alone
 * made @hono/node-server build a full fetch Request (and its AbortController) per call — ~15% of a
 * signed-in read's CPU (issue 12). A GET body is never read. Nor for the uploads that stream their
 * body to the store and count it against a limit of their own (STREAMED_UPLOADS).
 */
export function requestBodyLimit(bodiless: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (
      bodiless.has(c.req.method) ||
      STREAMED_UPLOADS.some((r) => r.method === c.req.method && r.path.test(c.req.path))
    )
      return next();
    return limited(c, next);
  };
}
