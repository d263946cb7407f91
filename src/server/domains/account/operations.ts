import type { Context } from 'hono';
import { z } from 'zod';
import {
  changePasswordSchema,
  emailTokenCheckResultSchema,
  emailTokenCheckSchema,
  loggedUserSchema,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_TYPES,
  profileUpdateSchema,
  registrationSchema,
  resendActivationSchema,
  sessionSchema,
} from '../../../shared/account/schemas.ts';
import { mutation, PUBLIC, query, signedIn } from '../../kit/operation.ts';
import { type AppEnv, ok } from '../../rest.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { changePassword, removeProfilePhoto, setProfilePhoto, updateProfile } from './profile.ts';
import { activateEnvironment, register, resendActivation } from './registration.ts';
import { checkEmailToken } from './token-check.ts';
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

const anyone = signedIn();
const emailTokenHeader = {
  name: 'EmailToken',
  description: 'The token of the e-mailed link',
  required: true,
  field: 'token',
};

export const accountOperations = {
  me: query({
    access: anyone,
    summary: 'The signed-in user, company and counters.',
    output: loggedUserSchema,
    rest: { method: 'get', path: '/web/logged-user/' },
    handler: (ctx) => getLoggedUser(ctx),
  }),
  updateProfile: mutation({
    access: anyone,
    summary: 'Updates name, phone and occupation of the signed-in user.',
    input: profileUpdateSchema,
    output: loggedUserSchema,
    rest: { method: 'put', path: '/web/logged-user/' },
    handler: (ctx, input) => updateProfile(ctx, input),
  }),
  changePassword: mutation({
    access: anyone,
    summary:
      'Changes the password (currentPassword, newPassword); other sessions are revoked. 400 PASSWORD_CURRENT_INVALID.',
    input: changePasswordSchema,
    output: z.literal(true),
    rest: { method: 'put', path: '/web/logged-user/password/' },
    handler: (ctx, input) => changePassword(ctx, input),
  }),
  /** The client sends the photo as base64 over tRPC; integrators upload the file over REST. */
  uploadPhoto: mutation({
    access: anyone,
    summary: 'Sets the profile photo: PNG, JPEG or WEBP up to 1 MB.',
    input: z.union([
      z.object({
        contentType: z.enum(PROFILE_PHOTO_TYPES),
        /** base64 of at most 1 MB of bytes */
        base64: z.string().max(1_400_000),
      }),
      // REST: the uploaded file (its bytes decide what it is).
      z.object({ file: z.instanceof(Uint8Array).nullable(), fileType: z.string().nullable() }),
    ]),
    output: loggedUserSchema,
    rest: {
      method: 'put',
      path: '/web/logged-user/image/',
      multipart: {
        field: 'file',
        rawBody: true,
        maxBytes: PROFILE_PHOTO_MAX_BYTES,
        types: PROFILE_PHOTO_TYPES,
        tooLarge: 'PHOTO_INVALID',
        invalid: 'PHOTO_INVALID',
      },
    },
    handler: (ctx, input) =>
      setProfilePhoto(ctx, {
        bytes: 'base64' in input ? Buffer.from(input.base64, 'base64') : (input.file ?? new Uint8Array()),
      }),
  }),
  removePhoto: mutation({
    access: anyone,
    summary: 'Removes the profile photo.',
    output: loggedUserSchema,
    rest: { method: 'delete', path: '/web/logged-user/image/' },
    handler: (ctx) => removeProfilePhoto(ctx),
  }),

  register: mutation({
    access: PUBLIC,
    summary:
      'Sign-up: creates a PENDING user and sends the activation e-mail. 409 USER_REGISTER_EMAIL_EXISTS, 400 USER_REGISTER_EMAIL_INVALID, 403 USER_REGISTER_DISABLED while public sign-up is turned off.',
    input: registrationSchema,
    output: z.object({ id: z.number().int(), email: z.string(), vindi_id: z.string().nullable() }),
    rest: { method: 'post', path: '/web/users/register/', status: 201 },
    handler: (ctx, input) => register(ctx, input),
  }),
  activate: mutation({
    access: PUBLIC,
    summary:
      'Activates a sign-up (header `EmailToken`): creates its company group and company, answers a session token.',
    input: z.object({ token: z.string().max(300) }),
    output: sessionSchema,
    credential: true,
    rest: {
      method: 'post',
      path: '/web/users/active-environment/',
      headers: [emailTokenHeader],
      respond: (c, session: { token: string }) => ok(c, session.token),
      answer: z.string().describe('The session token'),
    },
    handler: (ctx, input) => activateEnvironment(ctx, input),
  }),
  resendActivation: mutation({
    access: PUBLIC,
    summary:
      'Sends a new activation link to a sign-up that has not been activated ("reenviar e-mail de ativação"). Answers the same whether or not such a sign-up exists; 429 ACTIVATION_RESEND_LIMITED past 3 per address or 20 per IP an hour.',
    input: resendActivationSchema,
    output: z.literal(true),
    rest: { method: 'post', path: '/web/users/active-environment/resend/' },
    handler: (ctx, input) => resendActivation(ctx, input),
  }),
  /** A mutation so the token travels in the body (tRPC queries put their input in the URL). */
  checkEmailToken: mutation({
    access: PUBLIC,
    summary:
      'Checks an e-mailed link (header `EmailToken`) without using it: VALID, EXPIRED, USED (used or replaced by a newer link), INVALID, ALREADY_ACTIVE (activation links).',
    input: emailTokenCheckSchema,
    output: emailTokenCheckResultSchema,
    rest: [
      {
        method: 'post',
        path: '/web/password/reset/check/',
        summary: 'Checks a password-reset link (header `EmailToken`) before the new password is typed.',
        fixed: { purpose: 'reset' },
        headers: [emailTokenHeader],
      },
      {
        method: 'post',
        path: '/web/users/active-environment/check/',
        summary: 'Checks an activation link (header `EmailToken`) before it is used.',
        fixed: { purpose: 'activation' },
        headers: [emailTokenHeader],
      },
    ],
    handler: (_ctx, input) => checkEmailToken(input),
  }),
  requestPasswordReset: mutation({
    access: PUBLIC,
    summary:
      'Sends a password-reset link to header `Email`. Answers the same whether or not the account exists; 400 PASSWORD_RESET_EMAIL_INVALID for a malformed e-mail.',
    input: z.object({ email: z.string().max(300) }),
    output: z.literal(true),
    rest: {
      method: 'post',
      path: '/web/password/reset/',
      headers: [{ name: 'Email', description: 'The account e-mail', required: true, field: 'email' }],
    },
    handler: (ctx, input) => requestPasswordReset(ctx, input),
  }),
  resetPassword: mutation({
    access: PUBLIC,
    summary: 'Sets a new password (raw body) with header `EmailToken`; answers a new session token.',
    input: z.object({ token: z.string().max(300), password: z.string().max(200) }),
    output: sessionSchema,
    credential: true,
    rest: {
      method: 'put',
      path: '/web/password/reset/',
      // Raw: the new password is the raw text body (or JSON), a body no schema reads.
      raw: async (c, _ctx, call) => {
        const input = { token: c.req.header('EmailToken') ?? '', password: await passwordBody(c) };
        return ok(c, ((await call(input)) as { token: string }).token);
      },
      headers: [emailTokenHeader],
      requestBody: {
        contentType: 'text/plain',
        description: 'The new password (or JSON `{ "password": … }`)',
      },
      answer: z.string().describe('The session token'),
    },
    handler: (ctx, input) => resetPassword(ctx, input),
  }),
};
