/**
 * Issue 16 — defects found when the product was tried as a new user would, in Chromium (desktop
 * and a 390 px phone), items 2, 4, 5, 7, 8, 9, 10 and 13: a product is never half created by a bad
 * image; toasts never cover the login they report on; length limits say their own message; dialogs
 * and list actions fit a phone; filter labels are not cut; the QR quantity says its rule; dates are
 * typed and shown in the language's order; every list edits by row click and by a visible pencil.
 */
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pt } from '../../src/client/i18n/pt.ts';
import { menuFor, userMenuFor } from '../../src/client/routes/navigation.ts';
import { tenantDb } from '../../src/server/db/database.ts';
import { encodePng } from '../../src/server/domains/catalogue/png.ts';
import { DEMO_GROUP_SCHEMA } from '../../src/server/seed/demo-users.ts';
import { DEMO, login, setUpBrowser, submitLogin, typeDay } from './browser.ts';

const { fresh } = setUpBrowser();
const PHONE = { width: 390, height: 844 };
const tag = () => Math.random().toString(36).slice(2, 7);

async function phone(): Promise<Page> {
  const p = await fresh();
  await p.setViewportSize(PHONE);
  return p;
}

/**
 * Typefaces differ between machines, and the defects of items 7 and 8 were seen with a wider one
 * than this machine's: letters spaced 0.2em stand in for it. A layout that sizes to its content
 * holds under it; one of fixed widths cuts or overflows.
 */
async function wideTypeface(p: Page): Promise<void> {
  await p.context().addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = 'html { letter-spacing: 0.2em; }';
      document.head.append(style);
    });
  });
}

/** A product's retest date as the database holds it (YYYY-MM-DD). */
async function retestDateOf(sku: string): Promise<string | null> {
  const row = await tenantDb(DEMO_GROUP_SCHEMA)
    .selectFrom('products')
    .select(sql<string | null>`to_char(retest_date, 'YYYY-MM-DD')`.as('day'))
    .where('sku', '=', sku)
    .executeTakeFirst();
  return row?.day ?? null;
}

async function english(p: Page, lang: 'en' | 'es' = 'en'): Promise<void> {
  await p.context().addInitScript((l) => localStorage.setItem('lang', l), lang);
}

/** Picks the first option of a select that can be picked (or the `nth`); answers its text. */
async function pickFirst(p: Page, trigger: string, nth = 0): Promise<string> {
  await p.getByTestId(trigger).click();
  const option = p.locator('[role="option"]:not([data-disabled])').nth(nth);
  const text = (await option.textContent()) ?? '';
  await option.click();
  return text;
}

/** A REST call with the page's session; answers status and JSON. */
async function api(p: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  return p.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
    },
    { path, init },
  );
}

async function productsWithSku(p: Page, sku: string): Promise<{ sku: string; hasImage: boolean }[]> {
  const res = await api(p, `/web/products/?query=${encodeURIComponent(sku)}&size=100`);
  const items = (res.json as { data: { items: { sku: string; image: string | null }[] } }).data.items;
  return items.filter((i) => i.sku === sku).map((i) => ({ sku: i.sku, hasImage: i.image !== null }));
}

/** Fills the required fields of a new product. */
async function fillNewProduct(p: Page, sku: string, name: string): Promise<Locator> {
  await p.goto('/#/products');
  await p.getByTestId('add-product').click();
  const pd = p.getByTestId('product-dialog');
  await pd.getByTestId('product-sku').fill(sku);
  await pd.getByTestId('product-name').fill(name);
  await pickFirst(p, 'product-category');
  await expect.poll(() => pd.getByTestId('product-subcategory').isEnabled()).toBe(true);
  await pickFirst(p, 'product-subcategory');
  return pd;
}

