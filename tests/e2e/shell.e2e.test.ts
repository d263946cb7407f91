/** The client shell: landing page, login, menus per role, route guard and logout (seed 000 §1, §2, §8). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { menuFor, userMenuFor } from '../../src/client/routes/navigation.ts';
import type { Role } from '../../src/shared/roles.ts';
import {
  collectMenuEntries,
  DEMO,
  hashPath,
  launchBrowser,
  login,
  newPage,
  submitLogin,
  takeCspViolations,
  waitForHash,
} from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fresh(): Promise<Page> {
  ({ context, page } = await newPage(browser));
  return page;
}
afterEach(async () => {
  await context?.close();
});

function expectedMenu(role: Role): string[] {
  const tos = menuFor(role).flatMap((g) => (g.to ? [g.to] : g.items.map((i) => i.to)));
  return [...new Set([...tos, ...userMenuFor(role).map((i) => i.to)])].map((to) => `menu-${to}`).sort();
}

describe('landing page', () => {
  it('shows the four monthly plans with their prices', async () => {
    const p = await fresh();
    await p.goto('/#/');
    const cards = p.getByTestId('plan-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    expect(await p.getByTestId('plan-name').allTextContents()).toEqual([
      'Start',
      'Standard',
      'Premium',
      'Enterprise',
    ]);
    expect(await p.getByTestId('plan-price').allTextContents()).toEqual([
      'R$359',
      'R$529',
      'R$1.049',
      'R$1.439',
    ]);
    expect(await p.getByTestId('plan-equipment').allTextContents()).toEqual([
      'Até 50 equipamentos',
      'Até 100 equipamentos',
      'Até 500 equipamentos',
      'Até 1000 equipamentos',
    ]);
    const footer = await p.getByTestId('footer').textContent();
    expect(footer).toContain(`© ${new Date().getFullYear()} EquipCheck`);
    expect(footer).toContain('contato@equipcheck.com.br');
    // each plan links to the sign-up page with its plan
    const hrefs = await cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/#\/register\?selectedPlanId=\d+/);
  });
});

describe('content security policy', () => {
  it('the SPA is served under the strict CSP and a violation is caught by the e2e check', async () => {
    const p = await fresh();
    const res = await p.goto('/#/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await p.getByTestId('login-form').waitFor();
    expect(takeCspViolations()).toEqual([]);
    // An inline script is refused (it never runs) and reported.
    await p.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    });
    expect(
      await p.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    ).toBeUndefined();
    await expect.poll(() => takeCspViolations().length, { timeout: 5_000 }).toBeGreaterThan(0);
    takeCspViolations();
  });
});

describe('login', () => {
  const cases: [Role, string][] = [
    ['MOBCHECK_ADMIN', DEMO.admin],
    ['COMPANY_GROUP_ADMIN', DEMO.groupAdmin],
    ['COMPANY_ADMIN', DEMO.companyAdmin],
    ['COMPANY_OPERATOR', DEMO.operator],
  ];
  for (const [role, email] of cases) {
    it(`${role} sees exactly its menu entries`, async () => {
      const p = await fresh();
      await login(p, email);
      expect(hashPath(p)).toBe('/');
      expect(await collectMenuEntries(p)).toEqual(expectedMenu(role));
      await expect(p.getByTestId('user-name').textContent()).resolves.toBeTruthy();
      await expect(p.getByTestId('user-photo').getAttribute('src')).resolves.toBeTruthy();
    });
  }

  it('a wrong password shows the toast and clears the password', async () => {
    const p = await fresh();
    await submitLogin(p, DEMO.companyAdmin, 'Wrong@123');
    await p.getByText('e-mail e/ou senha inválidos').waitFor();
    expect(await p.locator('#login-password').inputValue()).toBe('');
    expect(await p.locator('#login-email').inputValue()).toBe(DEMO.companyAdmin);
    expect(await p.getByTestId('top-bar').count()).toBe(0);
  });

  it('a pending user sees a persistent notice', async () => {
    const p = await fresh();
    await submitLogin(p, DEMO.pending, 'Demo@123');
    const notice = p.getByTestId('pending-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('contato@equipcheck.com.br');
    // still there after a toast would have gone
    await p.waitForTimeout(5000);
    expect(await notice.isVisible()).toBe(true);
    expect(await p.locator('#login-password').inputValue()).toBe('');
  });
});

describe('route guard', () => {
  it('an unknown route redirects to /', async () => {
    const p = await fresh();
    await p.goto('/#/nope');
    await waitForHash(p, '/');
    await p.getByTestId('login-form').waitFor();
  });

  it('a page outside the role set redirects to /', async () => {
    const p = await fresh();
    await login(p, DEMO.operator);
    await p.goto('/#/os');
    await waitForHash(p, '/');
    await p.getByTestId('welcome-title').waitFor();
  });

  // /report?view=inspections-report is the inspection report with its preset, which the page writes
  // into the list's own param on entry (tests/e2e/reports.e2e.test.ts).
  it('anonymous /inspections-report → login → /report?view=inspections-report', async () => {
    const p = await fresh();
    await p.goto('/#/inspections-report');
    await waitForHash(p, '/');
    await login(p, DEMO.admin, undefined, { stay: true });
    await waitForHash(p, '/report?lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING');
  });

  it('signed in, /inspections-report → /report?view=inspections-report', async () => {
    const p = await fresh();
    await login(p, DEMO.companyAdmin);
    await p.goto('/#/inspections-report');
    await waitForHash(p, '/report?lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING');
  });

  it('logout returns to the landing page and forgets the session', async () => {
    const p = await fresh();
    await login(p, DEMO.groupAdmin);
    await p.getByTestId('menu-trigger-user').click();
    await p.getByTestId('menu-/logout').click();
    await p.getByTestId('login-form').waitFor();
    expect(hashPath(p)).toBe('/');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await p.reload();
    await p.getByTestId('login-form').waitFor();
  });

  it('the session survives a reload', async () => {
    const p = await fresh();
    await login(p, DEMO.companyAdmin);
    await p.goto('/#/profile');
    await p.reload();
    await p.getByTestId('top-bar').waitFor();
    expect(hashPath(p)).toBe('/profile');
    await expect.poll(() => p.getByTestId('user-name').textContent()).toBe('Carla Empresa');
  });
});
