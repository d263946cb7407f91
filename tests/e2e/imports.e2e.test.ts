/**
 * The import screens (issue 31, client), as the demo company admin: from the equipment list's
 * "Importar planilha", the template of an inspection type (its header cells read with exceljs),
 * a CSV of two good rows on fresh tags of the company and one bad row (an impossible date), the
 * guessed mapping, the dry run's problem with its line, column and value, the confirmation, the
 * job to its summary "2 criados", and the two equipment in the database. The database is shared
 * with the other e2e files: the tags are made here and both end up used.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, tenantDb } from '../../src/server/db/database.ts';
import { DEMO_GROUP_SCHEMA } from '../../src/server/seed/demo-users.ts';
import { loginAs } from '../helpers/api.ts';
import { roomForTags } from '../integration/qr/helpers.ts';
import {
  companyOf,
  createProduct,
  createTag,
  demoCompany,
  uid,
  type Where,
} from '../integration/tags/helpers.ts';
import { DEMO, hashPath, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();
const demo = () => tenantDb(DEMO_GROUP_SCHEMA);

let where: Where;
let product: { id: number; name: string; sku: string };
/** A seeded inspection type with attributes: the template's columns. */
let typeWithAttributes: { id: number; attributes: string[] };

beforeAll(async () => {
  const d = await demoCompany();
  where = { groupId: d.groupId, schema: d.schema, companyId: await companyOf(DEMO.companyAdmin) };
  product = await createProduct(await loginAs(DEMO.groupAdmin));
  const attrs = await demo()
    .selectFrom('inspection_type_attributes as a')
    .innerJoin('inspection_types as it', 'it.id', 'a.inspection_type_id')
    .select(['a.inspection_type_id', 'a.attribute'])
    .where('a.enabled', '=', true)
    .where('it.enabled', '=', true)
    .orderBy('a.inspection_type_id')
    .orderBy('a.position')
    .execute();
  const first = attrs[0];
  if (!first) throw new Error('the demo catalogue has no inspection type with attributes');
  typeWithAttributes = {
    id: first.inspection_type_id,
    attributes: attrs
      .filter((a) => a.inspection_type_id === first.inspection_type_id)
      .map((a) => a.attribute),
  };
});
afterAll(async () => {
  await closeDb();
});

/** The first worksheet's rows of a downloaded XLSX, as texts. */
async function sheetRows(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  const bytes = await readFile(path);
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the file has no worksheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell((c) => {
      cells.push(String(c.value ?? ''));
    });
    rows.push(cells);
  });
  return rows;
}

/** Waits for the screen's step (`data-step` of the page). */
async function atStep(page: Page, step: string): Promise<void> {
  await expect.poll(() => page.getByTestId('imports-page').getAttribute('data-step')).toBe(step);
}

