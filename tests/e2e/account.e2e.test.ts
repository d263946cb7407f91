/** Accounts in Chromium: sign-up → activation mail → group admin; forgot → reset; profile; change password. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, closeDb, coreDb } from '../../src/server/db/database.ts';
import { provisionCompanyGroup, uniqueSchemaName } from '../../src/server/domains/account/provision.ts';
import { launchBrowser, login, newPage, waitForHash } from './browser.ts';
import { mailedLink } from './mail.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeDb();
});
afterEach(async () => {
  await context?.close();
});

async function fresh(): Promise<Page> {
  ({ context, page } = await newPage(browser));
  return page;
}

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.dev`;
}

/** An ACTIVE group admin in a company group of its own (the demo group's data stays as seeded). */
async function activeUser(password = 'Atual@123') {
  const email = uniqueEmail('e2e-acc');
  const company = `Perfil ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)} Ltda`;
  await baseDb()
    .transaction()
    .execute(async (trx) =>
      provisionCompanyGroup(trx, {
        groupName: company,
        schemaName: await uniqueSchemaName(trx, company),
        company: { name: company },
        responsible: { name: 'Eva Perfil', email, phone: '1133334444', occupation: 'Técnica', password },
      }),
    );
  return { email, password };
}

async function loggedUser(p: Page): Promise<Record<string, unknown>> {
  return p.evaluate(async () => {
    const res = await fetch('/web/logged-user/', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  });
}

describe('sign-up', () => {
  it('registers with masks and live rules, then the activation mail signs the user in as group admin', async () => {
    const p = await fresh();
    const email = uniqueEmail('e2e-reg');
    const company = `Extintores ${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)} Ltda`;
    await p.goto('/#/register?selectedPlanId=2&equipmentQtt=120');
    const submit = p.getByTestId('register-submit');
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await p.locator('#reg-name').fill('Bruno Cadastro');
    await p.locator('#reg-email').fill(email);
    await p.locator('#reg-phone').pressSequentially('11987654321');
    expect(await p.locator('#reg-phone').inputValue()).toBe('(11) 98765-4321');
    await p.locator('#reg-occupation').fill('Gerente');
    await p.locator('#reg-company').fill(company);
    await p.locator('#reg-cnpj').pressSequentially('11222333000182');
    expect(await p.locator('#reg-cnpj').inputValue()).toBe('11.222.333/0001-82');
    await p.locator('#reg-cnpj').blur();
    await p.getByTestId('reg-cnpj-error').waitFor();
    await p.locator('#reg-cnpj').fill('');
    await p.locator('#reg-cnpj').pressSequentially('11222333000181');
    expect(await p.getByTestId('reg-cnpj-error').count()).toBe(0);

    // No internet here: the CEP lookup degrades to "fill in by hand".
    await p.locator('#reg-cep').pressSequentially('01310100');
    expect(await p.locator('#reg-cep').inputValue()).toBe('01310-100');
    await p.locator('#reg-cep[data-cep-state="unavailable"]').waitFor({ timeout: 10_000 });
    expect(await p.locator('#reg-cep-hint').textContent()).toContain('Preencha o endereço manualmente');
    await p.locator('#reg-address').fill('Av. Paulista, 1000');
    await p.locator('#reg-neighborhood').fill('Bela Vista');
    await p.locator('#reg-city').fill('São Paulo');
    await p.locator('#reg-state').selectOption('SP');

    await p.locator('#reg-password').fill('senha');
    expect(await p.getByTestId('password-rules').locator('li[data-ok="true"]').count()).toBe(1);
    await p.locator('#reg-password').fill('Senha@123');
    expect(await p.getByTestId('password-rules').locator('li[data-ok="true"]').count()).toBe(5);
    await p.locator('#reg-password-confirmation').fill('Senha@124');
    await p.getByTestId('reg-password-confirmation-error').waitFor();
    await p.locator('#reg-password-confirmation').fill('Senha@123');

    await p.waitForFunction(() =>
      (document.querySelector('[data-testid="usage-terms"]') as HTMLTextAreaElement | null)?.value.includes(
        'TERMOS DE USO',
      ),
    );
    expect(await submit.isDisabled()).toBe(true);
    await p.getByTestId('accept-terms').click();
    await p.waitForFunction(
      () => !(document.querySelector('[data-testid="register-submit"]') as HTMLButtonElement).disabled,
    );
    await submit.click();
    const done = p.getByTestId('register-done');
    await done.waitFor();
    expect(await done.textContent()).toContain(email);

    const reg = await coreDb()
      .selectFrom('registrations as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.selected_plan_id', 'r.equipment_qtt', 'r.cnpj', 'u.status', 'u.phone'])
      .where('u.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(reg).toMatchObject({
      selected_plan_id: 2,
      equipment_qtt: 120,
      cnpj: '11222333000181',
      status: 'PENDING',
      phone: '11987654321',
    });

    const link = await mailedLink(email, '/active-environment');
    await p.goto(link);
    await p.getByTestId('top-bar').waitFor();
    await waitForHash(p, '/');
    expect(await p.getByTestId('user-name').textContent()).toBe('Bruno Cadastro');
    const me = await loggedUser(p);
    expect(me).toMatchObject({
      email,
      currentRole: 'COMPANY_GROUP_ADMIN',
      status: 'ACTIVE',
      companyName: company,
    });

    // The link is single-use: opened again it says the environment is already active.
    const q = await fresh();
    await q.goto(link);
    await q.locator('[data-testid="activation"][data-outcome="already"]').waitFor();
  });
});

