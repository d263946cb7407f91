import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { z } from 'zod';
import { jobListInputSchema } from '../../../shared/jobs.ts';
import { PAGE_SIZES } from '../../../shared/enums.ts';
import { AppError } from '../../errors.ts';
import { verifySignedPath } from '../../files/signed-links.ts';
import { restRoutes } from '../../openapi.ts';
import { type AppEnv, ok, queryParams, type RestApp, requireAuth } from '../../rest.ts';
import { downloadPath, getJob, listJobs, type OpenedFile, openJobResult } from './service.ts';

const listQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 100 or 1000')
    .default(10),
  query: z.string().max(200).optional(),
  state: jobListInputSchema.shape.state,
  type: z.string().max(40).optional(),
  sort: jobListInputSchema.shape.sort,
  direction: z.enum(['asc', 'desc']).default('asc'),
});

function jobIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND');
  return id;
}

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

/** REST shim (`/web/*`) routes of the jobs domain. */
export function registerJobsRest(app: RestApp): void {
  const r = restRoutes(app, 'Jobs');
  r.get(
    '/web/jobs/',
    { summary: 'Jobs of the caller’s tenant (all for the provider admin), newest first.', query: listQuery },
    async (c) => {
      const ctx = requireAuth(c);
      return ok(c, await listJobs(ctx.auth, queryParams(c, listQuery)));
    },
  );
  r.get(
    '/web/jobs/:id',
    { summary: 'One job: state, progress 0–100, error, result and a signed download link.' },
    async (c) => {
      const ctx = requireAuth(c);
      return ok(c, await getJob(ctx.auth, jobIdParam(c)));
    },
  );
  r.get(
    '/web/jobs/:id/download',
    {
      summary:
        'Downloads a finished job’s file: with the bearer token, or through the signed link (`exp`, `sig`).',
      // No session needed with a valid signature; the handler checks one or the other.
      roles: 'public',
      produces: 'application/octet-stream',
    },
    async (c: Context<AppEnv>) => {
      let id: string;
      if (c.req.query('sig') !== undefined) {
        id = jobIdParam(c);
        if (!verifySignedPath(downloadPath(id), c.req.query('exp'), c.req.query('sig')))
          throw new AppError('DOWNLOAD_LINK_INVALID');
      } else {
        // Without a signature: the bearer's visibility check (others' jobs are a 404).
        const { auth } = requireAuth(c);
        id = jobIdParam(c);
        await getJob(auth, id);
      }
      return fileResponse(c, await openJobResult(id));
    },
  );
}
