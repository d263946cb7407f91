import { router } from '../../trpc.ts';

/** tRPC procedures of the organisations domain. */
export const organisationsRouter = router({});