// ── item 2 ───────────────────────────────────────────────────────────────────
describe('item 2: a bad image never leaves a half-created product', () => {
  it('a ".png" that is not an image is refused before anything is saved; a real one is previewed and saved', async () => {
    const p = await fresh();
    await login(p, DEMO.groupAdmin);
    const sku = `IMG-${tag()}`;
    const pd = await fillNewProduct(p, sku, `Produto imagem ${sku}`);
    await pd.getByTestId('product-image').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is a text file, not a picture'),
    });
    const err = pd.getByTestId('product-image-error');
    await err.waitFor();
    expect(await err.textContent()).toContain('PNG, JPEG ou WebP');
    // Nothing can be saved with it, and nothing was created.
    expect(await pd.getByTestId('save').isDisabled()).toBe(true);
    expect(await productsWithSku(p, sku)).toEqual([]);

    // A real PNG: previewed in the dialog before saving, then saved with the product.
    await pd.getByTestId('product-image').setInputFiles({
      name: 'foto.png',
      mimeType: 'image/png',
      buffer: encodePng(6, 4, () => [200, 30, 30]),
    });
    await expect.poll(() => err.count()).toBe(0);
    const preview = pd.getByTestId('product-image-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await p.waitForFunction(() => {
      const el = document.querySelector('[data-testid="product-image-preview"]') as HTMLImageElement | null;
      return !!el && el.complete && el.naturalWidth === 6 && el.naturalHeight === 4;
    });
    await pd.getByTestId('save').click();
    await pd.waitFor({ state: 'detached' });
    expect(await productsWithSku(p, sku)).toEqual([{ sku, hasImage: true }]);
  });

  it('when the upload itself fails, the product is kept and "Tentar novamente" sends only the image', async () => {
    const p = await fresh();
    await login(p, DEMO.groupAdmin);
    const sku = `UPL-${tag()}`;
    const pd = await fillNewProduct(p, sku, `Produto upload ${sku}`);
    await pd.getByTestId('product-image').setInputFiles({
      name: 'foto.webp.png',
      mimeType: 'image/png',
      buffer: encodePng(3, 3, () => [10, 20, 30]),
    });
    await pd.getByTestId('product-image-preview').waitFor();
    // The network drops the first upload (the server never sees it).
    let dropped = 0;
    const methods: string[] = [];
    await p.route('**/web/products/*/image/', async (route) => {
      if (dropped++ === 0) return route.abort('failed');
      return route.continue();
    });
    p.on('request', (r) => {
      if (r.url().includes('/trpc/catalogue.products.save')) methods.push('save');
      if (/\/web\/products\/\d+\/image\/$/.test(r.url())) methods.push(r.method());
    });
    await pd.getByTestId('save').click();
    const retry = p.getByRole('button', { name: 'Tentar novamente' });
    await retry.waitFor();
    // Saved without its image: said so, and the product exists once.
    expect(await p.getByRole('dialog').textContent()).toContain('imagem');
    expect(await productsWithSku(p, sku)).toEqual([{ sku, hasImage: false }]);
    // Back to the form, now editing the saved product: saving again sends only the image.
    await retry.click();
    expect(await p.getByRole('dialog').getByRole('heading').textContent()).toContain('Editar produto');
    await pd.getByTestId('save').click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await productsWithSku(p, sku)).toEqual([{ sku, hasImage: true }]);
    // One save, then the upload twice (dropped, then sent): no second creation, no "SKU exists".
    expect(methods).toEqual(['save', 'PUT', 'PUT']);
  });
});

