import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, closeDb, coreDb } from '../../src/server/db/database.ts';
import { provisionCompanyGroup } from '../../src/server/domains/account/provision.ts';
import { launchBrowser, login, newPage, waitForHash } from './browser.ts';

/**
 * Seed 000 §6: while a company group's payment is pending (PENDING, or BLOCKED past the grace
 * days), its users (not the provider admin) see a blocking pop-up everywhere but /my-plan.
 */
const suffix =
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6) || 'pay';
const schemaName = `payment${suffix}`;
const email = `payer.${suffix}@test.dev`;
const password = 'Payer@123';
let browser: Browser;

beforeAll(async () => {
  await baseDb()
    .transaction()
    .execute((trx) =>
      provisionCompanyGroup(trx, {
        groupName: `Pagamento ${suffix}`,
        schemaName,
        company: { name: `Empresa Pagamento ${suffix}`, enabled: true },
        responsible: { name: 'Paulo Pagador', email, password },
      }),
    );
  await coreDb()
    .updateTable('company_groups')
    .set({ payment_status: 'PENDING' })
    .where('schema_name', '=', schemaName)
    .execute();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await closeDb();
});

describe('pending payment pop-up', () => {
  it('blocks the group admin with the seed text, cannot be dismissed, and is absent on /my-plan', async () => {
    const { page, context } = await newPage(browser);
    await login(page, email, password);
    const dialog = page.getByTestId('pending-payment-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'Você possui pagamentos pendentes. Favor acessar o menu "Meu Plano" e verificar a situação.',
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.goto('/#/my-plan');
    await waitForHash(page, '/my-plan');
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/#/profile');
    await dialog.waitFor();
    await context.close();
  });

  it('BLOCKED (overdue past the grace days): the same pop-up, saying what is refused meanwhile; /my-plan says it too', async () => {
    await coreDb()
      .updateTable('company_groups')
      .set({ payment_status: 'BLOCKED' })
      .where('schema_name', '=', schemaName)
      .execute();
    const { page, context } = await newPage(browser);
    await login(page, email, password);
    const dialog = page.getByTestId('pending-payment-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-status')).toBe('BLOCKED');
    expect(await dialog.textContent()).toContain(
      'Você possui pagamentos pendentes. Favor acessar o menu "Meu Plano" e verificar a situação.',
    );
    expect(await page.getByTestId('payment-blocked-note').textContent()).toContain(
      'o cadastro de novos equipamentos e a geração de QR Codes ficam bloqueados',
    );
    await page.goto('/#/my-plan');
    await dialog.waitFor({ state: 'detached' });
    const alert = page.getByTestId('payment-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('ficam bloqueados');
    expect(await page.getByTestId('payment-status').getAttribute('data-status')).toBe('BLOCKED');
    await context.close();
  });

  it('disappears once the payment is settled', async () => {
    await coreDb()
      .updateTable('company_groups')
      .set({ payment_status: 'OK' })
      .where('schema_name', '=', schemaName)
      .execute();
    const { page, context } = await newPage(browser);
    await login(page, email, password);
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('pending-payment-dialog').count()).toBe(0);
    await context.close();
  });
});
