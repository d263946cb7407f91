import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { hashToken } from '../../../src/server/domains/auth/service.ts';
import { loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { makeActiveUser, registration, startMailServer, tokenFromMail, uniqueEmail } from './support.ts';

let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
});

const ask = (email: string) =>
  rest('POST', '/web/password/reset/', {
    headers: { Email: email },
    ip: `10.30.${Math.floor(Math.random() * 250)}.1`,
  });

describe('POST /web/password/reset/', () => {
  it('mails a single-use, 1-hour reset link to a known user', async () => {
    const u = await makeActiveUser();
    const r = await ask(u.email);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ data: true });
    const m = await mail.waitFor(u.email);
    expect(m.subject).toBe('Redefinição de senha do EquipCheck');
    // Counted by the language's plural rules (issue 16): "1 hora", never "1 hora(s)".
    expect(m.text).toContain('O link vale por 1 hora e só pode ser usado uma vez.');
    const { link, token } = tokenFromMail(m, '/password-reset');
    expect(link.startsWith('http://localhost:3000/#/password-reset?t=')).toBe(true);
    const row = await coreDb()
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('PASSWORD_RESET');
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const known = await makeActiveUser();
    const unknown = uniqueEmail('nobody');
    const a = await ask(known.email);
    const b = await ask(unknown);
    expect(b.status).toBe(a.status);
    expect(b.json).toEqual(a.json);
    await pendingAfterAnswer();
    await mail.waitFor(known.email);
    expect(mail.to(unknown)).toHaveLength(0);
  });

  it('400 PASSWORD_RESET_EMAIL_INVALID ("Email inválido") for a malformed or missing e-mail', async () => {
    for (const email of ['nope', '']) {
      const r = await ask(email);
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({ code: 'PASSWORD_RESET_EMAIL_INVALID', message: 'Email inválido' });
    }
    const none = await rest('POST', '/web/password/reset/');
    expect(none.json.error?.code).toBe('PASSWORD_RESET_EMAIL_INVALID');
  });

  it('re-sends the activation link to a sign-up that is not activated yet', async () => {
    const body = registration();
    expect((await rest('POST', '/web/users/register/', { body })).status).toBe(201);
    await mail.waitFor(body.email);
    const first = tokenFromMail(mail.to(body.email)[0]!, '/active-environment').token;
    await ask(body.email);
    await pendingAfterAnswer();
    const mails = mail.to(body.email);
    expect(mails).toHaveLength(2);
    const second = tokenFromMail(mails[1]!, '/active-environment').token;
    // Only the newest link works.
    expect(
      (await rest('POST', '/web/users/active-environment/', { headers: { EmailToken: first } })).json.error
        ?.code,
    ).toBe('TOKEN_INVALID');
    expect(
      (await rest('POST', '/web/users/active-environment/', { headers: { EmailToken: second } })).status,
    ).toBe(200);
  });

  it('limits requests per e-mail with 429 RATE_LIMITED, known or not', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await ask(email)).status).toBe(200);
    const r = await ask(email);
    expect(r.status).toBe(429);
    expect(r.json.error?.code).toBe('RATE_LIMITED');
  });
});

describe('PUT /web/password/reset/', () => {
  async function resetToken(email: string) {
    await ask(email);
    await pendingAfterAnswer();
    const all = mail.to(email);
    return tokenFromMail(all[all.length - 1]!, '/password-reset').token;
  }

  it('sets the new password, revokes every session, answers a new session token, and is single-use', async () => {
    const u = await makeActiveUser();
    const old = await loginAs(u.email, u.password);
    const token = await resetToken(u.email);
    const r = await rest<string>('PUT', '/web/password/reset/', {
      headers: { EmailToken: token },
      text: 'Nova@Senha1',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const me = await rest<{ email: string }>('GET', '/web/logged-user/', { token: r.json.data! });
    expect(me.json.data?.email).toBe(u.email);
    expect((await rest('GET', '/web/logged-user/', { token: old })).status).toBe(401);
    const oldLogin = await rest('POST', '/web/authentication/', {
      headers: { Email: u.email },
      text: u.password,
    });
    expect(oldLogin.status).toBe(401);
    expect(await loginAs(u.email, 'Nova@Senha1')).toBeTruthy();
    const again = await rest('PUT', '/web/password/reset/', {
      headers: { EmailToken: token },
      text: 'Outra@Senha2',
    });
    expect(again.status).toBe(400);
    expect(again.json.error?.code).toBe('TOKEN_INVALID');
  });

  it('accepts the password as JSON too', async () => {
    const u = await makeActiveUser();
    const token = await resetToken(u.email);
    const r = await rest<string>('PUT', '/web/password/reset/', {
      headers: { EmailToken: token },
      body: { password: 'Json@Senha1' },
    });
    expect(r.status).toBe(200);
    expect(await loginAs(u.email, 'Json@Senha1')).toBeTruthy();
  });

  it('400 VALIDATION_FAILED for a weak password, without spending the token', async () => {
    const u = await makeActiveUser();
    const token = await resetToken(u.email);
    const weak = await rest('PUT', '/web/password/reset/', { headers: { EmailToken: token }, text: 'fraca' });
    expect(weak.status).toBe(400);
    expect(weak.json.error?.code).toBe('VALIDATION_FAILED');
    expect(
      (await rest('PUT', '/web/password/reset/', { headers: { EmailToken: token }, text: 'Forte@123' }))
        .status,
    ).toBe(200);
  });

  it('400 TOKEN_INVALID for a missing, garbage, expired or superseded token', async () => {
    expect((await rest('PUT', '/web/password/reset/', { text: 'Forte@123' })).json.error?.code).toBe(
      'TOKEN_INVALID',
    );
    expect(
      (
        await rest('PUT', '/web/password/reset/', {
          headers: { EmailToken: 'a'.repeat(43) },
          text: 'Forte@123',
        })
      ).json.error?.code,
    ).toBe('TOKEN_INVALID');
    const u = await makeActiveUser();
    const first = await resetToken(u.email);
    const second = await resetToken(u.email);
    expect(
      (await rest('PUT', '/web/password/reset/', { headers: { EmailToken: first }, text: 'Forte@123' })).json
        .error?.code,
    ).toBe('TOKEN_INVALID');
    await coreDb()
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('token_hash', '=', hashToken(second))
      .execute();
    const expired = await rest('PUT', '/web/password/reset/', {
      headers: { EmailToken: second },
      text: 'Forte@123',
    });
    expect(expired.status).toBe(400);
    expect(expired.json.error?.code).toBe('TOKEN_INVALID');
  });

  it('works the same through tRPC', async () => {
    const u = await makeActiveUser();
    const client = trpcClient();
    // One declaration: tRPC answers what REST answers (`true`).
    expect(await client.account.requestPasswordReset.mutate({ email: uniqueEmail('ghost') })).toBe(true);
    await expect(client.account.requestPasswordReset.mutate({ email: 'x' })).rejects.toMatchObject({
      data: { code: 'PASSWORD_RESET_EMAIL_INVALID', httpStatus: 400 },
    });
    await client.account.requestPasswordReset.mutate({ email: u.email });
    await pendingAfterAnswer();
    const token = tokenFromMail(await mail.waitFor(u.email), '/password-reset').token;
    await expect(client.account.resetPassword.mutate({ token, password: 'weak' })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED' },
    });
    const s = await client.account.resetPassword.mutate({ token, password: 'Trpc@Senha1' });
    expect((await trpcClient(s.token).account.me.query()).email).toBe(u.email);
  });
});