// ── item 4 ───────────────────────────────────────────────────────────────────
describe('item 4: the login error toast leaves the form usable', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', PHONE],
  ] as const) {
    it(`after a failed login (${label}) the password field and "Entrar" are not covered and work`, async () => {
      const p = await fresh();
      await p.setViewportSize(viewport);
      await submitLogin(p, DEMO.companyAdmin, 'Wrong@123');
      const toast = p.locator('[data-sonner-toast]', { hasText: 'e-mail e/ou senha inválidos' });
      await toast.waitFor();
      // The mouse resting on the toast keeps it; it must still cover nothing of the form.
      await toast.hover();
      const password = p.locator('#login-password');
      const submit = p.getByTestId('login-form').locator('button[type="submit"]');
      for (const el of [password, submit]) {
        const free = await el.evaluate((node) => {
          const r = node.getBoundingClientRect();
          const points = [
            [r.left + 4, r.top + 4],
            [r.right - 4, r.top + 4],
            [r.left + r.width / 2, r.top + r.height / 2],
            [r.left + 4, r.bottom - 4],
            [r.right - 4, r.bottom - 4],
          ];
          return points.every(([x, y]) => {
            const hit = document.elementFromPoint(x!, y!);
            return !!hit && (hit === node || node.contains(hit));
          });
        });
        expect(free).toBe(true);
      }
      // And they work: the right password signs in.
      await password.fill('Demo@123');
      await submit.click();
      await p.getByTestId('top-bar').waitFor();
    });
  }
});

// ── item 5 ───────────────────────────────────────────────────────────────────
describe('item 5: each length limit says its own message with its number', () => {
  it('SKU over 60 and name over 200 (product), name over 120 (category), in pt, en and es', async () => {
    const texts = {
      pt: (n: number) => `Use no máximo ${n} caracteres.`,
      en: (n: number) => `Use at most ${n} characters.`,
      es: (n: number) => `Use como máximo ${n} caracteres.`,
    };
    for (const lang of ['pt', 'en', 'es'] as const) {
      const p = await fresh();
      if (lang !== 'pt') await english(p, lang);
      await login(p, DEMO.groupAdmin);
      const pd = await fillNewProduct(p, 'S'.repeat(61), 'N'.repeat(201));
      await pd.getByTestId('save').click();
      await expect.poll(() => pd.getByTestId('p-sku-error').textContent()).toBe(texts[lang](60));
      expect(await pd.getByTestId('p-name-error').textContent()).toBe(texts[lang](200));
      await p.keyboard.press('Escape');

      await p.goto('/#/categories');
      await p.getByTestId('add-category').click();
      const cd = p.getByTestId('category-dialog');
      await cd.getByTestId('category-name').fill('C'.repeat(121));
      await cd.getByTestId('save').click();
      await expect.poll(() => cd.getByTestId('category-name-error').textContent()).toBe(texts[lang](120));
      expect(await cd.getByTestId('form-error').count()).toBe(0);
    }
  });

  it('the server answers the same limit with its code and number', async () => {
    const p = await fresh();
    await login(p, DEMO.groupAdmin);
    const res = await api(p, '/web/categories/', {
      method: 'POST',
      body: { name: 'C'.repeat(121), enabled: true },
    });
    expect(res.status).toBe(400);
    const error = (res.json as { error: { code: string; issues: unknown[] } }).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([
      { path: 'name', message: 'Use no máximo 120 caracteres.', code: 'TOO_LONG', params: { max: 120 } },
    ]);
  });
});

// ── item 7 ───────────────────────────────────────────────────────────────────
/** The dialog's box: nothing inside sticks out sideways. */
async function expectFits(dialog: Locator): Promise<void> {
  const m = await dialog.evaluate((d) => {
    const box = d.getBoundingClientRect();
    const out = [...d.querySelectorAll('input, button, [role="tab"], [role="combobox"], textarea, label')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      })
      .map((el) => el.outerHTML.slice(0, 80));
    return {
      scrollWidth: d.scrollWidth,
      clientWidth: d.clientWidth,
      left: box.left,
      right: box.right,
      out,
    };
  });
  expect(m.out).toEqual([]);
  expect(m.scrollWidth).toBeLessThanOrEqual(m.clientWidth);
  expect(m.left).toBeGreaterThanOrEqual(0);
  expect(m.right).toBeLessThanOrEqual(PHONE.width);
}

