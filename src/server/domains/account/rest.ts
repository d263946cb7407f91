import type { Context } from 'hono';
import { z } from 'zod';
import {
  changePasswordSchema,
  profileUpdateSchema,
  registrationSchema,
} from '../../../shared/account/schemas.ts';
import { AppError } from '../../errors.ts';
import { restRoutes } from '../../openapi.ts';
import { type AppEnv, jsonBody, ok, type RestApp, requestContext, requireAuth } from '../../rest.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { changePassword, removeProfilePhoto, setProfilePhoto, updateProfile } from './profile.ts';
import { activateEnvironment, parseRegistration, register } from './registration.ts';
import { parseEmailToken } from './schemas.ts';
import { getLoggedUser } from './service.ts';

/** The new password of PUT /web/password/reset/: the raw body, or `{ "password": … }` as JSON. */
async function passwordBody(c: Context<AppEnv>): Promise<string> {
  const text = await c.req.text();
  if ((c.req.header('Content-Type') ?? '').includes('application/json')) {
    try {
      const v = JSON.parse(text) as unknown;
      if (typeof v === 'string') return v;
      if (v && typeof v === 'object' && typeof (v as { password?: unknown }).password === 'string')
        return (v as { password: string }).password;
    } catch {
      // not JSON after all: the raw text is the password
    }
  }
  return text;
}

async function photoBody(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = c.req.header('Content-Type') ?? '';
  if (type.includes('multipart/form-data')) {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError('PHOTO_INVALID');
    });
    const file = form.file;
    if (!(file instanceof File)) throw new AppError('PHOTO_INVALID');
    return new Uint8Array(await file.arrayBuffer());
  }
  return new Uint8Array(await c.req.arrayBuffer());
}

export function registerAccountRest(app: RestApp): void {
  const r = restRoutes(app, 'Logged user');
  r.get('/web/logged-user/', { summary: 'The signed-in user, company and counters.' }, async (c) =>
    ok(c, await getLoggedUser(requireAuth(c).auth)),
  );
  r.put(
    '/web/logged-user/',
    { summary: 'Updates name, phone and occupation of the signed-in user.', body: profileUpdateSchema },
    async (c) => {
      const { auth } = requireAuth(c);
      return ok(c, await updateProfile(auth, await jsonBody(c, profileUpdateSchema)));
    },
  );
  r.put(
    '/web/logged-user/password/',
    {
      summary:
        'Changes the password (currentPassword, newPassword); other sessions are revoked. 400 PASSWORD_CURRENT_INVALID.',
      body: changePasswordSchema,
    },
    async (c) => {
      const { auth } = requireAuth(c);
      await changePassword(auth, await jsonBody(c, changePasswordSchema));
      return ok(c, true);
    },
  );
  r.put(
    '/web/logged-user/image/',
    {
      summary: 'Sets the profile photo: multipart field `file` (or the raw image), PNG/JPEG/WEBP up to 1 MB.',
    },
    async (c) => {
      const { auth } = requireAuth(c);
      return ok(c, await setProfilePhoto(auth, await photoBody(c)));
    },
  );
  r.delete('/web/logged-user/image/', { summary: 'Removes the profile photo.' }, async (c) =>
    ok(c, await removeProfilePhoto(requireAuth(c).auth)),
  );

  const reg = restRoutes(app, 'Registration');
  reg.post(
    '/web/users/register/',
    {
      summary:
        'Sign-up: creates a PENDING user and sends the activation e-mail. 409 USER_REGISTER_EMAIL_EXISTS, 400 USER_REGISTER_EMAIL_INVALID.',
      roles: 'public',
      body: registrationSchema,
    },
    async (c) => {
      const input = parseRegistration(await jsonBody(c, z.unknown()));
      return ok(c, await register(input, requestContext(c)), 201);
    },
  );
  reg.post(
    '/web/users/active-environment/',
    {
      summary:
        'Activates a sign-up (header `EmailToken`): creates its company group and company, answers a session token.',
      roles: 'public',
    },
    async (c) => {
      const session = await activateEnvironment(
        parseEmailToken(c.req.header('EmailToken')),
        requestContext(c),
      );
      return ok(c, session.token);
    },
  );

  const pw = restRoutes(app, 'Password reset');
  pw.post(
    '/web/password/reset/',
    {
      summary:
        'Sends a password-reset link to header `Email`. Answers the same whether or not the account exists; 400 PASSWORD_RESET_EMAIL_INVALID for a malformed e-mail.',
      roles: 'public',
    },
    async (c) => {
      await requestPasswordReset(c.req.header('Email') ?? '', requestContext(c));
      return ok(c, true);
    },
  );
  pw.put(
    '/web/password/reset/',
    {
      summary: 'Sets a new password (raw body) with header `EmailToken`; answers a new session token.',
      roles: 'public',
    },
    async (c) => {
      const token = parseEmailToken(c.req.header('EmailToken'));
      const session = await resetPassword(token, await passwordBody(c), requestContext(c));
      return ok(c, session.token);
    },
  );
}
