/**
 * No Portuguese in English (issue 16 item 3; Spanish: i18n-es.e2e.test.ts): the walk of
 * i18n-walk.ts for every role in English, the walk's own check, and exact messages in the
 * language of the UI: the forms' rules, zod's own checks and server codes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, setUpBrowser } from './browser.ts';
import { portuguese } from './i18n-texts.ts';
import { switchLanguage, walkEveryRole } from './i18n-walk.ts';

const { fresh } = setUpBrowser();

describe('every page in English (issue 16 item 3)', () => {
  walkEveryRole(fresh, 'en');

  it('finds the Portuguese texts it looks for (the check itself)', () => {
    expect(
      portuguese('en', ['Nova categoria', 'Adicionar linha *', 'Anual (360 dias)', 'Sim / Não / N.A.']),
    ).toHaveLength(4);
    expect(
      portuguese('es', ['Nova categoria', 'Anual (360 dias)', 'Nueva categoría', 'Empresa', 'OS 12']),
    ).toEqual([
      '"Nova categoria" ← catalogue:newCategory',
      '"Anual (360 dias)" ← catalogue:periodicity.yearly',
    ]);
    expect(portuguese('en', ['New category', 'Extintor Pó ABC 6 kg', 'EXT-ABC-6', '23/11/2026'])).toEqual([]);
    expect(portuguese('en', ['YES_NO_NA', 'PENDING'])).toEqual([
      '"YES_NO_NA" ← a code shown as it is',
      '"PENDING" ← a code shown as it is',
    ]);
  });
});

describe('messages in the language of the UI (issue 16 item 3)', () => {
  const errorOf = (page: Page, id: string) => page.getByTestId(`${id}-error`).textContent();
  const unique = () => Math.random().toString(36).slice(2, 8);

  it('en: the employee form (its rules and the server’s "email exists") and the QR quantity', async () => {
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await switchLanguage(page, 'en');
    await page.goto('/#/company-users');
    await page.getByTestId('add-user').click();
    const form = page.getByTestId('company-user-form');
    await form.locator('#cu-name').fill(`Ana ${unique()}`);
    await form.locator('#cu-email').fill('not-an-email');
    await form.locator('#cu-phone').fill('1234');
    await form.locator('#cu-occupation').fill('Technician');
    await form.locator('#cu-password').fill('abc');
    await page.getByTestId('save-user').click();
    await expect.poll(() => errorOf(page, 'cu-email')).toBe('Invalid e-mail');
    expect(await errorOf(page, 'cu-phone')).toBe('Invalid phone: (##) ####-#### or (##) #####-####');
    expect(await errorOf(page, 'cu-password')).toBe(
      'The password needs at least 6 characters, 1 digit, 1 uppercase letter, 1 lowercase letter and 1 special character (!@#$%&*()_-+=)',
    );
    // valid values but a taken e-mail: the server's code, in English with the e-mail
    await form.locator('#cu-email').fill(DEMO.operator);
    await form.locator('#cu-phone').fill('11912345678');
    await form.locator('#cu-password').fill('Senha@123');
    await page.getByTestId('save-user').click();
    await expect.poll(() => errorOf(page, 'cu-email')).toBe(`Email ${DEMO.operator} already exists`);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await page.goto('/#/tags-qr-code');
    await page.getByRole('main').getByRole('button').first().click();
    const qr = page.getByTestId('qr-dialog');
    await qr.locator('#qr-quantity').fill('');
    await qr.locator('button[type="submit"]').click();
    await expect.poll(() => qr.locator('#qr-quantity-error').textContent()).toBe('Enter the quantity.');
    await qr.locator('#qr-quantity').fill('0');
    await qr.locator('button[type="submit"]').click();
    await expect
      .poll(() => qr.locator('#qr-quantity-error').textContent())
      .toMatch(/^The quantity must be a whole number between 1 and \d+$/);
  });

  it('es: the company and company group forms (their rules, zod’s own checks, "company group already exists")', async () => {
    const page = await fresh();
    await login(page, DEMO.admin);
    await switchLanguage(page, 'es');
    await page.goto('/#/companies');
    await page.getByTestId('add-company').click();
    const company = page.getByTestId('company-form');
    await company.locator('#co-name').fill(`Acme ${unique()}`);
    await company.locator('#co-contact').fill('Ana');
    await company.locator('#co-email').fill('not-an-email');
    await company.locator('#co-phone').fill('1234');
    await company.locator('#co-cnpj').fill('11111111111111');
    await company.locator('#co-tags').fill('-1');
    await company.getByTestId('save').click();
    await expect.poll(() => errorOf(page, 'co-email')).toBe('Correo electrónico inválido');
    expect(await errorOf(page, 'co-phone')).toBe('Teléfono inválido: (##) ####-#### o (##) #####-####');
    expect(await errorOf(page, 'co-cnpj')).toBe('CNPJ inválido');
    expect(await errorOf(page, 'co-tags')).toBe('Ingrese un número mayor o igual a 0.');
    await page.keyboard.press('Escape');
    await company.waitFor({ state: 'detached' });

    await page.goto('/#/company-groups');
    await page.getByTestId('add-company-group').click();
    const group = page.getByTestId('company-group-form');
    const u = unique();
    await group.locator('#cg-companyName').fill(`Grupo ${u}`);
    await group.locator('#cg-companyGroup').fill('demo');
    await group.locator('#cg-responsibleName').fill('Ana');
    await group.locator('#cg-responsibleOccupation').fill('Gerente');
    await group.locator('#cg-responsibleEmail').fill(`ana.${u}@example.com`);
    await group.locator('#cg-responsiblePhone').fill('11987654321');
    await group.locator('#cg-responsiblePassword').fill('abc');
    await page.getByTestId('company-group-submit').click();
    await expect
      .poll(() => errorOf(page, 'cg-responsiblePassword'))
      .toBe(
        'La contraseña necesita al menos 6 caracteres, 1 número, 1 letra mayúscula, 1 minúscula y 1 carácter especial (!@#$%&*()_-+=)',
      );
    await group.locator('#cg-responsiblePassword').fill('Senha@123');
    await page.getByTestId('company-group-submit').click();
    // the server answers 'company group already exists: demo' (the seed's text); the UI says it in Spanish
    await expect.poll(() => errorOf(page, 'cg-companyGroup')).toBe('El grupo de empresas demo ya existe');
  });
});
