import { AppError } from '../../errors.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { loginInputSchema } from './schemas.ts';
import { login, logoutSession } from './service.ts';

export const authRouter = router({
  login: publicProcedure.input(loginInputSchema).mutation(({ ctx, input }) =>
    login({ ...input, ip: ctx.ip, userAgent: ctx.userAgent }).then((s) => ({
      token: s.token,
      expiresAt: s.expiresAt,
    })),
  ),
  logout: authedProcedure.mutation(async ({ ctx }) => {
    if (!ctx.auth) throw new AppError('UNAUTHENTICATED');
    await logoutSession(ctx.auth.sessionId);
    return { ok: true };
  }),
});
