/**
 * The dashboard (seed 000 §2, §3, §5, §9; issue 15) in Chromium, on the demo tenant's seeded data
 * (read only; compared with what the `dashboard.*` calls answer at the time): the admin's charts
 * and summary, the drill-down from a month bar into the inspection report (click and keyboard),
 * the period and scope kept in the URL, and the operator's simpler home.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../src/client/components/list/day-text.ts';
import { formatCount } from '../../src/client/features/dashboard/dashboard-model.ts';
import { histogramMonthRange } from '../../src/shared/reports/presets.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { DEMO, hashPath, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

type Api = ReturnType<typeof trpcClient>;

/** The console errors and uncaught exceptions of a page, from now on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

function urlParams(page: Page): Record<string, string> {
  const [, query = ''] = hashPath(page).split('?');
  return Object.fromEntries(new URLSearchParams(query));
}

async function openDashboard(email: string, path = '/'): Promise<{ page: Page; errors: string[] }> {
  const page = await fresh();
  const errors = watchErrors(page);
  await login(page, email);
  if (path !== '/') await page.goto(`/#${path}`);
  return { page, errors };
}

/** The month bars' values as the chart draws them (0 where no rectangle is drawn). */
async function monthValues(page: Page): Promise<number[]> {
  const bars = page.locator('[data-testid^="month-bar-"]');
  await expect.poll(() => bars.count()).toBe(24);
  return bars.evaluateAll((els) =>
    els
      .sort((a, b) => Number(a.dataset.testid!.slice(10)) - Number(b.dataset.testid!.slice(10)))
      .map((el) => Number(el.querySelector('[data-value]')?.getAttribute('data-value') ?? 0)),
  );
}

/** The report's "Total: N" once its rows are there. */
async function reportTotal(page: Page): Promise<string | null> {
  await page.getByTestId('data-table').waitFor();
  return page.getByTestId('total-count').textContent();
}

async function expectMonthInReport(page: Page, index: number, value: number): Promise<void> {
  const range = histogramMonthRange(index, localToday())!;
  await expect
    .poll(() => urlParams(page))
    .toEqual({
      enabledTagsOnly: 'false',
      lastInspectionFrom: range.from,
      lastInspectionUpTo: range.upTo,
    });
  expect(hashPath(page).startsWith('/inspections?')).toBe(true);
  await expect.poll(() => reportTotal(page)).toBe(`Total: ${value}`);
  // the report's own fields show the month
  const [y, m, d] = range.from.split('-');
  expect(await page.getByTestId('filter-last-inspection-from').inputValue()).toBe(`${d}/${m}/${y}`);
  expect(await page.getByTestId('filter-active-tags').getAttribute('data-state')).toBe('unchecked');
}

