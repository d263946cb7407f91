import { router } from '../../trpc.ts';

/** tRPC procedures of the catalogue domain. */
export const catalogueRouter = router({});
