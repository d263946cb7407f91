/**
 * Issue 18 item 2 in Chromium: the top bar's bell on the demo tenant's seeded data (some equipment
 * overdue or within its notice days) shows the count and the items `notifications.due` answers;
 * an item opens the equipment's page, the report link opens the inspection report filtered to the
 * same equipment; a company with nothing due shows the empty state.
 */
import { describe, expect, it } from 'vitest';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { otherTenant } from '../integration/qr/helpers.ts';
import { DEMO, DEMO_PASSWORD, hashPath, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

describe('the bell in the top bar', () => {
  it('shows the company’s due equipment: count, items to the equipment’s page, links to the filtered report', async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const due = await api.notifications.due.query();
    expect(due.total).toBeGreaterThan(0);
    const page = await fresh();
    await login(page, DEMO.companyAdmin);

    const bell = page.getByTestId('bell');
    await expect
      .poll(() => page.getByTestId('bell-count').textContent())
      .toBe(due.totalCapped ? '99+' : String(due.total));
    expect(await bell.getAttribute('aria-label')).toMatch(/^Vencimentos: /);
    await bell.click();
    const items = page.getByTestId('bell-item');
    await expect.poll(() => items.count()).toBe(due.items.length);
    const first = due.items[0]!;
    const row = items.first();
    expect(await row.getAttribute('data-equipment')).toBe(String(first.equipmentId));
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(first.productName);
    expect(text).toContain(first.tagSerialNumber);
    expect(text).toMatch(/(Inspeção|Validade) (vencida há|vence)/);

    // The report link: the inspection report filtered as the bell's links say, with their total.
    await page.getByTestId('bell-open-inspections').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/inspections\?/);
    const params = Object.fromEntries(new URLSearchParams(hashPath(page).split('?')[1]));
    expect(params).toMatchObject(due.links.inspections);
    const report = await api.equipment.list.query({
      companyId: Number(due.links.inspections.companyId),
      lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING',
    });
    await expect.poll(() => page.getByTestId('total-count').textContent()).toBe(`Total: ${report.total}`);

    // An item: the equipment's page.
    await bell.click();
    await items.first().click();
    await expect.poll(() => hashPath(page)).toBe(`/t/${first.tagSerialNumber}`);
  });

  it('says so when nothing is due', async () => {
    const t = await otherTenant();
    const page = await fresh();
    await login(page, t.email, DEMO_PASSWORD);
    await page.getByTestId('bell').click();
    await page.getByTestId('bell-empty').waitFor();
    expect(await page.getByTestId('bell-count').count()).toBe(0);
  });
});
