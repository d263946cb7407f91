/**
 * Organisations in Chromium (issue 5 item 7): company groups, employees, all users, switching
 * company, companies and system settings. The database is shared with the other e2e files, so every
 * test works on its own uniquely named group/users, and the demo group is left as seeded.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { menuFor, userMenuFor } from '../../src/client/routes/navigation.ts';
import { apiLogin, baseUrl, collectMenuEntries, DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

/** Lowercase letters only, so it is also a valid schema name. */
function unique(): string {
  return [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

// ---- REST set-up (the UI under test is exercised in the browser; this only prepares data) ----

async function api<T>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(new URL(path, baseUrl()), {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as { data?: T; error?: unknown };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

interface NewGroup {
  u: string;
  groupName: string;
  responsibleEmail: string;
  responsiblePassword: string;
}

/** A company group made through the REST call (its first company carries the group's name). */
async function createGroup(): Promise<NewGroup> {
  const u = unique();
  const g: NewGroup = {
    u,
    groupName: `Grupo E2E ${u}`,
    responsibleEmail: `resp.${u}@example.com`,
    responsiblePassword: 'Senha@123',
  };
  await api('POST', '/web/company-groups/', {
    token: await apiLogin(DEMO.admin),
    body: {
      companyName: g.groupName,
      companyGroup: `e${u}`,
      companyTagsLimit: 3,
      responsibleName: `Resp ${u}`,
      responsibleEmail: g.responsibleEmail,
      responsiblePhone: '11987654321',
      responsibleOccupation: 'Diretor',
      responsiblePassword: g.responsiblePassword,
    },
  });
  return g;
}

/** A PENDING user, through the public sign-up call. */
async function registerPending(u: string, email: string): Promise<void> {
  await api('POST', '/web/users/register/', {
    body: {
      name: `Pendente ${u}`,
      email,
      phone: '(11) 98765-4321',
      occupation: 'Gerente',
      cnpjCompany: '11.222.333/0001-81',
      company: `Cadastro ${u}`,
      state: 'SP',
      cep: '01310-100',
      password: 'Senha@123',
      selectedPlanId: '2',
      equipmentQtt: '120',
    },
  });
}

// ---- page helpers ----

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox').fill(text);
}

/** Every data row of the page's table (after the search's debounce has settled: poll). */
function rows(page: Page) {
  return page.getByTestId('data-table').locator('tbody tr');
}

/** The data row containing `text`. */
function row(page: Page, text: string) {
  return page.getByTestId('data-table').locator('tbody tr', { hasText: text });
}

async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

/** Picks an option of a Radix select opened from `trigger`. */
async function choose(page: Page, trigger: string, option: string): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Switches the provider admin's session to `company` by clicking its chip on /company-groups. */
async function switchAsAdmin(page: Page, group: string, company = group): Promise<void> {
  await page.goto('/#/company-groups');
  await search(page, group);
  await row(page, group).getByRole('button', { name: company }).click();
  await expect.poll(() => page.getByTestId('company-name').textContent()).toBe(company);
}

describe('company groups', () => {
  it('the provider admin creates a group with every field, then its responsible signs in as group admin', async () => {
    const u = unique();
    const name = `Extintores ${u}`;
    const email = `dono.${u}@example.com`;
    const page = await fresh();
    await login(page, DEMO.admin);
    await page.goto('/#/company-groups');
    await page.getByTestId('add-company-group').click();
    const form = page.getByTestId('company-group-form');
    await form.waitFor();

    // submitting empty shows the field errors and creates nothing
    await page.getByTestId('company-group-submit').click();
    await expect(page.getByTestId('cg-companyName-error').textContent()).resolves.toBe('Campo obrigatório');
    await expect(page.getByTestId('cg-companyGroup-error').textContent()).resolves.toBe('Campo obrigatório');

    await form.getByLabel('Nome da empresa').fill(name);
    // the schema name keeps only lowercase letters; the fixed prefix is shown beside it
    await form.getByLabel('Nome do schema').fill(`Ab1_${u}`);
    expect(await form.getByLabel('Nome do schema').inputValue()).toBe(`ab${u}`);
    await expect(form.getByText('cg_', { exact: true }).isVisible()).resolves.toBe(true);
    await form.getByLabel('CNPJ (opcional)').fill('11222333000181');
    expect(await form.getByLabel('CNPJ (opcional)').inputValue()).toBe('11.222.333/0001-81');
    expect(await form.getByLabel('Limite de tags').inputValue()).toBe('1');
    await form.getByLabel('Limite de tags').fill('25');
    await form.getByLabel('Nome do responsável').fill(`Dono ${u}`);
    await form.getByLabel('Cargo do responsável').fill('Diretor de operações');
    await form.getByLabel('E-mail do responsável').fill(email);
    await form.getByLabel('Telefone do responsável').fill('11987654321');
    expect(await form.getByLabel('Telefone do responsável').inputValue()).toBe('(11) 98765-4321');
    await form.getByLabel('Senha do responsável').fill('Senha@123');
    // the input limits of the seed
    expect(await form.getByLabel('Nome da empresa').getAttribute('maxlength')).toBe('255');
    expect(await form.getByLabel('Nome do schema').getAttribute('maxlength')).toBe('64');
    expect(await form.getByLabel('Nome do responsável').getAttribute('maxlength')).toBe('40');
    expect(await form.getByLabel('Cargo do responsável').getAttribute('maxlength')).toBe('100');
    await page.getByTestId('company-group-submit').click();

    await expectToast(page, 'Grupo de empresas criado');
    await form.waitFor({ state: 'detached' });
    await search(page, name);
    await row(page, name).getByRole('button', { name }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);

    // the same schema name again is refused on the field
    await page.getByTestId('add-company-group').click();
    await form.getByLabel('Nome da empresa').fill(`${name} 2`);
    await form.getByLabel('Nome do schema').fill(`ab${u}`);
    await form.getByLabel('Nome do responsável').fill(`Outro ${u}`);
    await form.getByLabel('Cargo do responsável').fill('Gerente');
    await form.getByLabel('E-mail do responsável').fill(`outro.${u}@example.com`);
    await form.getByLabel('Telefone do responsável').fill('11987654321');
    await form.getByLabel('Senha do responsável').fill('Senha@123');
    await page.getByTestId('company-group-submit').click();
    // the seed's server message is English ('company group already exists'): the UI says it in Portuguese
    await expect
      .poll(() => page.getByTestId('cg-companyGroup-error').textContent())
      .toBe(`O grupo de empresas ab${u} já existe`);

    // the responsible user signs in as the group's admin, working in its first company
    const owner = await fresh();
    await login(owner, email, 'Senha@123');
    await expect.poll(() => owner.getByTestId('company-name').textContent()).toBe(name);
    expect(await owner.getByTestId('user-name').textContent()).toBe(`Dono ${u}`);
    const tos = menuFor('COMPANY_GROUP_ADMIN').flatMap((g) => (g.to ? [g.to] : g.items.map((i) => i.to)));
    const expected = [...new Set([...tos, ...userMenuFor('COMPANY_GROUP_ADMIN').map((i) => i.to)])]
      .map((to) => `menu-${to}`)
      .sort();
    const menu = await collectMenuEntries(owner);
    expect(menu).toEqual(expected);
    expect(menu).toContain('menu-/user-companies');
    expect(menu).not.toContain('menu-/company-groups');
    await owner.goto('/#/companies');
    await row(owner, name).waitFor();
    expect(await row(owner, name).textContent()).toContain('11.222.333/0001-81');
    expect(await row(owner, name).textContent()).toContain('0 / 25');
    // A hang guard, not a speed check: it makes a tenant through the UI and walks every menu twice,
    // which took over 60 s at load 10–18 with every wait met.
  }, 150_000);
});

describe('switching company', () => {
  it('a chip on /company-groups switches the provider admin, and on /user-companies the group admin', async () => {
    const g = await createGroup();
    const second = `Filial ${g.u}`;
    const ownerToken = await apiLogin(g.responsibleEmail, g.responsiblePassword);
    await api('POST', '/web/companies/', {
      token: ownerToken,
      body: {
        name: second,
        mainContactName: 'Filial',
        email: `filial.${g.u}@example.com`,
        phone: '1133334444',
      },
    });

    const admin = await fresh();
    await login(admin, DEMO.admin);
    const before = await admin.getByTestId('company-name').textContent();
    expect(before).not.toBe(g.groupName);
    await switchAsAdmin(admin, g.groupName);
    await expect
      .poll(() =>
        row(admin, g.groupName).getByRole('button', { name: g.groupName }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expectToast(admin, `Agora você está em ${g.groupName}`);
    await row(admin, g.groupName).getByRole('button', { name: second }).click();
    await expect.poll(() => admin.getByTestId('company-name').textContent()).toBe(second);
    // the choice belongs to the session: it survives a reload
    await admin.reload();
    await expect.poll(() => admin.getByTestId('company-name').textContent()).toBe(second);

    const owner = await fresh();
    await login(owner, g.responsibleEmail, g.responsiblePassword);
    await expect.poll(() => owner.getByTestId('company-name').textContent()).toBe(g.groupName);
    await owner.goto('/#/user-companies');
    await row(owner, g.groupName).waitFor();
    expect(await owner.getByTestId('add-company-group').count()).toBe(0);
    // only the group admin's own group is listed
    await expect.poll(() => rows(owner).count()).toBe(1);
    await row(owner, g.groupName).getByRole('button', { name: second }).click();
    await expect.poll(() => owner.getByTestId('company-name').textContent()).toBe(second);
  });
});

describe('employees', () => {
  it('adds an employee with every field, then removes it after typing CONFIRMO', async () => {
    const g = await createGroup();
    const u = unique();
    const name = `Funcionária ${u}`;
    const email = `func.${u}@example.com`;
    const page = await fresh();
    await login(page, DEMO.admin);
    await switchAsAdmin(page, g.groupName);
    await page.goto('/#/company-users');
    await page.getByTestId('add-user').click();
    const form = page.getByTestId('company-user-form');
    await form.waitFor();
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Telefone').fill('11912345678');
    expect(await form.getByLabel('Telefone').inputValue()).toBe('(11) 91234-5678');
    await choose(page, 'cu-company', g.groupName);
    await form.getByLabel('Cargo').fill('Técnica de segurança');
    await form.getByLabel('Senha').fill('Senha@123');
    await choose(page, 'cu-status', 'Ativo');
    await choose(page, 'cu-role', 'Administrador da empresa');
    await page.getByTestId('save-user').click();
    await expectToast(page, 'Salvo com sucesso');
    await form.waitFor({ state: 'detached' });

    await search(page, u);
    await row(page, email).waitFor();
    const text = await row(page, email).textContent();
    expect(text).toContain(name);
    expect(text).toContain(g.groupName);
    expect(text).toContain('(11) 91234-5678');
    expect(text).toContain('Ativo');

    // the same e-mail again is refused on the field
    await page.getByTestId('add-user').click();
    await form.getByLabel('Nome').fill(`${name} 2`);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Telefone').fill('11912345678');
    await form.getByLabel('Cargo').fill('Técnica');
    await form.getByLabel('Senha').fill('Senha@123');
    await page.getByTestId('save-user').click();
    await expect
      .poll(() => page.getByTestId('cu-email-error').textContent())
      .toBe(`Email ${email} já existe`);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // the edit dialog shows the saved values; removal asks for CONFIRMO
    await row(page, email).click();
    await form.waitFor();
    expect(await form.getByLabel('Cargo').inputValue()).toBe('Técnica de segurança');
    await expect(page.getByTestId('cu-role').textContent()).resolves.toBe('Administrador da empresa');
    await page.getByTestId('remove-user').click();
    const confirm = page.getByTestId('confirm-action');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('confirm-input').pressSequentially('confirm');
    expect(await page.getByTestId('confirm-input').inputValue()).toBe('CONFIRM');
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId('confirm-input').pressSequentially('o');
    expect(await page.getByTestId('confirm-input').inputValue()).toBe('CONFIRMO');
    await confirm.click();
    await expectToast(page, 'Usuário removido');
    await page.getByTestId('confirm-word').waitFor({ state: 'detached' });
    await row(page, email).waitFor({ state: 'detached' });
    await page.getByText('Lista vazia.').waitFor();

    // and the removed employee can no longer sign in
    const res = await fetch(new URL('/web/authentication/', baseUrl()), {
      method: 'POST',
      headers: { Email: email, 'Content-Type': 'text/plain' },
      body: 'Senha@123',
    });
    expect(res.status).not.toBe(200);
  });
});

describe('all users', () => {
  it('the provider admin activates a pending user into a generic company, who can then sign in', async () => {
    // A freshly registered user rather than pending@: the shell test relies on that one staying PENDING.
    const u = unique();
    const email = `pendente.${u}@example.com`;
    const companyName = `Genérica ${u}`;
    await registerPending(u, email);

    // while pending (a sign-up not activated yet), signing in says to click the activation e-mail
    const before = await fresh();
    await before.goto('/#/');
    await before.locator('#login-email').fill(email);
    await before.locator('#login-password').fill('Senha@123');
    await before.getByTestId('login-form').locator('button[type="submit"]').click();
    await before.getByTestId('activation-pending-notice').waitFor();

    const page = await fresh();
    await login(page, DEMO.admin);
    await page.goto('/#/users');
    // the default filter is PENDING
    await expect.poll(() => page.getByTestId('status-filter').textContent()).toBe('Pendente');
    await search(page, u);
    await row(page, email).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await row(page, email).click();
    const dialog = page.getByTestId('user-dialog');
    await dialog.getByText(email).waitFor();
    await dialog.getByText('Pendente', { exact: true }).waitFor();
    await page.getByTestId('activate-user').click();
    expect(await page.getByTestId('generic-next').isDisabled()).toBe(true);
    await dialog.getByLabel('Nome da empresa genérica').fill(companyName);
    await page.getByTestId('generic-next').click();
    await dialog.getByText(`Ativar Pendente ${u} na empresa genérica "${companyName}"?`).waitFor();
    await page.getByTestId('confirm-activate').click();
    await expectToast(page, 'Usuário ativado');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Lista vazia.').waitFor();

    // listed as active, in its new generic company
    await choose(page, 'status-filter', 'Ativo');
    await row(page, email).waitFor();
    expect(await row(page, email).textContent()).toContain(companyName);

    const user = await fresh();
    await login(user, email, 'Senha@123');
    await expect.poll(() => user.getByTestId('company-name').textContent()).toBe(companyName);
  });
});

describe('all users: activation into an existing group', () => {
  it('offers the groups (a group with one company selects it) and activates the user there', async () => {
    const g = await createGroup();
    const u = unique();
    const email = `pendente.${u}@example.com`;
    await registerPending(u, email);
    const page = await fresh();
    await login(page, DEMO.admin);
    await page.goto('/#/users');
    await search(page, u);
    await row(page, email).click();
    const dialog = page.getByTestId('user-dialog');
    await page.getByTestId('activate-user').click();
    await dialog.getByRole('tab', { name: 'Empresas' }).click();
    expect(await page.getByTestId('pending-next').isDisabled()).toBe(true);
    await page.getByTestId('choose-group').click();
    // the generic group is never offered
    expect(await page.getByRole('option', { name: 'generic' }).count()).toBe(0);
    await page.getByRole('option', { name: g.groupName, exact: true }).click();
    await expect.poll(() => page.getByTestId('choose-company').textContent()).toBe(g.groupName);
    await page.getByTestId('pending-next').click();
    await dialog.getByText(`Ativar Pendente ${u} em ${g.groupName} (${g.groupName})?`).waitFor();
    await page.getByTestId('confirm-activate').click();
    await expectToast(page, 'Usuário ativado');
    await dialog.waitFor({ state: 'detached' });

    const user = await fresh();
    await login(user, email, 'Senha@123');
    await expect.poll(() => user.getByTestId('company-name').textContent()).toBe(g.groupName);
  });
});

describe('companies', () => {
  it('adds a company (not enabled, 0 tags by default) and edits it', async () => {
    const g = await createGroup();
    const u = unique();
    const name = `Unidade ${u}`;
    const page = await fresh();
    await login(page, DEMO.admin);
    await switchAsAdmin(page, g.groupName);
    await page.goto('/#/companies');
    await row(page, g.groupName).waitFor();
    await page.getByTestId('add-company').click();
    const form = page.getByTestId('company-form');
    await form.waitFor();
    expect(await form.getByRole('checkbox', { name: 'Habilitada' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await form.getByLabel('Limite de tags').inputValue()).toBe('0');
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('CNPJ (opcional)').fill('11222333000181');
    expect(await form.getByLabel('CNPJ (opcional)').inputValue()).toBe('11.222.333/0001-81');
    await form.getByLabel('Contato principal').fill(`Contato ${u}`);
    await form.getByLabel('E-mail').fill(`unidade.${u}@example.com`);
    await form.getByLabel('Telefone').fill('1133334444');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Salvo com sucesso');
    await form.waitFor({ state: 'detached' });
    await row(page, name).waitFor();
    expect(await row(page, name).textContent()).toContain('0 / 0');

    // the enabled filter: a new company is not enabled
    await choose(page, 'enabled-filter', 'Habilitada: Não');
    await row(page, name).waitFor();
    await choose(page, 'enabled-filter', 'Habilitada: Sim');
    await row(page, name).waitFor({ state: 'detached' });
    await choose(page, 'enabled-filter', 'Habilitada: Todos');

    await row(page, name).click();
    await form.waitFor();
    expect(await form.getByLabel('Contato principal').inputValue()).toBe(`Contato ${u}`);
    await form.getByLabel('Nome').fill(`${name} Editada`);
    await form.getByLabel('Limite de tags').fill('40');
    await form.getByRole('checkbox', { name: 'Habilitada' }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await form.waitFor({ state: 'detached' });
    await row(page, `${name} Editada`).waitFor();
    expect(await row(page, `${name} Editada`).textContent()).toContain('0 / 40');
    await page.reload();
    await search(page, 'Editada');
    await row(page, `${name} Editada`).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
  });
});

describe('system settings', () => {
  it('a toggle persists after a reload, and the language radio switches the UI language', async () => {
    const page = await fresh();
    await login(page, DEMO.admin);
    await page.goto('/#/config-system');
    const toggle = page.getByTestId('config-toggle-PUBLIC_SIGNUP');
    await toggle.waitFor();
    const initial = await toggle.getAttribute('aria-checked');
    const flipped = initial === 'true' ? 'false' : 'true';
    await toggle.click();
    await expectToast(page, 'Configuração atualizada');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(flipped);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('config-toggle-PUBLIC_SIGNUP').getAttribute('aria-checked'))
      .toBe(flipped);
    // back as seeded, for the files that run after this one
    await page.getByTestId('config-toggle-PUBLIC_SIGNUP').click();
    await expect
      .poll(() => page.getByTestId('config-toggle-PUBLIC_SIGNUP').getAttribute('aria-checked'))
      .toBe(initial);

    await page.getByRole('heading', { name: 'Configurações', exact: true }).waitFor();
    await page.getByRole('radio', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByText('General settings').waitFor();
    expect(await page.getByRole('radio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByRole('radio', { name: 'Español' }).click();
    await page.getByRole('heading', { name: 'Configuración', exact: true }).waitFor();
    await page.getByRole('radio', { name: 'Português' }).click();
    await page.getByRole('heading', { name: 'Configurações', exact: true }).waitFor();
  });
});
