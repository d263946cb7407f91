/**
 * Browser helpers for the e2e tests: playwright-core driving Debian's Chromium against the server
 * started by tests/e2e/global-setup.ts (this worker's URL comes from inject('baseUrls')).
 */
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, DEMO_PASSWORD } from './chromium.ts';
import { ofThisWorker } from '../helpers/workers.ts';

export { CHROMIUM_ARGS, DEMO, DEMO_PASSWORD, login, PHONE, submitLogin, waitForHash } from './chromium.ts';

/** This worker's product (one per worker: global-setup.ts; VITEST_POOL_ID counts the workers from 1). */
export function baseUrl(): string {
  return ofThisWorker(inject('baseUrls'));
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Content-Security-Policy violations seen by any page of any context since the last test ended:
 * the `securitypolicyviolation` events of every document and the browser's "Refused to …" console
 * messages. Every test fails on any (the afterEach below); a test that provokes one on purpose
 * takes them with `takeCspViolations()`.
 */
const cspViolations: string[] = [];
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}
afterEach(() => {
  const found = takeCspViolations();
  if (found.length) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
});

async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on('console', (m) => {
    if (/Refused to|Content[- ]Security[- ]Policy/i.test(m.text()))
      cspViolations.push(`console: ${m.text()}`);
  });
}

/**
 * A fresh context (own localStorage) and page; paths like '/#/os' are resolved against baseUrl.
 * `mobile` emulates a phone's browser (meta viewport honoured, touch events).
 */
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; mobile?: boolean; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.viewport ?? { width: 1366, height: 900 },
    locale: opts.locale ?? 'pt-BR',
    ...(opts.mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
  });
  context.setDefaultTimeout(15_000);
  await watchCsp(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * One browser for the calling test file: launched before its tests and closed after them; every
 * page `fresh()` opens gets its own context (own localStorage), closed after the test that made it.
 * Call once at the top level of the file.
 */
export function setUpBrowser(): { fresh: (opts?: { locale?: string }) => Promise<Page> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close();
  });
  return {
    fresh: async (opts = {}) => {
      const { context, page } = await newPage(browser, opts);
      contexts.push(context);
      return page;
    },
  };
}

/** Signs in through the REST door (the raw-body sign-in) and returns the session token. */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(new URL('/web/authentication/', baseUrl()), {
    method: 'POST',
    headers: { Email: email, 'Content-Type': 'text/plain' },
    body: password,
  });
  const json = (await res.json()) as { data?: string };
  if (res.status !== 200 || !json.data) throw new Error(`login failed for ${email}: ${res.status}`);
  return json.data;
}

/**
 * Types a calendar day (`YYYY-MM-DD`) into a day input (`DayField`, a day filter) as a person does:
 * its digits in DD/MM/YYYY order, the input adding the slashes. Clears the input first.
 */
export async function typeDay(input: Locator, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  await input.fill('');
  await input.pressSequentially(`${d}${m}${y}`);
}

/** The part of the URL after '#', e.g. '/report?view=inspections-report'. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash;
  return hash.startsWith('#') ? hash.slice(1) || '/' : '/';
}

/**
 * The set of `data-testid="menu-<to>"` entries the signed-in user can reach: the plain links of
 * the top bar plus the items of every dropdown (each opened in turn), user menu included.
 */
export async function collectMenuEntries(page: Page): Promise<string[]> {
  const found = new Set<string>();
  const bar = page.getByTestId('top-bar');
  for (const id of await bar
    .locator('a[data-testid^="menu-"]')
    .evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-testid')!),
    )) {
    found.add(id);
  }
  const triggers = await bar
    .locator('[data-testid^="menu-trigger-"]')
    .evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-testid')!),
    );
  for (const trigger of triggers) {
    await page.getByTestId(trigger).click();
    const menu = page.locator('[role="menu"]');
    await menu.waitFor();
    for (const id of await menu
      .locator('[data-testid^="menu-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!))) {
      found.add(id);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  }
  return [...found].sort();
}
