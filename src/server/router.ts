import { accountRouter } from './domains/account/router.ts';
import { authRouter } from './domains/auth/router.ts';
import { catalogueRouter } from './domains/catalogue/router.ts';
import { cepRouter } from './domains/cep/router.ts';
import { jobsRouter } from './domains/jobs/router.ts';
import { qrRouter } from './domains/qr/router.ts';
import { buildRouter } from './kit/trpc-router.ts';
import { operations } from './operations.ts';
import { router } from './trpc.ts';

/** The whole tRPC API: one sub-router per domain. */
export const appRouter = router({
  ...buildRouter(operations)._def.record,
  auth: authRouter,
  account: accountRouter,
  catalogue: catalogueRouter,
  cep: cepRouter,
  jobs: jobsRouter,
  qr: qrRouter,
});

export type AppRouter = typeof appRouter;
