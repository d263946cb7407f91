import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, login, newPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('UX review', () => {
  it('a dialog opened with the keyboard keeps focus inside, closes with Escape and gives focus back', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.admin);
      await page.goto('/#/categories');
      const opener = page.getByTestId('add-category');
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'add-category',
      );
    } finally {
      await context.close();
    }
  });

  it('the catalogue speaks Spanish after the language switch, dialog close button included', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.admin);
      await page.goto('/#/products');
      await page.getByTestId('lang-es').click();
      await expect.poll(() => page.getByTestId('add-product').textContent()).toBe('Nuevo producto');
      expect(await page.locator('main').textContent()).toContain('Productos del catálogo');
      await page.getByTestId('add-product').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).waitFor();
      expect(await page.getByRole('dialog').textContent()).toContain('Periodicidad de inspección');
    } finally {
      await context.close();
    }
  });

  it('on a phone the page never scrolls sideways and an empty list stays in view', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await login(page, DEMO.admin);
      await page.goto('/#/categories');
      await page.getByTestId('search').fill(`nada-${Date.now()}`);
      const empty = page.getByTestId('empty-list');
      await empty.waitFor();
      const box = await empty.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