/** The first row's edit button is in view and on top. */
async function expectEditInView(p: Page): Promise<void> {
  const row = p.locator('[data-testid="data-table"] tbody tr:not([data-testid="skeleton-row"])').first();
  await row.waitFor();
  const edit = row.getByRole('button', { name: /^Editar / });
  await edit.waitFor();
  const box = await edit.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  const onTop = await edit.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === node || node.contains(hit));
  });
  expect(onTop).toBe(true);
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('item 7: phone layout', () => {
  it('at 390 px the catalogue dialogs fit and each row shows its edit button (wide typeface)', async () => {
    const p = await phone();
    await wideTypeface(p);
    await login(p, DEMO.admin);
    for (const [path, add, dialog] of [
      ['/categories', 'add-category', 'category-dialog'],
      ['/subcategories', 'add-subcategory', 'subcategory-dialog'],
      ['/products', 'add-product', 'product-dialog'],
    ] as const) {
      await p.goto(`/#${path}`);
      await expectEditInView(p);
      await p.getByTestId(add).click();
      const d = p.getByTestId(dialog);
      await d.waitFor();
      await expectFits(d);
      if (dialog === 'product-dialog') {
        await d.getByTestId('product-isDueDate').click();
        await expectFits(d);
        await d.getByTestId('tab-parts').click();
        await d.getByTestId('parts-add').click();
        await expectFits(d);
      }
      await p.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    }
  });

  it('at 390 px companies, employees and users show each row’s edit button, and their dialogs fit (wide typeface)', async () => {
    const p = await phone();
    await wideTypeface(p);
    await login(p, DEMO.admin);
    for (const [path, dialog] of [
      ['/companies', 'company-dialog'],
      ['/company-users', 'employee-dialog'],
      ['/users?status=all', 'user-dialog'],
    ] as const) {
      await p.goto(`/#${path}`);
      await expectEditInView(p);
      const row = p.locator('[data-testid="data-table"] tbody tr').first();
      await row.getByRole('button', { name: /^Editar / }).click();
      const d = p.getByTestId(dialog);
      await d.waitFor();
      await expectFits(d);
      await p.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    }
  });
});

// ── item 8 ───────────────────────────────────────────────────────────────────
/** Every text of the select (a prefix such as "Status:" and the chosen value) shows whole. */
async function expectNotCut(trigger: Locator): Promise<void> {
  const m = await trigger.evaluate((t) => ({
    spans: [...t.querySelectorAll(':scope > span')].map((s) => ({
      text: s.textContent,
      sw: s.scrollWidth,
      cw: s.clientWidth,
      sh: s.scrollHeight,
      ch: s.clientHeight,
    })),
    tsw: t.scrollWidth,
    tcw: t.clientWidth,
  }));
  expect(m.spans.length).toBeGreaterThan(0);
  for (const s of m.spans) {
    expect(s.sw, `"${s.text}" cut`).toBeLessThanOrEqual(s.cw);
    expect(s.sh, `"${s.text}" wrapped`).toBeLessThanOrEqual(s.ch);
  }
  expect(m.tsw, 'overflows its select').toBeLessThanOrEqual(m.tcw);
}

describe('item 8: filter selects fit their labels', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', PHONE],
  ] as const) {
    // The wide pass (Spanish, a wide typeface): a select of fixed width cut "Habilitado: Todos";
    // one as wide as its label never cuts it.
    for (const [lang, wide] of [
      ['pt', false],
      ['es', true],
    ] as const) {
      it(`list filters are not cut (${label}, ${lang}${wide ? ', wide typeface' : ''})`, async () => {
        const p = await fresh();
        await p.setViewportSize(viewport);
        if (lang !== 'pt') await english(p, lang);
        if (wide) await wideTypeface(p);
        await login(p, DEMO.admin);
        await p.goto('/#/categories');
        await expectNotCut(p.getByTestId('enabled-filter'));
        await p.goto('/#/products');
        await expectNotCut(p.getByTestId('filter-category'));
        await expectNotCut(p.getByTestId('filter-subcategory'));
        await pickFirst(p, 'filter-category', 1); // the first category (after "all categories")
        await expect.poll(() => p.getByTestId('filter-subcategory').isEnabled()).toBe(true);
        expect(await p.getByTestId('filter-subcategory').textContent()).toBe(
          lang === 'pt' ? 'Todas as subcategorias' : 'Todas las subcategorías',
        );
        await expectNotCut(p.getByTestId('filter-subcategory'));
        await p.goto('/#/companies');
        await expectNotCut(p.getByTestId('enabled-filter'));
        await p.goto('/#/company-users');
        await expectNotCut(p.getByTestId('status-filter'));
        await p.goto('/#/tags');
        await expectNotCut(p.getByTestId('exclusive-filter'));
        await expectNotCut(p.getByTestId('active-filter'));
        await p.goto('/#/tags-replace');
        await expectNotCut(p.getByTestId('status-filter'));
        await p.goto('/#/inspections');
        await expectNotCut(p.getByTestId('filter-status'));
      });
    }
  }
});

