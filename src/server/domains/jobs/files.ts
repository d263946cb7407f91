import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { OpenedFile } from './service.ts';

/** Streams a stored file with its type and name (RFC 6266 filename*). */
export function fileResponse(c: Context, f: OpenedFile): Response {
  const headers: Record<string, string> = {
    'Content-Type': f.contentType,
    'Content-Disposition': `attachment; filename="${f.name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
    'Cache-Control': 'private, no-store',
  };
  if (f.size !== null) headers['Content-Length'] = String(f.size);
  return c.body(Readable.toWeb(f.stream) as ReadableStream, 200, headers);
}
