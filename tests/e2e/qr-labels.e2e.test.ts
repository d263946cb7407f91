import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTemplate } from '../../src/shared/qr/templates.ts';
import { closeDb, coreDb } from '../../src/server/db/database.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { locateCodes, rasterisePdf } from '../helpers/qr-decode.ts';
import { baseUrl, DEMO, launchBrowser, login, newPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // The demo company's remembered label choice goes back to none: other tests expect the A4 4 × 6.
  const companies = coreDb()
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', DEMO.companyAdmin)
    .where('company_id', 'is not', null);
  await coreDb().deleteFrom('qr_label_settings').where('company_id', 'in', companies).execute();
  await closeDb();
});

describe('QR labels on screen 8: template, preview, offset, download', () => {
  it('the template choice shows the whole text of every template at 1366 × 768, a long custom name included', async () => {
    // A custom template with the longest name the catalogue takes (80 characters).
    const provider = trpcClient(await loginAs(DEMO.admin));
    const name = `Etiqueta de inspeção com nome bem comprido para a folha A4 ${Date.now()}`.padEnd(80, 'x');
    const created = await provider.qr.templates.create.mutate({
      name,
      kind: 'sheet',
      pageWidth: 210,
      pageHeight: 297,
      columns: 3,
      rows: 8,
      labelWidth: 70,
      labelHeight: 37,
      marginTop: 0.5,
      marginLeft: 0,
      pitchX: 70,
      pitchY: 37,
      cornerRadius: 0,
      qrSize: 32,
      textLines: 3,
      fontSize: 8,
      padding: 1.5,
      dpi: null,
    });
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 768 } });
    try {
      await login(page, DEMO.companyAdmin);
      await page.goto('/#/tags-qr-code');
      await page.getByRole('button', { name: 'Gerar Tags' }).click();
      const dialog = page.getByTestId('qr-dialog');
      const select = dialog.getByTestId('qr-template');
      await select.waitFor();
      const shown = dialog.getByTestId('qr-template-text');
      const options = await select
        .locator('option:not([disabled])')
        .evaluateAll((els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent ?? ''] as const));
      expect(options.map(([, text]) => text)).toContain(`${name} — 70 × 37 mm, 24 por folha`);
      for (const [value, text] of options) {
        await select.selectOption(value);
        await expect.poll(() => shown.textContent()).toBe(text);
        // Nothing cut: the text fits its box, and the box is the select's (it opens the list).
        const fit = await shown.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const sel = document.getElementById('qr-template')!.getBoundingClientRect();
          return {
            overflow: el.scrollWidth - el.clientWidth,
            height: el.scrollHeight - el.clientHeight,
            covered: sel.width >= box.width - 1 && sel.height >= box.height - 1,
          };
        });
        expect(fit, text).toEqual({ overflow: 0, height: 0, covered: true });
      }
      // The long name wraps onto more lines inside the dialog rather than widening or cutting it.
      await select.selectOption(options[0]![0]);
      const oneLine = (await shown.boundingBox())!.height;
      await select.selectOption(String(created.id));
      await expect.poll(async () => (await shown.boundingBox())!.height).toBeGreaterThan(oneLine * 1.5);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    } finally {
      await context.close();
      await provider.qr.templates.delete.mutate({ id: created.id });
    }
  });

  it('chooses a label sheet with a live preview, starts after the used labels, downloads it, and the choice is remembered; the thermal roll downloads ZPL', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.companyAdmin);
      await page.goto('/#/tags-qr-code');
      await page.getByRole('button', { name: 'Gerar Tags' }).click();
      const dialog = page.getByTestId('qr-dialog');
      const select = dialog.getByTestId('qr-template');
      await select.waitFor();
      await select.selectOption('avery-l7160');
      expect(await select.locator('option:checked').textContent()).toBe(
        'Avery L7160 — 63,5 × 38,1 mm, 21 por folha',
      );

      // The preview is the A4 page in millimetres with its 21 labels of 63.5 × 38.1 mm.
      const preview = dialog.getByTestId('qr-preview');
      expect(await preview.getAttribute('viewBox')).toBe('0 0 210 297');
      const labels = preview.locator('[data-testid^="preview-label-"]');
      expect(await labels.count()).toBe(21);
      const firstRect = labels.first().locator('rect').first();
      expect([await firstRect.getAttribute('width'), await firstRect.getAttribute('height')]).toEqual([
        '63.5',
        '38.1',
      ]);
      const box = (await preview.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(210 / 297, 1);

      // Clicking the fifth label starts there: four are marked used.
      await preview.getByTestId('preview-label-4').click();
      expect(await dialog.getByTestId('qr-offset').inputValue()).toBe('4');
      expect(await preview.locator('[data-used="true"]').count()).toBe(4);
      expect(await preview.getByTestId('preview-label-4').getAttribute('data-used')).toBe('false');

      await dialog.getByTestId('qr-cut-marks').click();
      await preview.locator('[data-role="cut-marks"]').waitFor();
      await dialog.getByTestId('qr-company-name').click();
      await dialog.getByTestId('qr-note').fill('Inspecione aqui');
      await preview.locator('text[data-role="note"]').first().waitFor();
      expect(await preview.locator('text[data-role="note"]').count()).toBe(17);

      await dialog.getByLabel('Quantidade').fill('5');
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Gerar', exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^tags-qrcode-\d+-\d{8}-5\.pdf$/);
      const pdf = new Uint8Array(await readFile((await file.path())!));
      const [sheet] = rasterisePdf(pdf, 1, 1, 150);
      const codes = locateCodes(sheet!, builtinTemplate('avery-l7160')!, 150);
      expect(codes.map((c) => c.slot)).toEqual([4, 5, 6, 7, 8]);
      for (const c of codes) expect(c.text).toMatch(new RegExp(`^${baseUrl().replace(/[.]/g, '\\.')}/#/t/`));

      // The dialog closes once the download starts; reopened, it starts from the company's choice
      // (the offset starts over).
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Gerar Tags' }).click();
      await expect.poll(() => dialog.getByTestId('qr-template').inputValue()).toBe('avery-l7160');
      expect(await dialog.getByTestId('qr-cut-marks').getAttribute('data-state')).toBe('checked');
      expect(await dialog.getByTestId('qr-note').inputValue()).toBe('Inspecione aqui');
      expect(await dialog.getByTestId('qr-offset').inputValue()).toBe('0');

      // The thermal roll: one label per page, and the ZPL file.
      await dialog.getByTestId('qr-template').selectOption('thermal-50x30');
      expect(await dialog.getByTestId('qr-preview').getAttribute('viewBox')).toBe('0 0 50 30');
      expect(await dialog.getByTestId('qr-offset').count()).toBe(0);
      await dialog.getByTestId('qr-output-zpl').click();
      await dialog.getByLabel('Quantidade').fill('2');
      const zplDownload = page.waitForEvent('download', { timeout: 60_000 });
      await dialog.getByRole('button', { name: 'Gerar', exact: true }).click();
      const zplFile = await zplDownload;
      expect(zplFile.suggestedFilename()).toMatch(/^tags-qrcode-\d+-\d{8}-2\.zpl$/);
      const zpl = await readFile((await zplFile.path())!, 'utf8');
      const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g)!;
      expect(blocks).toHaveLength(2);
      for (const b of blocks) expect(b).toMatch(/\^BQN,2,\d+\^FH\^FDQA,.*\/#\/t\/[2-9A-HJKMNP-Z]{10}\^FS/);
    } finally {
      await context.close();
    }
  });
});