// ── item 9 ───────────────────────────────────────────────────────────────────
describe('item 9: the QR quantity says its rule', () => {
  it('1.5 and 0 answer the integer range message, not "Dados inválidos"', async () => {
    const p = await fresh();
    await login(p, DEMO.companyAdmin);
    await p.goto('/#/tags-qr-code');
    await p.getByRole('button', { name: 'Gerar Tags' }).click();
    const d = p.getByTestId('qr-dialog');
    for (const value of ['1.5', '0']) {
      await d.locator('#qr-quantity').fill(value);
      await d.getByRole('button', { name: 'Gerar', exact: true }).click();
      await expect
        .poll(() => d.locator('#qr-quantity-error').textContent())
        .toMatch(/^A quantidade deve ser um número inteiro entre 1 e \d+$/);
    }
    expect(await d.textContent()).not.toContain('Dados inválidos');
  });
});

// ── item 10 (issue 16), item 16 (issue 26) ──────────────────────────────────
describe('dates are DD/MM/YYYY in every language', () => {
  it('product dates are typed and shown DD/MM/YYYY in pt, es and en (browser in en-US); no native date input is shown', async () => {
    const sku = `DAT-${tag()}`;
    const p = await fresh();
    await login(p, DEMO.groupAdmin);
    const pd = await fillNewProduct(p, sku, `Produto datas ${sku}`);
    // No browser-formatted date input in sight (its format follows the OS, not the UI).
    expect(
      await pd
        .locator('input[type="date"]')
        .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 2).length),
    ).toBe(0);
    const retest = pd.getByTestId('product-retestDate');
    expect(await retest.getAttribute('placeholder')).toBe('DD/MM/AAAA');
    await retest.fill('25122030');
    expect(await retest.inputValue()).toBe('25/12/2030');
    await pd.getByTestId('save').click();
    await pd.waitFor({ state: 'detached' });
    expect(await retestDateOf(sku)).toBe('2030-12-25');

    for (const [lang, placeholder] of [
      ['es', 'DD/MM/AAAA'],
      ['en', 'DD/MM/YYYY'],
    ] as const) {
      // The browser's own locale is American: nothing of the app may follow it.
      const q = await fresh({ locale: 'en-US' });
      if (lang === 'es') await english(q, lang);
      await login(q, DEMO.groupAdmin);
      await q.goto(`/#/products?query=${sku}`);
      if (lang === 'en') {
        // Switched by the user, on the page, through the footer's language switch.
        await q.getByTestId('language-select').getByTestId('lang-en').click();
        await q.getByRole('heading', { name: 'Products', exact: true }).waitFor();
      }
      const row = q.getByRole('row').filter({ hasText: sku });
      await row.click();
      const d = q.getByTestId('product-dialog');
      const field = d.getByTestId('product-retestDate');
      await expect.poll(() => field.inputValue()).toBe('25/12/2030');
      expect(await field.getAttribute('placeholder')).toBe(placeholder);
      if (lang === 'en') {
        expect(await q.evaluate(() => navigator.language)).toBe('en-US');
        expect(await q.evaluate(() => document.documentElement.lang)).toBe('en');
        // 01/02/2031 is the 1st of February, not January 2nd.
        await typeDay(field, '2031-02-01');
        expect(await field.inputValue()).toBe('01/02/2031');
        await d.getByTestId('save').click();
        await d.waitFor({ state: 'detached' });
        expect(await retestDateOf(sku)).toBe('2031-02-01');
        // A day that does not exist is marked on the field, in English.
        await row.click();
        await typeDay(field, '2031-02-30');
        await d.getByText('Invalid date.').waitFor();
      }
    }
  }, 180_000);

  it('date cells are DD/MM/YYYY in pt, es and en (browser in en-US)', async () => {
    for (const lang of ['pt', 'es', 'en'] as const) {
      const p = await fresh({ locale: 'en-US' });
      if (lang !== 'pt') await english(p, lang);
      await login(p, DEMO.groupAdmin);
      const name = `Datas ${lang} ${tag()}`;
      expect(
        (await api(p, '/web/categories/', { method: 'POST', body: { name, enabled: true } })).status,
      ).toBe(201);
      const listed = (await api(p, `/web/categories/?query=${encodeURIComponent(name)}`)).json as {
        data: { items: { name: string; updateDate: string }[] };
      };
      const updated = listed.data.items.find((i) => i.name === name)!.updateDate;
      // The day it was written, where the product is used.
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
        .format(new Date(updated))
        .split('-');
      await p.goto(`/#/categories?query=${encodeURIComponent(name)}`);
      const row = p.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const cells = (await row.locator('td').allTextContents()).map((c) => c.trim());
      expect(cells, `${lang}: ${cells.join(' | ')}`).toContain(`${d}/${m}/${y}`);
    }
  }, 180_000);
});

