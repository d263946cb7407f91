/**
 * The phone of the offline e2e tests (offline, field-photos, offline-day): one Chromium per file,
 * the demo company with room for tags and a fresh extinguisher catalogue, phones (contexts at
 * phone size, `touch` emulating a phone's browser) closed by `closeAll()` and after the file, the
 * service worker taking control, "Preparar" on /offline, and "Enviar agora" until the queue is
 * empty. Call `setUpPhones()` once at the top level of the file; `ready()` gives the fixture inside
 * tests and hooks registered after it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import { loginAs } from '../helpers/api.ts';
import { type Catalogue, demoCompany, extinguisherCatalogue } from '../integration/equipment/helpers.ts';
import { DEMO, launchBrowser, newPage, PHONE } from './browser.ts';

export interface PhoneFixture {
  demo: Awaited<ReturnType<typeof demoCompany>>;
  c: Catalogue;
}

export function setUpPhones() {
  let browser: Browser;
  let fixture: PhoneFixture | null = null;
  const contexts: BrowserContext[] = [];
  const closeAll = async () => {
    for (const ctx of contexts.splice(0)) await ctx.close();
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    const demo = await demoCompany();
    await coreDb()
      .updateTable('companies')
      .set({ tags_limit: 100_000 })
      .where('id', '=', demo.companyId)
      .execute();
    const c = await extinguisherCatalogue(await loginAs(DEMO.groupAdmin), await loginAs(DEMO.admin));
    fixture = { demo, c };
  });
  afterAll(async () => {
    await closeAll();
    await browser?.close();
  });
  return {
    ready(): PhoneFixture {
      if (!fixture) throw new Error('setUpPhones: the fixture is not ready (use it in tests or later hooks)');
      return fixture;
    },
    /** A new phone-sized context and page (closed by `closeAll()` or after the file). */
    async phone(touch = false): Promise<{ page: Page; context: BrowserContext }> {
      const { context, page } = await newPage(browser, { viewport: PHONE, mobile: touch });
      contexts.push(context);
      return { page, context };
    },
    closeAll,
  };
}

/** Waits until the service worker is active and controls the page (after a reload if needed); its URL. */
export async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Prepares the phone: /offline → "Preparar para trabalhar sem sinal" → the set's summary. */
export async function prepare(page: Page): Promise<void> {
  await page.goto('/#/offline');
  await page.getByTestId('working-set-none').waitFor();
  await page.getByTestId('working-set-download').click();
  await page
    .locator('[data-testid="working-set-summary"], [data-testid="working-set-error"]')
    .first()
    .waitFor({ timeout: 30_000 });
  expect(
    await page.getByTestId('working-set-error').count(),
    (await page.getByTestId('working-set').textContent()) ?? '',
  ).toBe(0);
}

/**
 * Online again: "Enviar agora" once it is enabled (the 30-second retry may get there first: then
 * the banner is already gone), and the banner gone — nothing waits any more.
 */
export async function sendQueued(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForFunction(() => {
    const b = document.querySelector<HTMLButtonElement>('[data-testid="offline-banner-send"]');
    return b === null || !b.disabled;
  });
  const send = page.getByTestId('offline-banner-send');
  if (await send.isVisible()) await send.click({ timeout: 2000 }).catch(() => undefined);
  await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout });
}
