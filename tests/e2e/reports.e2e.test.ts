/**
 * The inspection and maintenance reports (seed 001 §2 screens 1 and 2) in Chromium, on the demo
 * company's seeded equipment (read only; compared with what `equipment.list` answers at the time):
 * filters written to the URL and kept by a reload, sort toggles, the date-cell texts, the detail
 * dialog with its map (no internet here: the map gives way to the coordinates), the URL presets of
 * the dashboard's links, and the report exports.
 *
 * The last test ("exports …") needs `reports.export` and `documents.inspection` from the server
 * branches of issue 13; every other test runs on the client branch alone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { dateCellText } from '../../src/shared/equipment/date-cell.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { DEMO, hashPath, login, setUpBrowser, waitForHash } from './browser.ts';

const { fresh } = setUpBrowser();

type Api = ReturnType<typeof trpcClient>;
type ListInput = Parameters<Api['equipment']['list']['query']>[0];

/** The list's search params as the URL shows them. */
function urlParams(page: Page): Record<string, string> {
  const [, query = ''] = hashPath(page).split('?');
  return Object.fromEntries(new URLSearchParams(query));
}

const table = (page: Page) => page.getByTestId('data-table');
const rows = (page: Page) => table(page).locator('tbody tr[data-tag]');
const total = (page: Page) => page.getByTestId('total-count').textContent();
/** The tags of the rows on screen, in order. */
const shownTags = (page: Page) =>
  rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-tag') ?? ''));

/** The first of `serials` whose ten newest inspections include a located one, with its index. */
async function locatedOnPage(api: ReturnType<typeof trpcClient>, serials: string[]) {
  for (const serial of serials) {
    const inspections = await api.equipment.inspections.query({ tag: serial, pageSize: 10 });
    const located = inspections.items.findIndex((r) => r.latitude !== null && r.longitude !== null);
    if (located >= 0) return { serial, inspections, located };
  }
  throw new Error(`none of ${serials.join(', ')} has a located inspection`);
}

async function pick(page: Page, trigger: string, option: string): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the table shows exactly the rows `equipment.list` answers for `input`. */
async function expectRowsOf(page: Page, api: Api, input: ListInput): Promise<void> {
  const expected = await api.equipment.list.query(input);
  await expect.poll(() => shownTags(page)).toEqual(expected.items.map((e) => e.tagSerialNumber ?? ''));
  expect(await total(page)).toBe(`Total: ${expected.total}${expected.totalCapped ? '+' : ''}`);
}

async function openReport(email: string, path: string): Promise<Page> {
  const page = await fresh();
  await login(page, email);
  await page.goto(`/#${path}`);
  return page;
}

