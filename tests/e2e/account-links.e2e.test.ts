/**
 * Issue 16 items 11 and 12 in Chromium: a sign-up that has not clicked its activation link is
 * told so at sign-in and can have it sent again; a used or expired reset or activation link says
 * why as soon as its page opens, instead of showing the form.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseDb, closeDb, coreDb } from '../../src/server/db/database.ts';
import { hashToken } from '../../src/server/domains/auth/service.ts';
import { provisionCompanyGroup, uniqueSchemaName } from '../../src/server/domains/account/provision.ts';
import { baseUrl, setUpBrowser, submitLogin } from './browser.ts';

const { fresh } = setUpBrowser();
afterAll(async () => {
  await closeDb();
});

const letters = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}${letters()}@e2e.dev`;

/** A sign-up through the REST door; answers its e-mail and password. */
async function signUp(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('links');
  const password = 'Senha@123';
  const res = await fetch(new URL('/web/users/register/', baseUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Lia Link',
      email,
      phone: '(11) 98765-4321',
      occupation: 'Gerente',
      company: `Links ${letters()} Ltda`,
      password,
    }),
  });
  expect(res.status).toBe(201);
  return { email, password };
}

/** The e2e server writes its mail to core.email_outbox: the links to `to` for `route`, oldest first. */
async function links(to: string, route: string, atLeast = 1): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await coreDb()
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', to)
      .orderBy('id')
      .execute();
    const found = rows
      .map((r) => r.text_body.match(new RegExp(`https?://\\S+/#${route}\\?t=[\\w-]+`))?.[0])
      .filter((l): l is string => !!l);
    if (found.length >= atLeast) return found;
    if (Date.now() > deadline) throw new Error(`no ${atLeast} mail(s) with ${route} to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function expire(link: string): Promise<void> {
  const token = new URLSearchParams(new URL(link).hash.split('?')[1]).get('t')!;
  await coreDb()
    .updateTable('email_tokens')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

/** An ACTIVE user of a company group of its own. */
async function activeUser(): Promise<string> {
  const email = uniqueEmail('links-active');
  const company = `Links ${letters()} Ltda`;
  await baseDb()
    .transaction()
    .execute(async (trx) =>
      provisionCompanyGroup(trx, {
        groupName: company,
        schemaName: await uniqueSchemaName(trx, company),
        company: { name: company },
        responsible: {
          name: 'Lia',
          email,
          phone: '1133334444',
          occupation: 'Técnica',
          password: 'Atual@123',
        },
      }),
    );
  return email;
}

async function askReset(email: string): Promise<void> {
  const res = await fetch(new URL('/web/password/reset/', baseUrl()), {
    method: 'POST',
    headers: { Email: email },
  });
  expect(res.status).toBe(200);
}

describe('a sign-up not activated yet', () => {
  it('is told to click the activation e-mail at sign-in, and can have it sent again', async () => {
    const { email, password } = await signUp();
    await links(email, '/active-environment');
    const p = await fresh();
    await submitLogin(p, email, password);
    const notice = p.getByTestId('activation-pending-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      `clique no link do e-mail de ativação que enviamos para ${email}`,
    );
    await p.getByRole('button', { name: 'Reenviar e-mail de ativação' }).click();
    await p.getByTestId('activation-resent').waitFor();
    // A second activation mail, whose link replaces the first.
    const [first, second] = await links(email, '/active-environment', 2);
    expect(second).not.toBe(first);

    // The replaced link says so when opened; the new one activates.
    const q = await fresh();
    await q.goto(first!);
    await q.locator('[data-testid="activation"][data-outcome="used"]').waitFor();
    expect(await q.getByTestId('activation').textContent()).toContain('substituído por um mais recente');
    await q.goto(second!);
    await q.getByTestId('top-bar').waitFor();
  });
});

describe('e-mailed links are checked when their page opens', () => {
  it('a used reset link says so at once, without the form', async () => {
    const email = await activeUser();
    await askReset(email);
    const [link] = await links(email, '/password-reset');
    const p = await fresh();
    await p.goto(link!);
    await p.getByTestId('reset-form').waitFor();
    await p.locator('#reset-password').fill('Nova@Senha1');
    await p.locator('#reset-confirmation').fill('Nova@Senha1');
    await p.getByTestId('reset-submit').click();
    await p.getByTestId('top-bar').waitFor();

    const again = await fresh();
    await again.goto(link!);
    const invalid = again.locator('[data-testid="reset-invalid"][data-reason="USED"]');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('Este link já foi usado');
    expect(await again.getByTestId('reset-form').count()).toBe(0);
    await again.getByRole('button', { name: 'Pedir novo link' }).waitFor();
  });

  it('an expired reset link says it expired', async () => {
    const email = await activeUser();
    await askReset(email);
    const [link] = await links(email, '/password-reset');
    await expire(link!);
    const p = await fresh();
    await p.goto(link!);
    const invalid = p.locator('[data-testid="reset-invalid"][data-reason="EXPIRED"]');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('Este link expirou');
    expect(await p.getByTestId('reset-form').count()).toBe(0);
  });

  it('an expired activation link says it expired and asks for the e-mail to send a new one', async () => {
    const { email } = await signUp();
    const [link] = await links(email, '/active-environment');
    await expire(link!);
    const p = await fresh();
    await p.goto(link!);
    await p.locator('[data-testid="activation"][data-outcome="expired"]').waitFor();
    expect(await p.getByTestId('activation').textContent()).toContain('Este link expirou');
    await p.locator('#resend-activation-email').fill(email);
    await p.getByTestId('resend-activation-submit').click();
    await p.getByTestId('activation-resent').waitFor();
    const [, fresh2] = await links(email, '/active-environment', 2);
    await p.goto(fresh2!);
    await p.getByTestId('top-bar').waitFor();
  });
});
