import { organisationsRouter } from './domains/organisations/router.ts';
import { buildRouter } from './kit/trpc-router.ts';
import { operations } from './operations.ts';
import { router } from './trpc.ts';

/** The whole tRPC API: one sub-router per domain. */
export const appRouter = router({
  ...buildRouter(operations)._def.record,
  organisations: organisationsRouter,
});

export type AppRouter = typeof appRouter;
