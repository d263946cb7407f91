/**
 * Issue 16 in Chromium, a new company group as a provider admin makes it:
 * - item 15: the creation dialog offers the provider's standard catalogue (checked by default); a
 *   group made without it shows on each catalogue page what to create first;
 * - item 6: the group's CNPJ and the companies dialog apply the sign-up's CNPJ rule (check digits,
 *   alphanumeric CNPJ accepted).
 */
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { baseDb, closeDb } from '../../src/server/db/database.ts';
import { DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();
afterAll(async () => {
  await closeDb();
});

const letters = (n = 8) => {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return s;
};

/** Fills the creation dialog (CNPJ optional), leaves it open. */
async function fillGroup(page: Page, u: string, cnpj?: string) {
  await page.goto('/#/company-groups');
  await page.getByTestId('add-company-group').click();
  const form = page.getByTestId('company-group-form');
  await form.waitFor();
  await form.getByLabel('Nome da empresa').fill(`Grupo ${u}`);
  await form.getByLabel('Nome do schema').fill(u);
  if (cnpj) await form.getByLabel('CNPJ (opcional)').fill(cnpj);
  await form.getByLabel('Nome do responsável').fill(`Dono ${u}`);
  await form.getByLabel('Cargo do responsável').fill('Gerente');
  await form.getByLabel('E-mail do responsável').fill(`dono.${u}@example.com`);
  await form.getByLabel('Telefone do responsável').fill('11987654321');
  await form.getByLabel('Senha do responsável').fill('Senha@123');
  return form;
}

async function createGroup(page: Page, opts: { catalogue: boolean }): Promise<string> {
  const u = letters();
  const form = await fillGroup(page, u);
  const copy = form.getByLabel('Copiar o catálogo padrão do provedor');
  // Offered, checked by default.
  expect(await copy.getAttribute('aria-checked')).toBe('true');
  if (!opts.catalogue) {
    await copy.click();
    expect(await copy.getAttribute('aria-checked')).toBe('false');
  }
  await page.getByTestId('company-group-submit').click();
  // Saved: the dialog closes (while saving, the form gives way to the saving state).
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return u;
}

const hint = (page: Page) => page.getByTestId('catalogue-empty-hint');

describe('a new company group', () => {
  it('with the standard catalogue: its categories and subcategories are there, products say what to do', async () => {
    const admin = await fresh();
    await login(admin, DEMO.admin);
    const u = await createGroup(admin, { catalogue: true });

    const owner = await fresh();
    await login(owner, `dono.${u}@example.com`, 'Senha@123');
    await owner.goto('/#/categories');
    for (const name of ['Combate a Incêndio', 'Hidrantes', 'Iluminação de Emergência'])
      await owner.getByRole('cell', { name, exact: true }).waitFor();
    await owner.goto('/#/subcategories');
    await owner.getByRole('cell', { name: 'Extintores', exact: true }).waitFor();
    await owner.goto('/#/products');
    // The hint shows its title at once and what to do once its look-ups answer: wait for that.
    await hint(owner).getByText('Cadastre o primeiro produto').waitFor();
    expect(await hint(owner).getAttribute('data-kind')).toBe('products');
    expect(await hint(owner).getAttribute('data-needs')).toBeNull();
  });

  it('without it: each empty catalogue page says what to create first', async () => {
    const admin = await fresh();
    await login(admin, DEMO.admin);
    const u = await createGroup(admin, { catalogue: false });

    const owner = await fresh();
    await login(owner, `dono.${u}@example.com`, 'Senha@123');
    await owner.goto('/#/categories');
    await hint(owner).waitFor();
    expect(await hint(owner).textContent()).toContain('Nenhuma categoria ainda');
    // A search that finds nothing is just an empty list.
    await owner.getByTestId('search').fill('nada');
    await expect.poll(() => owner.getByTestId('empty-list').textContent()).toBe('Lista vazia.');

    await owner.goto('/#/subcategories');
    await expect.poll(() => hint(owner).getAttribute('data-needs')).toBe('category');
    expect(await hint(owner).textContent()).toContain('Primeiro crie uma categoria');
    await owner.goto('/#/products');
    await expect.poll(() => hint(owner).getAttribute('data-needs')).toBe('category');
    // The link goes where to start.
    await hint(owner).getByRole('link', { name: 'Ir para Categorias' }).click();
    await expect.poll(() => hint(owner).getAttribute('data-kind')).toBe('categories');

    // With a category (made elsewhere), the next step is a subcategory.
    await sql`insert into ${sql.table(`cg_${u}.categories`)} (name, enabled) values ('Sinalização', true)`.execute(
      baseDb(),
    );
    await owner.goto('/#/products');
    await owner.reload();
    await expect.poll(() => hint(owner).getAttribute('data-needs')).toBe('subcategory');
    expect(await hint(owner).textContent()).toContain('Primeiro crie uma subcategoria');
    await owner.goto('/#/subcategories');
    await expect.poll(() => hint(owner).textContent()).toContain('Nenhuma subcategoria ainda');
  });

  it('takes a CNPJ by the sign-up rule: a wrong check digit is refused, an alphanumeric one accepted', async () => {
    const admin = await fresh();
    await login(admin, DEMO.admin);
    const u = letters();
    const form = await fillGroup(admin, u, '11222333000182');
    await admin.getByTestId('company-group-submit').click();
    await expect.poll(() => admin.getByTestId('cg-companyCnpj-error').textContent()).toBe('CNPJ inválido');
    expect(await form.isVisible()).toBe(true);
    await form.getByLabel('CNPJ (opcional)').fill('12abc34501de35');
    expect(await form.getByLabel('CNPJ (opcional)').inputValue()).toBe('12.ABC.345/01DE-35');
    await admin.getByTestId('company-group-submit').click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    const stored = await sql<{ cnpj: string }>`select c.cnpj from core.companies c
      join core.company_groups g on g.id = c.company_group_id where g.schema_name = ${u}`.execute(baseDb());
    expect(stored.rows.map((r) => r.cnpj)).toEqual(['12ABC34501DE35']);

    // The companies dialog (the group's admin adds a second company): the same rule.
    const owner = await fresh();
    await login(owner, `dono.${u}@example.com`, 'Senha@123');
    await owner.goto('/#/companies');
    await owner.getByTestId('add-company').click();
    const company = owner.getByTestId('company-form');
    await company.waitFor();
    await company.getByLabel('Nome').first().fill(`Filial ${u}`);
    await company.locator('#co-cnpj').fill('12.ABC.345/01DE-36');
    await company.locator('#co-contact').fill('Contato');
    await company.locator('#co-email').fill(`filial.${u}@example.com`);
    await company.locator('#co-phone').fill('1133334444');
    await company.locator('button[type="submit"]').click();
    await expect.poll(() => owner.getByTestId('co-cnpj-error').textContent()).toBe('CNPJ inválido');
    await company.locator('#co-cnpj').fill('11.222.333/0001-81');
    await company.locator('button[type="submit"]').click();
    await owner.getByRole('dialog').waitFor({ state: 'detached' });
    const branch = await sql<{
      cnpj: string;
    }>`select cnpj from core.companies where name = ${`Filial ${u}`}`.execute(baseDb());
    expect(branch.rows.map((r) => r.cnpj)).toEqual(['11222333000181']);
  });
});
