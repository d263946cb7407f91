import { authedProcedure, router } from '../../trpc.ts';
import { getLoggedUser } from './service.ts';

export const accountRouter = router({
  me: authedProcedure.query(({ ctx }) => getLoggedUser(ctx.auth)),
});