// ── item 13 ──────────────────────────────────────────────────────────────────
describe('item 13: one way to edit, real titles', () => {
  it('companies, employees, users and the catalogue open their dialog by row click and by a labelled pencil', async () => {
    const p = await fresh();
    await login(p, DEMO.admin);
    for (const [path, dialog] of [
      ['/categories', 'category-dialog'],
      ['/subcategories', 'subcategory-dialog'],
      ['/products', 'product-dialog'],
      ['/companies', 'company-dialog'],
      ['/company-users', 'employee-dialog'],
      ['/users?status=all', 'user-dialog'],
    ] as const) {
      await p.goto(`/#${path}`);
      const row = p.locator('[data-testid="data-table"] tbody tr:not([data-testid="skeleton-row"])').first();
      await row.waitFor();
      const d = p.getByTestId(dialog);
      // by the pencil…
      const pencil = row.getByRole('button', { name: /^Editar .+/ });
      expect(await pencil.isVisible()).toBe(true);
      await pencil.click();
      await d.waitFor();
      await p.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
      // …and by the row (a cell with no control of its own)
      await row.locator('td').nth(1).click();
      await d.waitFor();
      await p.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
    }
  });

  it('no page is titled with a bare menu verb: every menu entry of the provider admin has a real title', async () => {
    // The dropdown entries that read as verbs within their group ("OS › Cadastrar nova").
    const bare = [pt.menu.osNew, pt.menu.osList, pt.menu.tagsList, pt.menu.tagsReplace];
    const paths = [
      ...menuFor('MOBCHECK_ADMIN').flatMap((g) => (g.to ? [g.to] : g.items.map((i) => i.to))),
      ...userMenuFor('MOBCHECK_ADMIN').map((i) => i.to),
      '/buy-tag',
    ].filter((to) => to !== '/logout' && to !== '/');
    expect(paths.length).toBeGreaterThan(10);
    const p = await fresh();
    await login(p, DEMO.admin);
    for (const path of paths) {
      await p.goto(`/#${path}`);
      const h1 = p.locator('main h1').first();
      await h1.waitFor();
      const title = (await h1.textContent())?.trim() ?? '';
      expect(title.length, path).toBeGreaterThan(0);
      expect(bare, `${path} is titled "${title}"`).not.toContain(title);
    }
  });
});
