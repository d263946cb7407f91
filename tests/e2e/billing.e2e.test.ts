/**
 * Plans, bills and tags in Chromium (issue 17) against the sandbox provider: sign-up with plan 1 →
 * activation mail → the first bill opens in a new tab → "Pagar" on the sandbox bill page → the app
 * shows it paid; a change of plan's bill made overdue → the pending-payment pop-up (not on
 * /my-plan) → "Visualizar" → pay → the pop-up is gone; QR tags bought through 'Atenção!' /
 * 'Verificado!' → the order PENDENTE → paid → PAGA → the provider admin ships it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import { recomputeGroupPaymentStatus } from '../../src/server/domains/billing/state.ts';
import { DEMO, login, setUpBrowser, waitForHash } from './browser.ts';
import { mailedLink } from './mail.ts';

const { fresh } = setUpBrowser();

const SEED_POPUP_TEXT =
  'Você possui pagamentos pendentes. Favor acessar o menu "Meu Plano" e verificar a situação.';

const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const email = `e2e-bill-${suffix}@e2e.dev`;
const company = `Cobranca ${Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6)} Ltda`;
const password = 'Fatura@123';

/**
 * The bill tab a step opens: the tab the app opened itself, or — if the browser blocked it — the
 * one the "Abrir fatura" link opens. `step` runs after the listener is in place.
 */
async function billTab(context: BrowserContext, page: Page, step: () => Promise<void>): Promise<Page> {
  const opened: Page[] = [];
  const onPage = (p: Page) => opened.push(p);
  context.on('page', onPage);
  try {
    await step();
    await page.locator('[data-testid="payment-redirect"][data-stage="opened"]').waitFor();
    if ((await page.getByTestId('bill-tab-blocked').count()) > 0) {
      const next = context.waitForEvent('page');
      await page.getByTestId('payment-redirect').getByTestId('open-bill').click();
      return await next;
    }
    await expect.poll(() => opened.length).toBeGreaterThan(0);
    return opened[0]!;
  } finally {
    context.off('page', onPage);
  }
}

/** Pays a sandbox bill on its page ("Pagar") and waits for the confirmation. */
async function pay(bill: Page, amount: string): Promise<void> {
  await bill.waitForLoadState();
  expect(new URL(bill.url()).pathname).toMatch(/^\/billing\/sandbox\/bills\/[\w-]+$/);
  expect(await bill.getByTestId('sandbox-amount').textContent()).toBe(amount);
  expect(await bill.getByTestId('sandbox-status').textContent()).toBe('PENDENTE');
  await bill.getByTestId('sandbox-pay').click();
  await bill.getByTestId('sandbox-result').waitFor();
  expect(await bill.getByTestId('sandbox-status').textContent()).toBe('PAGA');
  await bill.close();
}

async function groupIdOf(userEmail: string): Promise<number> {
  const row = await coreDb()
    .selectFrom('users')
    .select('company_group_id')
    .where('email', '=', userEmail)
    .executeTakeFirstOrThrow();
  if (row.company_group_id === null) throw new Error('no group');
  return row.company_group_id;
}

/** The /my-plan rows' bill statuses as shown (e.g. ['PENDENTE', 'PAGA']). */
function rowStatuses(page: Page): Promise<string[]> {
  return page.locator('[data-testid="subscription-row"] [data-testid="bill-status"]').allTextContents();
}

