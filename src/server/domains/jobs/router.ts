import { router } from '../../trpc.ts';

/** tRPC procedures of the jobs domain. */
export const jobsRouter = router({});