describe('inspection report (/inspections)', () => {
  it('filters by status and search in the URL, keeps them on reload, toggles the sort, shows the seed’s date texts', async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const page = await openReport(DEMO.companyAdmin, '/inspections');
    await page.getByRole('heading', { name: 'Relatório de inspeções' }).waitFor();
    // the default list: newest registrations first, active tags only, a clean URL
    await expectRowsOf(page, api, {});
    expect(hashPath(page)).toBe('/inspections');
    expect(await page.getByTestId('filter-active-tags').getAttribute('data-state')).toBe('checked');
    // a company admin sees one company: no company filter
    expect(await page.getByTestId('filter-company').count()).toBe(0);

    // status: the rows carry the status's border
    await pick(page, 'filter-status', 'Vencido');
    await expect.poll(() => urlParams(page)).toEqual({ status: 'EXPIRED' });
    await expectRowsOf(page, api, { status: 'EXPIRED' });
    for (const s of await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status'))))
      expect(s).toBe('EXPIRED');
    // the grey mark of EXPIRED (seed 001 §4) on the first cell
    expect(
      await rows(page)
        .first()
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).boxShadow),
    ).toContain('rgb(123, 135, 139)');

    // search (debounced into the URL), on a control number of an expired equipment
    const expired = await api.equipment.list.query({ status: 'EXPIRED' });
    const target = expired.items.find((e) => e.extraCode)!;
    await page.getByTestId('search').fill(target.extraCode!);
    await expect.poll(() => urlParams(page)).toEqual({ status: 'EXPIRED', query: target.extraCode! });
    await expectRowsOf(page, api, { status: 'EXPIRED', query: target.extraCode! });
    expect(await shownTags(page)).toContain(target.tagSerialNumber);

    // a reload (a bookmark) shows the same list, search box and select included
    await page.reload();
    await expectRowsOf(page, api, { status: 'EXPIRED', query: target.extraCode! });
    expect(await page.getByTestId('search').inputValue()).toBe(target.extraCode);
    expect(await page.getByTestId('filter-status').textContent()).toContain('Vencido');

    // sorting: a new column starts ascending, the same column toggles
    await page.getByTestId('search').fill('');
    await expect.poll(() => urlParams(page)).toEqual({ status: 'EXPIRED' });
    await page.getByTestId('sort-product').click();
    await expect
      .poll(() => urlParams(page))
      .toEqual({ status: 'EXPIRED', sort: 'product', direction: 'asc' });
    await expectRowsOf(page, api, { status: 'EXPIRED', sort: 'product', direction: 'asc' });
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain('Produto');
    await page.getByTestId('sort-product').click();
    // descending is this list's default direction, so the URL leaves it out
    await expect.poll(() => urlParams(page)).toEqual({ status: 'EXPIRED', sort: 'product' });
    await expectRowsOf(page, api, { status: 'EXPIRED', sort: 'product', direction: 'desc' });
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Produto');
    await page.getByTestId('sort-lastInspection').click();
    await expect
      .poll(() => urlParams(page))
      .toEqual({ status: 'EXPIRED', sort: 'lastInspection', direction: 'asc' });

    // the date cells (seed 001 §4), against the shared rule and the API's statuses
    await pick(page, 'filter-status', 'Todos');
    await pick(page, 'filter-last-inspection-status', 'A vencer');
    await expect
      .poll(() => urlParams(page))
      .toEqual({
        sort: 'lastInspection',
        direction: 'asc',
        lastInspectionExpirationStatus: 'EXPIRING',
      });
    const expiring = await api.equipment.list.query({
      sort: 'lastInspection',
      direction: 'asc',
      lastInspectionExpirationStatus: 'EXPIRING',
    });
    expect(expiring.items.length).toBeGreaterThan(0);
    await expectRowsOf(page, api, {
      sort: 'lastInspection',
      direction: 'asc',
      lastInspectionExpirationStatus: 'EXPIRING',
    });
    for (const [i, e] of expiring.items.entries()) {
      const cell = rows(page).nth(i).getByTestId('cell-last-inspection');
      const want = dateCellText(
        e.lastInspection?.createdAt ?? null,
        e.lastInspectionExpirationStatus,
        e.lastInspectionDaysToExpire,
      );
      expect(await cell.getByTestId('date-cell-date').textContent()).toBe(want.date);
      expect(want.note).toMatch(/^(Válido até hoje|Válido até amanhã|Válido, expira em \d+ dias)$/);
      expect(await cell.getByTestId('date-cell-note').textContent()).toBe(want.note);
    }
    // expired dates are highlighted
    await pick(page, 'filter-last-inspection-status', 'Vencido');
    await expect.poll(() => urlParams(page).lastInspectionExpirationStatus).toBe('EXPIRED');
    const firstExpired = rows(page).first().getByTestId('cell-last-inspection');
    await expect.poll(() => firstExpired.getByTestId('date-cell-note').textContent()).toBe('Vencido');
    expect(await firstExpired.getByTestId('date-cell-date').getAttribute('class')).toContain(
      'text-destructive',
    );

    // clear fields: back to the default list (sort kept)
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => urlParams(page)).toEqual({ sort: 'lastInspection', direction: 'asc' });
    await expectRowsOf(page, api, { sort: 'lastInspection', direction: 'asc' });
  });

  it('category → subcategory → product cascade; the extinguisher dates only for fire-fighting extinguishers', async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const page = await openReport(DEMO.companyAdmin, '/inspections');
    await rows(page).first().waitFor();
    expect(await page.getByTestId('filter-subcategory').isDisabled()).toBe(true);
    expect(await page.getByTestId('filter-product').isDisabled()).toBe(true);

    const categories = await api.catalogue.categories.options.query();
    const fire = categories.find((c) => c.name === 'Combate a Incêndio')!;
    const types = await api.catalogue.inspectionTypes.options.query({ categoryId: fire.id });
    const extinguishers = types.find((t) => t.name === 'Extintores')!;

    await pick(page, 'filter-category', 'Combate a Incêndio');
    await expect.poll(() => urlParams(page)).toEqual({ categoryId: String(fire.id) });
    expect(await page.getByTestId('extinguisher-dates').count()).toBe(0);
    await pick(page, 'filter-subcategory', 'Extintores');
    await expect
      .poll(() => urlParams(page))
      .toEqual({ categoryId: String(fire.id), inspectionTypeId: String(extinguishers.id) });
    await expectRowsOf(page, api, { categoryId: fire.id, inspectionTypeId: extinguishers.id });
    await page.getByTestId('extinguisher-dates').waitFor();
    await page.getByTestId('filter-rechargeDate').fill('01012025');
    await expect.poll(() => urlParams(page).rechargeDate).toBe('2025-01-01');

    const products = await api.catalogue.products.list.query({
      pageSize: 1000,
      enabled: 'yes',
      inspectionTypeId: extinguishers.id,
    });
    const product = products.items[0]!;
    await pick(page, 'filter-product', `${product.name} (${product.sku})`);
    await expect.poll(() => urlParams(page).productId).toBe(String(product.id));

    // another category clears the subcategory, the product and the extinguisher dates
    const other = categories.find((c) => c.enabled && c.id !== fire.id)!;
    await pick(page, 'filter-category', other.name);
    await expect.poll(() => urlParams(page)).toEqual({ categoryId: String(other.id) });
    expect(await page.getByTestId('extinguisher-dates').count()).toBe(0);
    expect(await page.getByTestId('filter-product').isDisabled()).toBe(true);
  });

  it('the detail button opens the equipment dialog: tabs, the inspection map (or its coordinates), the record downloads', async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const page = await openReport(DEMO.companyAdmin, '/inspections?status=VALID');
    await expectRowsOf(page, api, { status: 'VALID' });
    // Other test files inspect equipment without a location (the offline flow's typed serial):
    // the first shown equipment whose recent inspections include a located one.
    const { serial, inspections, located } = await locatedOnPage(api, await shownTags(page));
    await page.getByTestId(`details-${serial}`).click();
    const dialog = page.getByTestId('equipment-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('equipment-tag').textContent()).toBe(serial);
    expect(await dialog.getByTestId('equipment-status').getAttribute('data-status')).toBe('VALID');

    await dialog.getByTestId('equipment-tab-records').click();
    const records = dialog.getByTestId('history-inspections');
    await records.waitFor();
    const r = inspections.items[located]!;
    const card = records.getByTestId('record').nth(located);
    await card.scrollIntoViewIfNeeded();
    const map = card.getByTestId('inspection-map');
    await map.waitFor({ state: 'attached' });
    // No internet in the tests: the tiles fail and the map gives way to the coordinates text.
    await expect.poll(() => map.getAttribute('data-state'), { timeout: 20_000 }).toMatch(/^(failed|ready)$/);
    if ((await map.getAttribute('data-state')) === 'failed') expect(await map.isHidden()).toBe(true);
    expect(await card.getByTestId('location-coordinates').textContent()).toBe(
      `${r.latitude!.toFixed(5)}, ${r.longitude!.toFixed(5)}`,
    );
    expect(await card.getByTestId('location-coordinates').isVisible()).toBe(true);
    // the report's per-inspection downloads
    await card.getByTestId('record-pdf').waitFor();
    await card.getByTestId('record-xlsx').waitFor();

    await dialog.getByTestId('equipment-tab-snapshots').click();
    await dialog.getByTestId('history-snapshots').getByTestId('record').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('with the tiles reachable (served here, MAP_TILE_URL’s host), the map shows the location’s marker and the attribution', async () => {
    const png = new PNG({ width: 256, height: 256 });
    png.data.fill(220);
    const tile = PNG.sync.write(png);
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const page = await fresh();
    const tiles: string[] = [];
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      tiles.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
    });
    await login(page, DEMO.companyAdmin);
    await page.goto('/#/inspections?status=VALID');
    await expectRowsOf(page, api, { status: 'VALID' });
    const { serial, inspections, located } = await locatedOnPage(api, await shownTags(page));
    const r = inspections.items[located]!;
    await page.getByTestId(`details-${serial}`).click();
    const dialog = page.getByTestId('equipment-dialog');
    await dialog.getByTestId('equipment-tab-records').click();
    const card = dialog.getByTestId('history-inspections').getByTestId('record').nth(located);
    await card.scrollIntoViewIfNeeded();
    const map = card.getByTestId('inspection-map');
    await expect.poll(() => map.getAttribute('data-state')).toBe('ready');
    expect(tiles.length).toBeGreaterThan(0);
    for (const path of tiles) expect(path).toMatch(/^\/17\/\d+\/\d+\.png$/);
    const coordinates = `${r.latitude!.toFixed(5)}, ${r.longitude!.toFixed(5)}`;
    expect(await map.getByRole('button', { name: `Local da inspeção: ${coordinates}` }).count()).toBe(1);
    await map.getByText('© OpenStreetMap contributors').waitFor();
    expect(await map.getByRole('region', { name: 'Mapa da localização da inspeção' }).count()).toBe(1);
    // the coordinates stay under the map
    expect(await card.getByTestId('location-coordinates').textContent()).toBe(coordinates);
  });

  it('/report?view=inspections-report: the last-inspection status preset, written into the URL', async () => {
    const api = trpcClient(await loginAs(DEMO.operator));
    const page = await openReport(DEMO.operator, '/report?view=inspections-report');
    await waitForHash(page, '/report?lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING');
    await expectRowsOf(page, api, { lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' });
    expect(await page.getByTestId('filter-last-inspection-status').textContent()).toContain(
      'Vencido ou a vencer',
    );
    for (const note of await rows(page).evaluateAll((trs) =>
      trs.map((tr) => tr.querySelector('[data-testid="cell-last-inspection"]')?.getAttribute('data-note')),
    ))
      expect(['expired', 'today', 'tomorrow', 'inDays']).toContain(note);
    // the operator filters by the catalogue too (its option calls are open to every tenant role)
    await page.getByTestId('filter-category').click();
    await page.getByRole('option', { name: 'Combate a Incêndio', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // a reload keeps the list and does not apply anything again
    await page.reload();
    await expectRowsOf(page, api, { lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' });
    expect(hashPath(page)).toBe('/report?lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING');
  });

  it('/inspections?Doughnut=1 sets the status IMPROPER; the other params of a link stay', async () => {
    const api = trpcClient(await loginAs(DEMO.groupAdmin));
    const page = await openReport(DEMO.groupAdmin, '/inspections?Doughnut=1&employeeData=Ç');
    await expect.poll(() => urlParams(page)).toEqual({ status: 'IMPROPER', query: 'c' });
    expect(await page.getByTestId('filter-status').textContent()).toContain('Impróprio');
    expect(await page.getByTestId('search').inputValue()).toBe('c');
    await page.getByTestId('search').fill('');
    await expect.poll(() => urlParams(page)).toEqual({ status: 'IMPROPER' });
    await expectRowsOf(page, api, { status: 'IMPROPER' });
    for (const s of await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status'))))
      expect(s).toBe('IMPROPER');
    // a group admin sees several companies: the company filter
    await page.getByTestId('filter-company').waitFor();
  });
});

describe('maintenance report (/maintenances)', () => {
  it('the filters of screen 2: no company, no due date; the last-maintenance range; all in the URL', async () => {
    const page = await openReport(DEMO.groupAdmin, '/maintenances');
    await page.getByRole('heading', { name: 'Relatório de manutenções' }).waitFor();
    await page.getByTestId('filter-status').waitFor();
    expect(await page.getByTestId('filter-company').count()).toBe(0);
    expect(await page.getByTestId('filter-due-date-range').count()).toBe(0);
    expect(await page.getByTestId('filter-last-inspection-range').count()).toBe(0);
    await page.getByTestId('filter-last-maintenance-range').waitFor();
    // the rows are what `reports.maintenances` answers, in the default order (newest first)
    const api = trpcClient(await loginAs(DEMO.groupAdmin));
    const expectMaintenanceRows = async (input: { enabledTagsOnly?: boolean }) => {
      const expected = await api.reports.maintenances.query(input);
      expect(expected.items.length).toBeGreaterThan(0);
      await expect.poll(() => shownTags(page)).toEqual(expected.items.map((e) => e.tagSerialNumber ?? ''));
      expect(await total(page)).toBe(`Total: ${expected.total}${expected.totalCapped ? '+' : ''}`);
      // each row is marked with the maintenance status the screen shows
      expect(await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')))).toEqual(
        expected.items.map((e) => e.maintenanceStatus),
      );
    };
    await expectMaintenanceRows({});
    await page.getByTestId('filter-active-tags').click();
    await expect.poll(() => urlParams(page)).toEqual({ enabledTagsOnly: 'false' });
    await expectMaintenanceRows({ enabledTagsOnly: false });
    await page.getByTestId('filter-last-maintenance-from').fill('01022025');
    await expect
      .poll(() => urlParams(page))
      .toEqual({ enabledTagsOnly: 'false', lastMaintenanceFrom: '2025-02-01' });
    await page.reload();
    await expect.poll(() => page.getByTestId('filter-last-maintenance-from').inputValue()).toBe('01/02/2025');
    expect(await page.getByTestId('filter-active-tags').getAttribute('data-state')).toBe('unchecked');
  });
});

describe('report exports', () => {
  it('exports the filtered inspection report as XLSX and PDF, and an inspection as PDF, each downloading when its job ends', {
    timeout: 200_000,
  }, async () => {
    const page = await openReport(DEMO.companyAdmin, '/inspections?status=EXPIRED');
    await rows(page).first().waitFor();

    const xlsx = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('export-xlsx').click();
    await page.getByTestId('export-status').waitFor();
    const xlsxFile = await xlsx;
    expect(xlsxFile.suggestedFilename()).toMatch(/\.xlsx$/);
    const xlsxBytes = await readFile((await xlsxFile.path())!);
    expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByTestId('export-status').waitFor({ state: 'detached' });

    const pdf = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('export-pdf').click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile((await pdfFile.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const serial = (await shownTags(page))[0]!;
    await page.getByTestId(`details-${serial}`).click();
    const dialog = page.getByTestId('equipment-dialog');
    await dialog.getByTestId('equipment-tab-records').click();
    const record = dialog.getByTestId('history-inspections').getByTestId('record').first();
    const one = page.waitForEvent('download', { timeout: 60_000 });
    await record.getByTestId('record-pdf').click();
    const onePdf = await one;
    expect((await readFile((await onePdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
