import { buildRouter } from './kit/trpc-router.ts';
import { operations } from './operations.ts';

/** The whole tRPC API, generated from the operations tables (src/server/operations.ts). */
export const appRouter = buildRouter(operations);

export type AppRouter = typeof appRouter;