describe('dashboard (/) for admins', () => {
  it('the company admin sees the summary, the monthly bars and the status doughnut of the API, without console errors', async () => {
    const api: Api = trpcClient(await loginAs(DEMO.companyAdmin));
    const [summary, monthly, status] = await Promise.all([
      api.dashboard.summary.query({}),
      api.dashboard.monthlyInspections.query({}),
      api.dashboard.equipmentStatus.query({}),
    ]);
    const { page, errors } = await openDashboard(DEMO.companyAdmin);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // summary cards: the all-time totals in pt-BR
    for (const key of ['users', 'equipments', 'inspections'] as const) {
      await expect
        .poll(() => page.getByTestId(`summary-${key}-total`).textContent())
        .toBe(`Total: ${formatCount(summary[key].allTimeTotal, 'pt')}`);
      expect(await page.getByTestId(`summary-${key}-week`).textContent()).toBe(
        formatCount(summary[key].last7DaysTotal, 'pt'),
      );
    }
    expect(summary.equipments.allTimeTotal).toBeGreaterThan(0);

    // the monthly chart: an SVG bar chart of the 24 months, each bar the API's value
    const monthlyChart = page.getByTestId('monthly-chart');
    await monthlyChart.locator('svg.recharts-surface').waitFor();
    expect(await monthValues(page)).toEqual(monthly.map((m) => m.value));
    expect(monthly.some((m) => m.value > 0)).toBe(true);
    // the chart is named by its title — what it counts: equipment by the month of its last
    // inspection (issue 26 item 18) — and described by a text summary
    const labelledBy = await monthlyChart.getAttribute('aria-labelledby');
    expect((await page.locator(`[id="${labelledBy}"]`).textContent())?.trim()).toBe(
      'Equipamentos por mês da última inspeção',
    );
    expect((await page.getByTestId('card-monthly').textContent()) ?? '').not.toContain('Inspeções por mês');
    const describedBy = await monthlyChart.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^Gráfico de barras: /);
    const last = page.getByTestId('month-bar-23');
    expect(await last.getAttribute('aria-label')).toMatch(/\. Abrir no relatório de inspeções\.$/);

    // the status doughnut: one slice per non-zero status, the counts beside it
    const doughnut = page.getByTestId('status-chart');
    await doughnut.locator('svg.recharts-surface').waitFor();
    for (const s of ['EXPIRED', 'IMPROPER', 'VALID'] as const) {
      expect(await page.getByTestId(`status-count-${s}`).textContent()).toBe(formatCount(status[s], 'pt'));
      expect(await page.getByTestId(`status-slice-${s}`).count()).toBe(status[s] > 0 ? 1 : 0);
    }
    expect(await page.getByTestId('status-slice-IMPROPER').getAttribute('data-href')).toBe(
      '/inspections?enabledTagsOnly=false&Doughnut=1',
    );

    // the range charts and the recent activity are there (data or their empty state)
    for (const card of ['card-employees', 'card-products', 'card-types', 'recent-activity'])
      await expect.poll(() => page.getByTestId(card).getAttribute('data-state')).toBe('ready');

    // the cycles card (issue 30): each cycle's expired and expiring counts as the API answers them
    const cycles = await api.dashboard.cycles.query({});
    await expect.poll(() => page.getByTestId('card-cycles').getAttribute('data-state')).toBe('ready');
    expect(await page.getByTestId('cycle-count').count()).toBe(cycles.length);
    for (const c of cycles) {
      const row = page.locator(`[data-testid="cycle-count"][data-code="${c.code}"]`);
      expect(await row.getByTestId('cycle-expired').textContent()).toBe(formatCount(c.expired, 'pt'));
      expect(await row.getByTestId('cycle-expiring').textContent()).toBe(formatCount(c.expiring, 'pt'));
    }

    // a company admin sees their company, no picker; the period defaults to 2018-01-01 → today
    expect(await page.getByTestId('dashboard-company').count()).toBe(0);
    expect(await page.getByTestId('dashboard-own-company').textContent()).toBeTruthy();
    expect(await page.getByTestId('dashboard-date-from').inputValue()).toBe('01/01/2018');
    expect(await page.getByTestId('dashboard-search').isEnabled()).toBe(true);
    // the search button needs both dates
    await page.getByTestId('dashboard-date-from').fill('');
    await expect.poll(() => page.getByTestId('dashboard-search').isDisabled()).toBe(true);
    await page.getByTestId('dashboard-date-from').fill('01012024');
    await expect.poll(() => page.getByTestId('dashboard-search').isEnabled()).toBe(true);

    expect(errors).toEqual([]);
  });

  it('a month bar opens /inspections with that month as the last-inspection range and as many rows as the bar (click, then Enter)', async () => {
    const api: Api = trpcClient(await loginAs(DEMO.companyAdmin));
    const monthly = await api.dashboard.monthlyInspections.query({});
    const withData = monthly.map((m, i) => ({ ...m, i })).filter((m) => m.value > 0);
    expect(withData.length).toBeGreaterThan(1);
    const [first, second] = [withData.at(-1)!, withData.at(-2)!];

    const { page, errors } = await openDashboard(DEMO.companyAdmin);
    await page.getByTestId('monthly-chart').locator('svg.recharts-surface').waitFor();
    await page.getByTestId(`month-bar-${first.i}`).click();
    await expectMonthInReport(page, first.i, first.value);

    // back on the dashboard, the keyboard: a bar takes the focus and Enter opens it
    await page.goBack();
    const bar = page.getByTestId(`month-bar-${second.i}`);
    await bar.waitFor();
    await bar.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      `month-bar-${second.i}`,
    );
    await page.keyboard.press('Enter');
    await expectMonthInReport(page, second.i, second.value);
    expect(errors).toEqual([]);
  });

  it('a doughnut slice and a product segment open the report on what they count', async () => {
    const api: Api = trpcClient(await loginAs(DEMO.companyAdmin));
    const [status, products] = await Promise.all([
      api.dashboard.equipmentStatus.query({}),
      api.dashboard.productInspections.query({}),
    ]);
    expect(status.IMPROPER).toBeGreaterThan(0);
    const { page, errors } = await openDashboard(DEMO.companyAdmin);
    const slice = page.getByTestId('status-slice-IMPROPER');
    await slice.waitFor();
    expect(await slice.getAttribute('aria-label')).toBe(
      `Impróprio: ${formatCount(status.IMPROPER, 'pt')} equipamentos (${Math.round(
        (status.IMPROPER / (status.EXPIRED + status.IMPROPER + status.VALID)) * 100,
      )}%). Abrir no relatório de inspeções.`,
    );
    await slice.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => urlParams(page)).toEqual({ status: 'IMPROPER', enabledTagsOnly: 'false' });
    await expect.poll(() => reportTotal(page)).toBe(`Total: ${status.IMPROPER}`);

    // the first improper segment: its product (SKU searched, and by id), the status IMPROPER, the period
    expect(products.some((p) => p.answer === 'NO')).toBe(true);
    await page.goBack();
    await page.getByTestId('product-chart').locator('svg.recharts-surface').waitFor();
    const segment = page.locator('[data-testid^="product-bar-"][data-testid$="-NO"]').first();
    const href = (await segment.getAttribute('data-href'))!;
    const value = await segment.locator('[data-value]').getAttribute('data-value');
    const params = Object.fromEntries(new URLSearchParams(href.split('?')[1]));
    expect(params.categoryDataStatus).toBe('NO');
    expect(params.categoryData).toMatch(/ \([^()]+\)$/);
    await segment.click();
    const sku = params.categoryData!.match(/\(([^()]+)\)$/)![1]!;
    await expect
      .poll(() => urlParams(page))
      .toEqual({
        query: sku,
        status: 'IMPROPER',
        productId: params.productId,
        enabledTagsOnly: 'false',
        lastInspectionFrom: '2018-01-01',
        lastInspectionUpTo: localToday(),
      });
    // the report lists the equipment the segment counted
    await expect.poll(() => reportTotal(page)).toBe(`Total: ${value}`);
    expect(errors).toEqual([]);
  });

  it('the period is applied by the search button and kept in the URL; the range charts answer for it', async () => {
    const api: Api = trpcClient(await loginAs(DEMO.groupAdmin));
    const range = { dateStart: '2025-01-01', dateEnd: localToday() };
    const employees = await api.dashboard.employeeInspections.query(range);
    const { page, errors } = await openDashboard(DEMO.groupAdmin);
    await page.getByTestId('dashboard-filters').waitFor();
    // a group admin picks a company of the group (or all)
    await page.getByTestId('dashboard-company').waitFor();

    await page.getByTestId('dashboard-date-from').fill('01012025');
    expect(urlParams(page)).toEqual({});
    await page.getByTestId('dashboard-search').click();
    await expect.poll(() => urlParams(page)).toEqual(range);
    const chart = page.getByTestId('employee-chart');
    if (employees.length === 0) await page.getByTestId('card-employees-empty').waitFor();
    else {
      await chart.locator('svg.recharts-surface').waitFor();
      await expect
        .poll(() =>
          chart
            .locator('[data-testid^="employee-chart-bar-"]')
            .evaluateAll((els) =>
              els.map((el) => el.querySelector('[data-value]')?.getAttribute('data-value')),
            ),
        )
        .toEqual(employees.map((e) => String(e.qtt)));
      // an employee bar links to the report with the name and the period
      const href = await chart.locator('[data-testid="employee-chart-bar-0"]').getAttribute('data-href');
      expect(Object.fromEntries(new URLSearchParams(href!.split('?')[1]))).toEqual({
        employeeData: employees[0]!.label,
        lastInspectionBy: employees[0]!.label,
        enabledTagsOnly: 'false',
        lastInspectionFrom: range.dateStart,
        lastInspectionUpTo: range.dateEnd,
      });
    }
    // a start after the end is refused, and the URL keeps the last period
    await page.getByTestId('dashboard-date-from').fill('01012026');
    await page.getByTestId('dashboard-date-to').fill('01012025');
    await page.getByTestId('dashboard-search').click();
    await page.getByText('A data inicial é posterior à data final.').waitFor();
    expect(urlParams(page)).toEqual(range);
    // a reload keeps the period
    await page.reload();
    await expect.poll(() => page.getByTestId('dashboard-date-from').inputValue()).toBe('01/01/2025');
    expect(urlParams(page)).toEqual(range);
    expect(errors).toEqual([]);
  });
});

