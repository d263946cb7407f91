import { z } from 'zod';
import { jobIdSchema, jobListInputSchema, jobViewSchema } from '../../../shared/jobs.ts';
import { pageSchema } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import { verifySignedPath } from '../../files/signed-links.ts';
import { mutation, PUBLIC, query, signedIn } from '../../kit/operation.ts';
import type { RequestContext } from '../../context.ts';
import { createBoardToken } from './board.ts';
import { fileResponse } from './files.ts';
import { downloadPath, getJob, listJobs, type OpenedFile, openJobResult } from './service.ts';

/** The query of a signed download link. */
const signedLinkQuery = z.object({
  exp: z.string().optional().describe('Expiry of a signed link (seconds since the epoch)'),
  sig: z.string().optional().describe('Signature of a signed link'),
});

/** A finished job's file: with the bearer token, or through the signed link (`exp`, `sig`). */
async function openDownload(
  ctx: RequestContext,
  input: { id: string; exp?: string | undefined; sig?: string | undefined },
): Promise<OpenedFile> {
  if (input.sig !== undefined) {
    if (!verifySignedPath(downloadPath(input.id), input.exp, input.sig))
      throw new AppError('DOWNLOAD_LINK_INVALID');
  } else {
    // Without a signature: the bearer's visibility check (others' jobs are a 404).
    if (!ctx.auth) throw new AppError('UNAUTHENTICATED');
    await getJob({ auth: ctx.auth }, { id: input.id });
  }
  return openJobResult(input.id);
}

export const jobsOperations = {
  list: query({
    access: signedIn(),
    summary: 'Jobs of the caller’s scope (all for the provider admin), newest first.',
    input: jobListInputSchema,
    output: pageSchema(jobViewSchema),
    rest: { method: 'get', path: '/web/jobs/' },
    handler: (ctx, input) => listJobs(ctx, input),
  }),
  get: query({
    access: signedIn(),
    summary: 'One job: state, progress 0–100, error, result and a signed download link.',
    input: jobIdSchema,
    output: jobViewSchema,
    rest: { method: 'get', path: '/web/jobs/:id' },
    handler: (ctx, input) => getJob(ctx, input),
  }),
  download: query({
    // No session needed with a valid signature; the handler checks one or the other.
    access: PUBLIC,
    summary:
      'Downloads a finished job’s file: with the bearer token, or through the signed link (`exp`, `sig`).',
    input: jobIdSchema.extend(signedLinkQuery.shape),
    // The open file (a stream); the REST binding answers it as the body.
    output: z.custom<OpenedFile>(),
    trpc: false,
    rest: {
      method: 'get',
      path: '/web/jobs/:id/download',
      query: signedLinkQuery,
      respond: (c, file: OpenedFile) => fileResponse(c, file),
      produces: 'application/octet-stream',
      responses: { 409: 'JOB_NOT_READY or JOB_FAILED', 410: 'JOB_RESULT_EXPIRED' },
    },
    handler: (ctx, input) => openDownload(ctx, input),
  }),
  /** A one-time link to Bull Board (provider admin only). */
  boardLink: mutation({
    access: signedIn(['MOBCHECK_ADMIN']),
    summary: 'A one-time link to the queue dashboard.',
    output: z.object({ url: z.string().describe('The link, with its one-time token') }),
    credential: true,
    handler: async ({ auth }) => ({ url: await createBoardToken(auth.sessionId) }),
  }),
};
