import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { hashToken } from '../../../src/server/domains/auth/service.ts';
import { DEMO, rest, trpcClient } from '../../helpers/api.ts';
import { makeActiveUser, registration, startMailServer, tokenFromMail, uniqueEmail } from './support.ts';

/*
 * Issue 16 items 11 and 12: a sign-up that has not clicked its activation link is told so at
 * sign-in and may have the link sent again (rate-limited, the answer saying nothing about whether
 * the address exists); the reset and activation pages check their link when they open.
 */
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
});

let ipSeq = 0;
/** An address of its own per call: the limits count per IP too, and test files run in parallel. */
const ip = () => `10.61.${Math.floor(Math.random() * 200)}.${ipSeq++ % 250}`;

async function signUp() {
  const body = registration();
  const r = await rest<{ id: number }>('POST', '/web/users/register/', { body, ip: ip() });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const first = await mail.waitFor(body.email);
  return { body, id: r.json.data!.id, ...tokenFromMail(first, '/active-environment') };
}

const resend = (email: string, from = ip()) =>
  rest('POST', '/web/users/active-environment/resend/', { body: { email }, ip: from });

const check = (path: 'reset' | 'activation', token: string) =>
  rest<{ status: string }>(
    'POST',
    path === 'reset' ? '/web/password/reset/check/' : '/web/users/active-environment/check/',
    { headers: { EmailToken: token } },
  );

describe('signing in before activation', () => {
  it('says the activation e-mail must be clicked (only to whoever knows the password)', async () => {
    const { body } = await signUp();
    const signIn = (password: string) =>
      rest('POST', '/web/authentication/', { headers: { Email: body.email }, text: password, ip: ip() });
    const r = await signIn(body.password);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({
      code: 'AUTHENTICATION_ACTIVATION_PENDING',
      params: { email: body.email },
      message: `Seu cadastro ainda não foi ativado: clique no link do e-mail de ativação que enviamos para ${body.email}.`,
    });
    expect((await signIn('Errada@123')).json.error?.code).toBe('AUTHENTICATION_INVALID_CREDENTIALS');
    // A pending user without a sign-up of their own (awaiting the provider's review) keeps the seed's code.
    const seeded = await rest('POST', '/web/authentication/', {
      headers: { Email: DEMO.pending },
      text: 'Demo@123',
      ip: ip(),
    });
    expect(seeded.json.error?.code).toBe('AUTHENTICATION_PENDING_USER_STATUS');
  });
});

