/**
 * Browser helpers for the e2e tests: playwright-core driving Debian's Chromium against the server
 * started by tests/e2e/global-setup.ts (its URL comes from inject('baseUrl')).
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo@123';
export const DEMO = {
  admin: 'admin@equipcheck.dev',
  groupAdmin: 'group.admin@equipcheck.dev',
  companyAdmin: 'company.admin@equipcheck.dev',
  operator: 'operator@equipcheck.dev',
  pending: 'pending@equipcheck.dev',
} as const;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function baseUrl(): string {
  return inject('baseUrl');
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

/** A fresh context (own localStorage) and page; paths like '/#/os' are resolved against baseUrl. */
export async function newPage(
  browser: Browser,
  /** `touch`: a phone's touch screen (`isMobile`, `hasTouch`: the pointer is coarse) */
  opts: { viewport?: { width: number; height: number }; touch?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: opts.viewport ?? { width: 1366, height: 900 },
    locale: 'pt-BR',
    ...(opts.touch ? { isMobile: true, hasTouch: true } : {}),
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
export function setUpBrowser(): { fresh: () => Promise<Page> } {
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
    fresh: async () => {
      const { context, page } = await newPage(browser);
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

/** The part of the URL after '#', e.g. '/report?view=inspections-report'. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash;
  return hash.startsWith('#') ? hash.slice(1) || '/' : '/';
}

export async function waitForHash(page: Page, expected: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((exp) => (window.location.hash.slice(1) || '/') === exp, expected, {
    timeout,
  });
}

/** Fills and submits the landing page's login strip (opens '/' first unless `stay`). */
export async function submitLogin(
  page: Page,
  email: string,
  password: string,
  opts: { stay?: boolean } = {},
): Promise<void> {
  if (!opts.stay) await page.goto('/#/');
  const form = page.getByTestId('login-form');
  await form.waitFor();
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await form.locator('button[type="submit"]').click();
}

/** Signs in through the landing form and waits for the signed-in top bar. */
export async function login(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  opts: { stay?: boolean } = {},
): Promise<void> {
  await submitLogin(page, email, password, opts);
  await page.getByTestId('top-bar').waitFor();
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
