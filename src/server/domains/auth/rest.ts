import { restRoutes } from '../../openapi.ts';
import { type RestApp, ok, requestContext, requireAuth } from '../../rest.ts';
import { loginInputSchema } from './schemas.ts';
import { login, logoutSession } from './service.ts';

export function registerAuthRest(app: RestApp): void {
  const r = restRoutes(app, 'Authentication');
  r.post(
    '/web/authentication/',
    {
      summary:
        'Sign in: header `Email`, the password as the raw body; `?remember=true` (or header `Remember-Login: true`) for a long session. Answers the token.',
      roles: 'public',
    },
    async (c) => {
      const ctx = requestContext(c);
      const remember = c.req.query('remember') === 'true' || c.req.header('Remember-Login') === 'true';
      const input = loginInputSchema.parse({
        email: c.req.header('Email') ?? '',
        password: await c.req.text(),
        remember,
      });
      const session = await login({ ...input, ip: ctx.ip, userAgent: ctx.userAgent });
      return ok(c, session.token);
    },
  );
  r.delete('/web/authentication/', { summary: 'Sign out: revokes the bearer token.' }, async (c) => {
    const ctx = requireAuth(c);
    await logoutSession(ctx.auth.sessionId);
    return ok(c, true);
  });
}