describe('"reenviar e-mail de ativação"', () => {
  it('mails a new link that replaces the old one; the answer is the same for an unknown address', async () => {
    const { body, token: first } = await signUp();
    const r = await resend(body.email);
    expect([r.status, r.json]).toEqual([200, { data: true }]);
    await pendingAfterAnswer();
    const mails = mail.to(body.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Ative seu ambiente no EquipCheck');
    const { token: second } = tokenFromMail(mails[1]!, '/active-environment');
    expect(second).not.toBe(first);
    expect((await check('activation', first)).json.data).toEqual({ status: 'USED' });
    expect((await check('activation', second)).json.data).toEqual({ status: 'VALID' });
    // The new link activates.
    const activated = await rest('POST', '/web/users/active-environment/', {
      headers: { EmailToken: second },
    });
    expect(activated.status).toBe(200);

    // Unknown address, and an account that is already active: the same answer, no mail.
    const nobody = uniqueEmail('nobody');
    const active = await makeActiveUser();
    for (const address of [nobody, active.email]) {
      const other = await resend(address);
      expect([other.status, other.json]).toEqual([r.status, r.json]);
    }
    await pendingAfterAnswer();
    expect(mail.to(nobody)).toHaveLength(0);
    expect(mail.to(active.email)).toHaveLength(0);
    // tRPC: the same call.
    expect(await trpcClient().account.resendActivation.mutate({ email: uniqueEmail('nobody') })).toBe(true);
  });

  it('is rate-limited per address (429 ACTIVATION_RESEND_LIMITED), known or not', async () => {
    const { body } = await signUp();
    const nobody = uniqueEmail('nobody');
    for (const address of [body.email, nobody]) {
      for (let i = 0; i < 3; i++) expect((await resend(address)).status, `${address} #${i + 1}`).toBe(200);
      const limited = await resend(address);
      expect(limited.status).toBe(429);
      expect(limited.json.error).toMatchObject({
        code: 'ACTIVATION_RESEND_LIMITED',
        message: 'Muitos pedidos de reenvio do e-mail de ativação. Aguarde um pouco e tente novamente.',
      });
    }
    await pendingAfterAnswer();
    // the first mail plus the three resends
    expect(mail.to(body.email)).toHaveLength(4);
  });

  it('is rate-limited per IP address too', async () => {
    const from = ip();
    for (let i = 0; i < 20; i++) expect((await resend(uniqueEmail('many'), from)).status).toBe(200);
    expect((await resend(uniqueEmail('many'), from)).json.error?.code).toBe('ACTIVATION_RESEND_LIMITED');
  });

  it('refuses a malformed e-mail with 400', async () => {
    const r = await resend('não é e-mail');
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('VALIDATION_FAILED');
  });
});

describe('checking an e-mailed link when its page opens', () => {
  it('reset links: VALID, then USED once used, EXPIRED past their hour, INVALID when unknown', async () => {
    const u = await makeActiveUser();
    const ask = () => rest('POST', '/web/password/reset/', { headers: { Email: u.email }, ip: ip() });
    await ask();
    const { token } = tokenFromMail(await mail.waitFor(u.email), '/password-reset');
    expect((await check('reset', token)).json.data).toEqual({ status: 'VALID' });
    // Checking does not use the link: it still resets.
    expect((await check('reset', token)).json.data).toEqual({ status: 'VALID' });
    const used = await rest('PUT', '/web/password/reset/', {
      headers: { EmailToken: token },
      text: 'Nova@1234',
    });
    expect(used.status).toBe(200);
    expect((await check('reset', token)).json.data).toEqual({ status: 'USED' });

    await ask();
    await pendingAfterAnswer();
    const { token: later } = tokenFromMail(mail.to(u.email).at(-1)!, '/password-reset');
    await coreDb()
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(later))
      .execute();
    expect((await check('reset', later)).json.data).toEqual({ status: 'EXPIRED' });
    expect((await check('reset', 'x'.repeat(43))).json.data).toEqual({ status: 'INVALID' });
    expect((await check('reset', '')).json.data).toEqual({ status: 'INVALID' });
    // tRPC, and a link of the other kind is not a reset link.
    expect(await trpcClient().account.checkEmailToken.mutate({ token: later, purpose: 'reset' })).toEqual({
      status: 'EXPIRED',
    });
    expect(
      await trpcClient().account.checkEmailToken.mutate({ token: later, purpose: 'activation' }),
    ).toEqual({ status: 'INVALID' });
  });

  it('activation links: VALID before, ALREADY_ACTIVE after activation, EXPIRED past their 48 hours', async () => {
    const a = await signUp();
    expect((await check('activation', a.token)).json.data).toEqual({ status: 'VALID' });
    await rest('POST', '/web/users/active-environment/', { headers: { EmailToken: a.token } });
    expect((await check('activation', a.token)).json.data).toEqual({ status: 'ALREADY_ACTIVE' });

    const b = await signUp();
    await coreDb()
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(b.token))
      .execute();
    expect((await check('activation', b.token)).json.data).toEqual({ status: 'EXPIRED' });
    // What the page then offers — a new link — works.
    await resend(b.body.email);
    await pendingAfterAnswer();
    const { token } = tokenFromMail(mail.to(b.body.email).at(-1)!, '/active-environment');
    expect((await check('activation', token)).json.data).toEqual({ status: 'VALID' });
  });
});
