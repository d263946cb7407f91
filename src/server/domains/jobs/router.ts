import { jobIdSchema, jobListInputSchema } from '../../../shared/jobs.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import { roleProcedure, router } from '../../trpc.ts';
import { createBoardToken } from './board.ts';
import { getJob, listJobs } from './service.ts';

/** tRPC procedures of the jobs domain. */
export const jobsRouter = router({
  list: roleProcedure(ALL_ROLES)
    .input(jobListInputSchema)
    .query(({ ctx, input }) => listJobs(ctx.auth, input)),
  get: roleProcedure(ALL_ROLES)
    .input(jobIdSchema)
    .query(({ ctx, input }) => getJob(ctx.auth, input.id)),
  /** A one-time link to Bull Board (provider admin only). */
  boardLink: roleProcedure(['MOBCHECK_ADMIN']).mutation(async ({ ctx }) => ({
    url: await createBoardToken(ctx.auth.user.id),
  })),
});
