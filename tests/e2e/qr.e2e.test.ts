import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLabelPdf } from '../helpers/qr-decode.ts';
import { baseUrl, DEMO, launchBrowser, login, newPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('QR code screen (/tags-qr-code) and the job center', () => {
  it('generates tags: dialog, waiting message, the PDF downloads by itself, the count and the job center follow', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.companyAdmin);
      await page.goto('/#/tags-qr-code');
      await page.getByText('Quantidade de Tags QR Code geradas esse mês').waitFor();
      const countEl = page.getByTestId('qr-monthly-count');
      await countEl.waitFor();
      const before = Number(await countEl.textContent());

      await page.getByRole('button', { name: 'Gerar Tags' }).click();
      const dialog = page.getByTestId('qr-dialog');
      await dialog.waitFor();
      const qty = dialog.getByLabel('Quantidade');
      expect(await qty.inputValue()).toBe('1');
      await qty.fill('');
      await dialog.getByRole('button', { name: 'Gerar', exact: true }).click();
      await dialog.getByText('Informe a quantidade.').waitFor();
      await qty.fill('30');

      // The waiting message shows from the answer until the job is done, which for 30 labels can
      // be a moment: the page records that it showed (a poll for it could fall between two looks).
      const waiting = 'O download iniciará em breve. O tempo de espera depende da quantidade de tags.';
      await page.evaluate((text) => {
        const w = window as unknown as { sawWaiting?: boolean };
        w.sawWaiting = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="qr-dialog"]')?.textContent?.includes(text))
            w.sawWaiting = true;
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      }, waiting);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Gerar', exact: true }).click();
      const file = await download;
      expect(await page.evaluate(() => (window as unknown as { sawWaiting?: boolean }).sawWaiting)).toBe(
        true,
      );
      expect(file.suggestedFilename()).toMatch(/^tags-qrcode-\d+-\d{8}-30\.pdf$/);
      const urls = decodeLabelPdf(new Uint8Array(await readFile((await file.path())!)));
      expect(urls).toHaveLength(30);
      for (const u of urls)
        expect(u).toMatch(new RegExp(`^${baseUrl().replace(/[.]/g, '\\.')}/#/t/[2-9A-HJKMNP-Z]{10}$`));

      await page.waitForFunction(
        (n) => Number(document.querySelector('[data-testid="qr-monthly-count"]')?.textContent) === n,
        before + 30,
      );

      await page.goto('/#/jobs');
      const row = page.getByRole('row').filter({ hasText: 'Tags QR Code (PDF)' }).first();
      await row.waitFor();
      await row.getByText('Concluído').waitFor();
      await row.getByRole('link', { name: 'Baixar' }).waitFor();
      expect(await row.getByText('Carla Empresa').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows the server’s error for a quantity above the limit and stays in the dialog', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.groupAdmin);
      await page.goto('/#/tags-qr-code');
      await page.getByRole('button', { name: 'Exportar Tags' }).click();
      const dialog = page.getByTestId('qr-dialog');
      await dialog.getByLabel('Quantidade').fill('999999');
      await dialog.getByRole('button', { name: 'Exportar', exact: true }).click();
      await dialog.getByText(/A quantidade deve ser um número inteiro entre 1 e \d+/).waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
