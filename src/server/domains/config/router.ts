import { router } from '../../trpc.ts';

/** tRPC procedures of the config domain. */
export const configRouter = router({});
