/**
 * Chromium as the browser tests drive it, without vitest (bench/evidence.ts uses it too):
 * launch arguments, the demo accounts, a phone's screen, and signing in through the landing form.
 */
import type { Page } from 'playwright-core';

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

/** A phone's screen (CSS pixels), emulated with `newPage(browser, { viewport: PHONE, mobile: true })`. */
export const PHONE = { width: 390, height: 844 } as const;

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
