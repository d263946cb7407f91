import { z } from 'zod';
import { mutation, PUBLIC, signedIn } from '../../kit/operation.ts';
import { ok } from '../../rest.ts';
import { sessionSchema } from '../../../shared/account/schemas.ts';
import { loginInputSchema } from './schemas.ts';
import * as s from './service.ts';

export const authOperations = {
  login: mutation({
    access: PUBLIC,
    summary:
      'Sign in: header `Email`, the password as the raw body; `?remember=true` (or header `Remember-Login: true`) for a long session. Answers the token.',
    input: loginInputSchema,
    output: sessionSchema,
    credential: true,
    // In maintenance mode the provider admin signs in; the service refuses everyone else (503).
    maintenance: 'open',
    rest: {
      method: 'post',
      path: '/web/authentication/',
      // Raw: the seed's contract sends the password as the raw text body (e-mail in a header, the
      // token as data) — a body no schema reads.
      raw: async (c, _ctx, call) => {
        const remember = c.req.query('remember') === 'true' || c.req.header('Remember-Login') === 'true';
        const session = await call({
          email: c.req.header('Email') ?? '',
          password: await c.req.text(),
          remember,
        });
        return ok(c, (session as { token: string }).token);
      },
      headers: [
        { name: 'Email', description: 'The e-mail of the account', required: true },
        { name: 'Remember-Login', description: '`true` for a long session' },
      ],
      query: z.object({ remember: z.boolean().optional().describe('`true` for a long session') }),
      requestBody: { contentType: 'text/plain', description: 'The password, as the raw body' },
      answer: z.string().describe('The session token (send it as `Authorization: Bearer <token>`)'),
    },
    handler: (ctx, input) => s.login(ctx, input),
  }),
  logout: mutation({
    access: signedIn(),
    summary: 'Sign out: revokes the bearer token.',
    output: z.literal(true),
    maintenance: 'open',
    rest: { method: 'delete', path: '/web/authentication/' },
    handler: (ctx) => s.logout(ctx),
  }),
};