describe('importing equipment from a spreadsheet', () => {
  it('template, upload, mapping, dry run with a bad row, confirmation, summary and rows', {
    timeout: 180_000,
  }, async () => {
    await roomForTags(where.companyId, 2);
    const serials = [await createTag(where), await createTag(where)];
    const mark = uid();
    const codes = [`IMP-${mark}-1`, `IMP-${mark}-2`, `IMP-${mark}-3`];

    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto('/#/inspections');
    await page.getByTestId('equipment-import').click();
    await expect.poll(() => hashPath(page)).toBe('/imports');
    await atStep(page, 'choose');
    // a company admin imports into its own company: no company choice
    expect(await page.getByTestId('import-company').count()).toBe(0);
    await page.getByTestId('import-own-company').waitFor();

    // the template of an inspection type: its attributes are columns
    await page.getByTestId('import-template-type').selectOption(String(typeWithAttributes.id));
    const templateDownload = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByTestId('import-template-download').click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const [headers = []] = await sheetRows((await template.path())!);
    for (const h of ['SKU', 'Produto', 'Tag', 'Identificação', 'Número de controle', 'Vencimento'])
      expect(headers).toContain(h);
    for (const a of typeWithAttributes.attributes) expect(headers).toContain(a);

    // a CSV with the template's headers: two good rows, a bad date on line 3
    const csv = [
      'SKU;Tag;Número de controle;Identificação;Vencimento',
      `${product.sku};${serials[0]};${codes[0]};Recepção;`,
      `${product.sku};;${codes[1]};Garagem;31/02/2025`,
      `${product.sku};${serials[1]};${codes[2]};Cozinha;`,
    ].join('\n');
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'equipamentos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await expect.poll(() => page.getByTestId('import-file-name').textContent()).toContain('equipamentos.csv');
    await page.getByTestId('import-continue').click();

    // mapping: guessed from the headers, shown beside the first rows
    await atStep(page, 'map');
    await page.getByTestId('import-map').waitFor();
    expect(await page.getByTestId('import-mapping-source').textContent()).toContain('sugerida');
    const targets = ['productSku', 'tagSerialNumber', 'extraCode', 'extraLabel', 'dueDate'];
    for (const [i, field] of targets.entries())
      expect(await page.getByTestId(`import-target-${i}`).inputValue()).toBe(field);
    expect(await page.getByTestId('import-preview').getByRole('row').count()).toBe(4);
    // skipping the product's column flags it before going on; mapping it again clears the flag
    await page.getByTestId('import-target-0').selectOption('');
    await page.getByTestId('import-missing').waitFor();
    expect(await page.getByTestId('import-validate').isDisabled()).toBe(true);
    await page.getByTestId('import-target-0').selectOption('productSku');
    await page.getByTestId('import-missing').waitFor({ state: 'detached' });
    await page.getByTestId('import-validate').click();

    // the dry run: counts, and the bad row's problem with its line, column and value
    await atStep(page, 'check');
    await page.getByTestId('import-report').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-count-rows').textContent()).toBe('3');
    expect(await page.getByTestId('import-count-valid').textContent()).toBe('2');
    expect(await page.getByTestId('import-count-invalid').textContent()).toBe('1');
    const problem = page.getByTestId('import-problems').locator('tr[data-line="3"]');
    await problem.waitFor();
    const cells = await problem.getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['3', 'Vencimento', '31/02/2025']);
    expect(cells[3]).toContain('Data inválida');
    expect(await problem.getAttribute('data-code')).toBe('IMPORT_DATE_INVALID');
    // the bad rows' file: the row as it came, with its reason
    const badDownload = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('import-bad-rows').click();
    const badRows = await sheetRows((await (await badDownload).path())!);
    expect(badRows[0]).toContain('Motivo');
    expect(badRows).toHaveLength(2);
    expect(badRows[1]).toContain(codes[1]);
    expect(badRows[1]?.some((c) => c.includes('Data inválida'))).toBe(true);
    // nothing written yet
    expect(await equipmentOn(serials)).toEqual([]);

    // confirm from the keyboard; the job runs to its summary
    await page.getByTestId('import-run').click();
    const confirm = page.getByTestId('import-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('2 linhas válidas serão gravadas');
    await page.getByTestId('import-confirm-button').focus();
    await page.keyboard.press('Enter');
    await atStep(page, 'import');
    await page.getByTestId('import-done').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('import-created').textContent()).toBe('2 criados');
    // the bad row is left out again, and comes back in the failed rows' file with its reason
    expect(await page.getByTestId('import-failed-count').textContent()).toBe('1 com erro');
    const failedDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('import-failed-rows').click();
    const failed = await sheetRows((await (await failedDownload).path())!);
    expect(failed[0]).toContain('Motivo');
    expect(failed).toHaveLength(2);
    expect(failed[1]).toContain(codes[1]);
    expect(failed[1]?.some((c) => c.includes('Data inválida'))).toBe(true);

    // the rows in the database: the company's, on the two tags, with their codes and labels
    const rows = await equipmentOn(serials);
    expect(rows).toEqual([
      {
        serial: serials[0],
        company_id: where.companyId,
        product_id: product.id,
        extra_code: codes[0],
        extra_label: 'Recepção',
      },
      {
        serial: serials[1],
        company_id: where.companyId,
        product_id: product.id,
        extra_code: codes[2],
        extra_label: 'Cozinha',
      },
    ]);
    const bad = await demo()
      .selectFrom('equipment')
      .select('id')
      .where('extra_code', '=', codes[1]!)
      .execute();
    expect(bad).toEqual([]);

    // the job centre lists the import
    await page.getByTestId('import-jobs-link').click();
    await expect.poll(() => hashPath(page)).toBe('/jobs');
  });
});

describe('the file step for a group admin, in English', () => {
  it('picks the company (kept in the URL); a wrong kind of file and a renamed binary show the server’s texts', async () => {
    const page = await fresh();
    await login(page, DEMO.groupAdmin);
    await page.getByTestId('footer').getByTestId('lang-en').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.goto('/#/imports');
    await atStep(page, 'choose');
    expect(await page.getByTestId('import-step-title').textContent()).toBe('File');
    // the group's companies, or "given on each row"; the choice goes into the URL
    const company = page.getByTestId('import-company');
    await expect.poll(() => company.locator('option').count()).toBeGreaterThan(1);
    expect(await company.locator('option').first().textContent()).toBe('Given on each row (CNPJ or name)');
    await company.selectOption(String(where.companyId));
    await expect.poll(() => page.url()).toContain(`companyId=${where.companyId}`);

    // not a CSV/XLSX by its name: refused on the client with the server's code text
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('a;b\n1;2\n'),
    });
    const error = page.getByTestId('import-file-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('The file is neither a CSV nor an XLSX spreadsheet');
    expect(await page.getByTestId('import-continue').isDisabled()).toBe(true);

    // a binary renamed .csv: the server looks at the bytes (415) and the screen says why
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'photo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    });
    await expect.poll(() => error.count()).toBe(0);
    await page.getByTestId('import-continue').click();
    await error.waitFor();
    expect(await error.textContent()).toBe('The file is neither a CSV nor an XLSX spreadsheet');
    await atStep(page, 'choose');
  });
});

async function equipmentOn(serials: string[]) {
  return demo()
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .select(['t.serial_number as serial', 'e.company_id', 'e.product_id', 'e.extra_code', 'e.extra_label'])
    .where('t.serial_number', 'in', serials)
    .orderBy('e.extra_code')
    .execute();
}