describe('plans and bills (sandbox provider)', () => {
  it('sign-up with plan 1 → first bill in a new tab → paid; an overdue bill → pop-up → Visualizar → paid → no pop-up', async () => {
    const page = await fresh();
    const context = page.context();

    // The landing card of plan 1 leads to the sign-up with its plan and price from the server.
    await page.goto('/#/');
    const start = page.locator('[data-testid="plan-card"][data-plan-id="1"]');
    await start.waitFor();
    expect(await start.getByTestId('plan-name').textContent()).toBe('Start');
    await start.getByRole('link').click();
    await waitForHash(page, '/register?selectedPlanId=1&equipmentQtt=50');
    await page.getByTestId('chosen-plan').waitFor();
    expect(await page.getByTestId('chosen-plan-price').textContent()).toBe('R$ 359,00/mês');

    await page.locator('#reg-name').fill('Clara Cobrança');
    await page.locator('#reg-email').fill(email);
    await page.locator('#reg-occupation').fill('Diretora');
    await page.locator('#reg-company').fill(company);
    await page.locator('#reg-address').fill('Rua das Faturas, 100');
    await page.locator('#reg-city').fill('Campinas');
    await page.locator('#reg-state').selectOption('SP');
    await page.locator('#reg-password').fill(password);
    await page.locator('#reg-password-confirmation').fill(password);
    await page.getByTestId('accept-terms').click();
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="register-submit"]') as HTMLButtonElement).disabled,
    );
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-done').waitFor();

    // Activation signs in; 'Redirecionando para o pagamento', then the first bill in a new tab.
    const link = await mailedLink(email, '/active-environment');
    const first = await billTab(context, page, () => page.goto(link).then(() => undefined));
    await page.getByTestId('top-bar').waitFor();
    await pay(first, 'R$ 359,00');
    await page.getByTestId('payment-redirect-close').click();

    // Back in the app the bill shows paid (the sandbox's webhook went through the worker).
    await page.goto('/#/my-plan');
    await page.getByTestId('plan-summary').waitFor();
    expect(await page.getByTestId('current-plan').textContent()).toBe('Plano atual: Start');
    expect(
      await page.locator('[data-testid="my-plan-card"][data-current="true"]').getAttribute('data-plan-id'),
    ).toBe('1');
    await expect.poll(() => rowStatuses(page), { timeout: 30_000 }).toEqual(['PAGA']);
    expect(await page.getByTestId('payment-status').getAttribute('data-status')).toBe('OK');
    expect(await page.getByTestId('subscription-status').allTextContents()).toEqual(['ATIVA']);

    // The custom plan's live price: 0,99 per equipment, at least 50.
    await page.getByTestId('custom-quantity').fill('120');
    expect(await page.getByTestId('custom-plan-price').textContent()).toBe('R$ 118,80/mês');
    await page.getByTestId('custom-quantity').fill('49');
    expect(await page.getByTestId('custom-quantity-error').textContent()).not.toBe('');
    expect(await page.getByTestId('select-plan-4').isDisabled()).toBe(true);

    // Change to Standard the day Start was paid: the dialog says, before confirming, that the whole
    // paid month (R$ 359,00) is credited and the first bill is R$ 170,00 (issue 26 item 12); confirm,
    // 'Redirecionando…', that bill in a new tab — left unpaid.
    await page.getByTestId('select-plan-2').click();
    await page.getByTestId('change-plan-confirm').waitFor();
    await expect
      .poll(() => page.getByTestId('change-plan-quote').textContent())
      .toMatch(
        /dias não usados do plano atual, R\$ 359,00, abatidos .* fica em R\$ 170,00\. As seguintes serão de R\$ 529,00\./,
      );
    const second = await billTab(context, page, () => page.getByTestId('change-plan-confirm-button').click());
    await second.waitForLoadState();
    expect(await second.getByTestId('sandbox-amount').textContent()).toBe('R$ 170,00');
    await second.close();
    await page.getByTestId('payment-redirect-close').click();
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('Plano atual: Standard');
    await expect.poll(() => rowStatuses(page)).toContain('PENDENTE');

    // The unpaid bill is now past due: the group is PENDING.
    const groupId = await groupIdOf(email);
    await coreDb()
      .updateTable('billing_bills')
      .set({ due_at: new Date(Date.now() - 3600_000) })
      .where('company_group_id', '=', groupId)
      .where('status', '=', 'pending')
      .execute();
    expect(await recomputeGroupPaymentStatus(groupId)).toBe('PENDING');

    await page.goto('/#/');
    await page.reload();
    const popup = page.getByTestId('pending-payment-dialog');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(SEED_POPUP_TEXT);
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.isVisible()).toBe(true);

    // Not on /my-plan, where "Visualizar" opens the pending bill.
    await popup.getByRole('link', { name: 'Ir para Meu Plano' }).click();
    await waitForHash(page, '/my-plan');
    await popup.waitFor({ state: 'detached' });
    expect(await page.getByTestId('payment-status').getAttribute('data-status')).toBe('PENDING');
    expect(await page.getByTestId('payment-alert').textContent()).toContain(SEED_POPUP_TEXT);
    const pendingRow = page.locator('[data-testid="subscription-row"][data-bill-status="pending"]');
    const billPage = context.waitForEvent('page');
    await pendingRow.getByTestId('view-bill').click();
    await pay(await billPage, 'R$ 170,00');

    // The page follows the payment; elsewhere the pop-up is gone.
    await expect
      .poll(() => page.getByTestId('payment-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('OK');
    await page.goto('/#/profile');
    await page.getByTestId('top-bar').waitFor();
    await expect.poll(() => popup.count()).toBe(0);
    await page.reload();
    await page.getByTestId('top-bar').waitFor();
    expect(await popup.count()).toBe(0);
  });

  it('buys QR tags: Atenção! → Verificado! → bill tab → success → PENDENTE → paid → PAGA → shipped by the provider admin', async () => {
    const page = await fresh();
    const context = page.context();
    await login(page, email, password);
    await page.goto('/#/buy-tag');
    const qr = page.getByTestId('tag-card-QR');
    await qr.waitFor();
    expect(await page.getByTestId('tag-quantity-QR').inputValue()).toBe('10');
    expect(await page.getByTestId('tag-price-QR').textContent()).toBe('R$ 11,50');
    expect(await page.getByTestId('tag-price-NFC').textContent()).toBe('R$ 32,50');
    await page.getByTestId('tag-quantity-QR').fill('0');
    expect(await page.getByTestId('buy-QR').isDisabled()).toBe(true);
    await page.getByTestId('tag-quantity-QR').fill('10');

    await page.getByTestId('buy-QR').click();
    const confirm = page.getByTestId('tag-order-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Atenção!');
    expect(await confirm.textContent()).toContain(company);
    // 'Cancelar' leaves without an order.
    await page.getByTestId('tag-order-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('tag-order-row').count()).toBe(0);

    await page.getByTestId('buy-QR').click();
    await confirm.waitFor();
    const bill = await billTab(context, page, () => page.getByTestId('tag-order-verified').click());
    const success = page.getByTestId('payment-redirect');
    expect(await success.textContent()).toContain('Pedido realizado com sucesso!');
    expect(await success.textContent()).toContain('Pague a fatura gerada para receber as Tags.');
    await page.getByTestId('payment-redirect-close').click();

    const row = page.getByTestId('tag-order-row');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByTestId('order-bill-status').textContent()).toBe('PENDENTE');
    expect(await row.textContent()).toContain('R$ 11,50');

    await pay(bill, 'R$ 11,50');
    await expect
      .poll(() => row.getByTestId('order-bill-status').textContent(), { timeout: 30_000 })
      .toBe('PAGA');

    // The provider admin sees it among the paid orders to ship, with the address, and ships it.
    const admin = await fresh();
    await login(admin, DEMO.admin);
    await admin.goto('/#/tag-orders?status=PAID');
    const item = admin.locator('[data-testid="fulfilment-row"]', { hasText: company });
    await item.waitFor();
    expect(await item.textContent()).toContain('Clara Cobrança');
    expect(await item.textContent()).toContain('Rua das Faturas, 100');
    await item.getByTestId('mark-shipped').click();
    await admin.getByTestId('mark-shipped-confirm-button').click();
    await item.waitFor({ state: 'detached' });
    await admin.goto('/#/tag-orders?status=SHIPPED');
    const shipped = admin.locator('[data-testid="fulfilment-row"]', { hasText: company });
    await shipped.waitFor();
    expect(await shipped.getByTestId('fulfilment-status').textContent()).toBe('Enviada');
  });
});