describe('forgot password', () => {
  it('sends the link, the reset page sets a new password and signs in, and the new password works', async () => {
    const u = await activeUser();
    const p = await fresh();
    await p.goto('/#/');
    await p.locator('#login-email').fill(u.email);
    await p.getByTestId('forgot-password-link').click();
    const dialog = p.getByTestId('forgot-password-dialog');
    await dialog.waitFor();
    expect(await p.locator('#forgot-email').inputValue()).toBe(u.email);
    await p.getByTestId('forgot-password-submit').click();
    await p.getByTestId('forgot-password-sent').waitFor();
    expect(await dialog.textContent()).toContain('spam');

    const link = await mailedLink(u.email, '/password-reset');
    await p.goto(link);
    await p.getByTestId('reset-form').waitFor();
    expect(await p.getByTestId('reset-submit').isDisabled()).toBe(true);
    await p.locator('#reset-password').fill('Nova@Senha1');
    await p.locator('#reset-confirmation').fill('Nova@Senha1');
    await p.getByTestId('reset-submit').click();
    await p.getByTestId('top-bar').waitFor();

    await p.goto('/#/logout');
    await p.getByTestId('login-form').waitFor();
    await login(p, u.email, 'Nova@Senha1');
    expect(await p.getByTestId('user-name').textContent()).toBe('Eva Perfil');
  });

  it('answers an unknown e-mail with the same "sent" stage', async () => {
    const p = await fresh();
    await p.goto('/#/');
    await p.getByTestId('forgot-password-link').click();
    await p.locator('#forgot-email').fill(uniqueEmail('ghost'));
    await p.getByTestId('forgot-password-submit').click();
    await p.getByTestId('forgot-password-sent').waitFor();
  });
});

describe('profile and password', () => {
  it('edits the profile and the photo, shown in the top bar', async () => {
    const u = await activeUser();
    const p = await fresh();
    await login(p, u.email, u.password);
    await p.goto('/#/profile');
    await p.getByTestId('profile-form').waitFor();
    expect(await p.locator('#profile-email').isDisabled()).toBe(true);
    expect(await p.locator('#profile-phone').inputValue()).toBe('(11) 3333-4444');
    await p.locator('#profile-name').fill('Eva Atualizada');
    await p.locator('#profile-phone').fill('');
    await p.locator('#profile-phone').pressSequentially('21987651234');
    await p.getByTestId('profile-save').click();
    await p.getByText('Perfil atualizado').waitFor();
    await p.waitForFunction(
      () => document.querySelector('[data-testid="user-name"]')?.textContent === 'Eva Atualizada',
    );
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await p
      .getByTestId('profile-photo-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await p.getByText('Foto atualizada').waitFor();
    await p.waitForFunction(() =>
      (document.querySelector('[data-testid="user-photo"]') as HTMLImageElement).src.startsWith(
        'data:image/png',
      ),
    );
    expect(await loggedUser(p)).toMatchObject({ name: 'Eva Atualizada', phone: '21987651234' });
  });

  it("change password: 'Senha atual inválida' for a wrong current password, then 'Senha atualizada' with cleared fields", async () => {
    const u = await activeUser();
    const p = await fresh();
    await login(p, u.email, u.password);
    await p.goto('/#/change-password');
    const submit = p.getByTestId('change-password-submit');
    await submit.waitFor();
    await p.locator('#cp-current').fill('Errada@1');
    await p.locator('#cp-new').fill('nova');
    await p.locator('#cp-confirmation').fill('nova');
    expect(await submit.isDisabled()).toBe(true);
    await p.locator('#cp-new').fill('Nova@123');
    await p.locator('#cp-confirmation').fill('Nova@123');
    await p.waitForFunction(
      () => !(document.querySelector('[data-testid="change-password-submit"]') as HTMLButtonElement).disabled,
    );
    await submit.click();
    await p.getByTestId('cp-current-error').waitFor();
    expect(await p.getByTestId('cp-current-error').textContent()).toBe('Senha atual inválida');

    await p.locator('#cp-current').fill(u.password);
    await p.waitForFunction(
      () => !(document.querySelector('[data-testid="change-password-submit"]') as HTMLButtonElement).disabled,
    );
    await submit.click();
    await p.getByText('Senha atualizada').waitFor();
    expect(await p.locator('#cp-current').inputValue()).toBe('');
    expect(await p.locator('#cp-new').inputValue()).toBe('');
  });
});
