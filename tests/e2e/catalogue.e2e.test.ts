import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../src/server/domains/catalogue/png.ts';
import { DEMO, launchBrowser, login, newPage } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pick(page: Page, trigger: string, option: string) {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function search(page: Page, text: string) {
  await page.getByTestId('search').fill(text);
}

describe('catalogue screens', () => {
  it('creates a category, a subcategory with questions and custom answers, and a product with an image and parts, then finds them without accents', async () => {
    const { context, page } = await newPage(browser);
    const tag = Math.random().toString(36).slice(2, 7);
    const category = `Sinalização Óptica ${tag}`;
    const subcategory = `Placas de Saída ${tag}`;
    const product = `Placa Fotoluminescente Saída ${tag}`;
    try {
      await login(page, DEMO.groupAdmin);

      // ── category ──
      await page.goto('/#/categories');
      await page.getByTestId('add-category').click();
      const cd = page.getByTestId('category-dialog');
      await cd.getByTestId('category-name').fill(category);
      await cd.getByTestId('category-enabled').click();
      await cd.getByTestId('inspection-attributes-add').click();
      await cd.getByTestId('inspection-attributes-text').fill('Andar');
      await cd.getByTestId('save').click();
      await cd.getByText('Categoria salva com sucesso!').waitFor();
      await cd.waitFor({ state: 'detached' });
      await search(page, `sinalizacao optica ${tag}`);
      await page.getByRole('row').filter({ hasText: category }).waitFor();

      // ── subcategory ──
      await page.goto('/#/subcategories');
      await page.getByTestId('add-subcategory').click();
      const sd = page.getByTestId('subcategory-dialog');
      await sd.getByTestId('subcategory-name').fill(subcategory);
      await pick(page, 'subcategory-category', category);
      await sd.getByTestId('subcategory-enabled').click();
      await sd.getByTestId('tab-inspection').click();
      await sd.getByTestId('inspection-questions-add').click();
      await sd.getByTestId('inspection-questions-add').click();
      const texts = sd.getByTestId('inspection-questions-text');
      await texts.nth(0).fill('A placa está visível?');
      await texts.nth(1).fill('a placa esta visivel?');
      // Distinct texts per list: the row is marked and save is disabled.
      await sd.getByText('Valor repetido nesta lista.').first().waitFor();
      expect(await sd.getByTestId('save').isDisabled()).toBe(true);
      await texts.nth(1).fill('Estado da placa');
      await sd.getByTestId('inspection-questions-type').nth(1).click();
      await page.getByRole('option', { name: 'Personalizada' }).click();
      const answers = sd.getByTestId('custom-answers');
      await answers.getByTestId('custom-answers-add').click();
      await answers.getByTestId('custom-answers-text').nth(0).fill('Legível');
      await answers.getByTestId('custom-answers-add').click();
      await answers.getByTestId('custom-answers-text').nth(1).fill('Apagada');
      await answers.getByTestId('custom-answers-type').nth(1).click();
      await page.getByRole('option', { name: 'Negativa' }).click();
      for (let i = 0; i < 3; i++) await answers.getByTestId('custom-answers-add').click();
      // At most 5 custom answers: the add button is disabled once 5 exist.
      expect(await answers.getByTestId('custom-answers-add').isDisabled()).toBe(true);
      for (let i = 0; i < 3; i++) await answers.getByTestId('custom-answers-remove').last().click();
      await sd.getByTestId('tab-attributes').click();
      await sd.getByTestId('type-attributes-add').click();
      await sd.getByTestId('type-attributes-text').fill('Data de instalação');
      await sd.getByTestId('save').click();
      await sd.waitFor({ state: 'detached' });
      await search(page, `placas de saida ${tag}`);
      const row = page.getByRole('row').filter({ hasText: subcategory });
      await row.waitFor();
      await row.click();
      const reopened = page.getByTestId('subcategory-dialog');
      await reopened.getByTestId('tab-inspection').click();
      expect(
        await reopened
          .getByTestId('custom-answers-text')
          .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      ).toEqual(['Legível', 'Apagada']);
      // Saved rows can only be disabled, not removed.
      expect(await reopened.getByTestId('inspection-questions-remove').count()).toBe(0);
      await page.keyboard.press('Escape');
      await reopened.waitFor({ state: 'detached' });

      // ── product ──
      await page.goto('/#/products');
      await page.getByTestId('add-product').click();
      const pd = page.getByTestId('product-dialog');
      // Only the provider admin sees the exclusive flag.
      expect(await pd.getByTestId('product-exclusive').count()).toBe(0);
      await pd.getByTestId('product-sku').fill(`PLC-${tag}`);
      await pd.getByTestId('product-name').fill(product);
      await pick(page, 'product-category', category);
      await pick(page, 'product-subcategory', subcategory);
      expect(await pd.getByTestId('product-daysNotificationDueDate').count()).toBe(0);
      await pd.getByTestId('product-isDueDate').click();
      await pd.getByTestId('product-daysNotificationDueDate').fill('15');
      await pd.getByTestId('product-enabled').click();
      await pd.getByTestId('product-image').setInputFiles({
        name: 'placa.png',
        mimeType: 'image/png',
        buffer: encodePng(8, 8, () => [0, 160, 80]),
      });
      await pd.getByTestId('tab-parts').click();
      await pd.getByTestId('parts-add').click();
      await pd.getByTestId('parts-text').fill('Fita fotoluminescente');
      await pd.getByTestId('parts-type').click();
      await page.getByRole('option', { name: 'Metros' }).click();
      await pd.getByTestId('save').click();
      await pd.waitFor({ state: 'detached' });
      await search(page, `fotoluminescente saida ${tag}`);
      const prow = page.getByRole('row').filter({ hasText: product });
      await prow.waitFor();
      // The image arrives through an authenticated fetch as a blob URL.
      const img = prow.getByTestId('product-thumb');
      await img.waitFor();
      expect(await img.getAttribute('src')).toMatch(/^blob:/);
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid="product-thumb"]') as HTMLImageElement | null;
        return !!el && el.complete && el.naturalWidth === 8;
      });
      await prow.click();
      const edit = page.getByTestId('product-dialog');
      await edit.getByTestId('tab-parts').click();
      expect(await edit.getByTestId('parts-text').inputValue()).toBe('Fita fotoluminescente');
    } finally {
      await context.close();
    }
  });

  it('an English user sees a server error in English, with its parameters', async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.addInitScript(() => localStorage.setItem('lang', 'en'));
      await login(page, DEMO.groupAdmin);
      const name = `Duplicate ${Math.random().toString(36).slice(2, 7)}`;
      // The first one through the REST shim with the page's session, the second through the dialog.
      const status = await page.evaluate(async (n) => {
        const res = await fetch('/web/categories/', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${localStorage.getItem('token')}`,
          },
          body: JSON.stringify({ name: n, enabled: true }),
        });
        return res.status;
      }, name);
      expect(status).toBe(201);
      await page.goto('/#/categories');
      await page.getByTestId('add-category').click();
      const cd = page.getByTestId('category-dialog');
      await cd.getByTestId('category-name').fill(name);
      await cd.getByTestId('save').click();
      // CATEGORY_NAME_EXISTS: the server answers in Portuguese; the client shows the English text.
      await cd.getByText(`A category named ${name} already exists`, { exact: true }).waitFor();
      expect(await cd.getByText('Já existe uma categoria', { exact: false }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