describe('the provider admin’s scope', () => {
  it('picks another company group; a month bar of it switches the session to that group and opens its report', async () => {
    // a fresh group, uniquely named, for the session to start in (the demo group has the data)
    const u = [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
    const api: Api = trpcClient(await loginAs(DEMO.admin));
    const made = await api.organisations.companyGroups.create.mutate({
      companyName: `Dashboard E2E ${u}`,
      companyGroup: `d${u}`,
      companyTagsLimit: 1,
      responsibleName: `Resp ${u}`,
      responsibleEmail: `resp.${u}@example.com`,
      responsiblePhone: '11987654321',
      responsibleOccupation: 'Diretor',
      responsiblePassword: 'Senha@123',
    });
    const demoGroup = (await api.account.me.query()).companyGroupId!;
    const monthly = await api.dashboard.monthlyInspections.query({ companyGroupId: demoGroup });

    const { page, errors } = await openDashboard(DEMO.admin, '/company-groups');
    await page.getByTestId(`company-chip-${made.companyId}`).click();
    await expect.poll(() => page.getByTestId('company-name').textContent()).toBe(`Dashboard E2E ${u}`);
    await page.goto('/#/');
    // the new group's dashboard is empty; pick the demo group
    await page.getByTestId('card-monthly-empty').waitFor();
    await page.getByTestId('dashboard-group').click();
    await page.getByRole('option', { name: 'Grupo Demonstração', exact: true }).click();
    await expect.poll(() => urlParams(page)).toEqual({ companyGroupId: String(demoGroup) });
    await page.getByRole('note').waitFor();
    await page.getByTestId('monthly-chart').locator('svg.recharts-surface').waitFor();
    expect(await monthValues(page)).toEqual(monthly.map((m) => m.value));

    const i = monthly.findLastIndex((m) => m.value > 0);
    await page.getByTestId(`month-bar-${i}`).click();
    await expectMonthInReport(page, i, monthly[i]!.value);
    // the session is now in the demo group
    await expect.poll(() => page.getByTestId('company-name').textContent()).not.toBe(`Dashboard E2E ${u}`);
    expect(errors).toEqual([]);
  });
});

describe('the operator’s home (/)', () => {
  it('is the simpler home: no filter row, no status, employee or product charts', async () => {
    const api: Api = trpcClient(await loginAs(DEMO.operator));
    const summary = await api.dashboard.summary.query({});
    const { page, errors } = await openDashboard(DEMO.operator);
    await page.getByTestId('welcome-title').waitFor();
    await page.getByTestId('operator-home').waitFor();
    await expect
      .poll(() => page.getByTestId('summary-equipments-total').textContent())
      .toBe(`Total: ${formatCount(summary.equipments.allTimeTotal, 'pt')}`);
    await expect.poll(() => page.getByTestId('card-monthly').getAttribute('data-state')).toBe('ready');
    await page.getByTestId('recent-activity').waitFor();
    for (const hidden of [
      'dashboard-filters',
      'dashboard-period',
      'dashboard-company',
      'card-status',
      'card-employees',
      'card-products',
      'card-types',
      'card-cycles',
    ])
      expect(await page.getByTestId(hidden).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
