/**
 * The language walk of the browser tests (issue 16 item 3; i18n.e2e.test.ts and
 * i18n-es.e2e.test.ts, one language each so the two run at once): a role signs in, switches to
 * the language, opens every route it has (from the manifests) and the main dialogs of each (empty
 * forms submitted, so their validation messages show too), and the page must show no text that
 * only the Portuguese catalogue has and no enum value or error code as it is (i18n-texts.ts), and look up no
 * missing key (`window.__i18nMissingKeys`). A text is collected from every text node and the
 * placeholder, aria-label, title and alt of every element, so screen-reader-only texts count too.
 * A new page's main dialog goes in DIALOGS (or PAGE_STEPS).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { RoleOrAnonymous } from '../../src/shared/roles.ts';
import type { Lang } from '../helpers/i18n-catalogue.ts';
import { login } from './browser.ts';
import { routePaths, settled, trackCalls, WALK_ROLES, type WalkTags, walkTags } from './walk.ts';
import { pageTexts, portuguese } from './i18n-texts.ts';

// ── walking ────────────────────────────────────────────────────────────────────────────────────

interface Walk {
  page: Page;
  lang: 'en' | 'es';
  where: string;
  problems: string[];
  inFlight: () => number;
}

async function check(w: Walk, step: string): Promise<void> {
  await settled(w.page, w.inFlight);
  for (const p of portuguese(w.lang, await pageTexts(w.page)))
    w.problems.push(`[${w.lang} ${w.where} ${step}] ${p}`);
  const missing = await w.page.evaluate(
    () => (window as unknown as { __i18nMissingKeys?: string[] }).__i18nMissingKeys?.splice(0) ?? [],
  );
  for (const k of missing) w.problems.push(`[${w.lang} ${w.where} ${step}] missing key ${k}`);
}

/** A list row that opens something (clickable rows are focusable). */
const ROW = 'tbody tr[tabindex="0"]';

const dialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();

async function closeDialogs(page: Page): Promise<void> {
  const open = page.locator('[role="dialog"], [role="alertdialog"]');
  for (let i = 0; i < 3 && (await open.count()) > 0; i++) {
    const before = await open.count();
    await page.keyboard.press('Escape');
    await expect.poll(() => open.count()).toBeLessThan(before);
  }
  expect(await open.count()).toBe(0);
}

/** Opens a dialog with `trigger` (when the page has one), checks it, its tabs, and its empty submit. */
async function dialogSteps(
  w: Walk,
  trigger: string,
  opts: { name: string; submit?: string; fill?: [string, string] },
): Promise<void> {
  const button = w.page.locator(trigger).first();
  if ((await button.count()) === 0 || !(await button.isVisible())) return;
  await button.click();
  await dialog(w.page).waitFor();
  await check(w, opts.name);
  const tabs = dialog(w.page).getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    await check(w, `${opts.name} tab ${i + 1}`);
  }
  if (opts.submit) {
    if ((await tabs.count()) > 0) await tabs.first().click();
    if (opts.fill) await dialog(w.page).locator(opts.fill[0]).fill(opts.fill[1]);
    await dialog(w.page).locator(opts.submit).click();
    await expect
      .poll(() => dialog(w.page).locator('[id$="-error"]:not(:empty), [data-testid="form-error"]').count())
      .toBeGreaterThan(0);
    await check(w, `${opts.name} submitted ${opts.fill ? 'invalid' : 'empty'}`);
  }
  await closeDialogs(w.page);
}

/** The main dialogs of each route, opened when the role's page has their trigger. */
const DIALOGS: Record<string, (w: Walk) => Promise<void>> = {
  '/config-system': async (w) => {
    await dialogSteps(w, '[data-testid="add-webhook"]', {
      name: 'new webhook',
      submit: '[data-testid="save-webhook"]',
    });
  },
  '/categories': async (w) => {
    await dialogSteps(w, '[data-testid="add-category"]', {
      name: 'new category',
      submit: '[data-testid="save"]',
    });
    await dialogSteps(w, ROW, { name: 'edit category' });
  },
  '/subcategories': async (w) => {
    await dialogSteps(w, '[data-testid="add-subcategory"]', {
      name: 'new subcategory',
      submit: '[data-testid="save"]',
    });
    await dialogSteps(w, ROW, { name: 'edit subcategory' });
    await dialogSteps(w, '[data-testid="subcategory-cycles"]', { name: 'subcategory cycles' });
  },
  '/products': async (w) => {
    await dialogSteps(w, '[data-testid="add-product"]', {
      name: 'new product',
      submit: '[data-testid="save"]',
    });
    await dialogSteps(w, ROW, { name: 'edit product' });
    await dialogSteps(w, '[data-testid="product-cycles"]', { name: 'product cycles' });
  },
  '/companies': async (w) => {
    await dialogSteps(w, '[data-testid="add-company"]', {
      name: 'new company',
      submit: '[data-testid="save"]',
    });
    await dialogSteps(w, ROW, { name: 'edit company' });
  },
  '/company-groups': async (w) => {
    await dialogSteps(w, '[data-testid="add-company-group"]', {
      name: 'new company group',
      submit: '[data-testid="company-group-submit"]',
    });
  },
  '/company-users': async (w) => {
    await dialogSteps(w, '[data-testid="add-user"]', {
      name: 'new employee',
      submit: '[data-testid="save-user"]',
    });
    await dialogSteps(w, ROW, { name: 'edit employee' });
  },
  '/users': async (w) => {
    await dialogSteps(w, ROW, { name: 'user' });
  },
  '/os': async (w) => {
    await dialogSteps(w, '[data-testid="os-filters"]', { name: 'filters' });
    await dialogSteps(w, ROW, { name: 'service order' });
  },
  '/create-os': async (w) => {
    await dialogSteps(w, '[data-testid="os-add-equipment"]', { name: 'equipment search' });
  },
  '/inspections': async (w) => {
    await dialogSteps(w, '[data-testid^="details-"]', { name: 'equipment' });
  },
  '/maintenances': async (w) => {
    await dialogSteps(w, '[data-testid^="details-"]', { name: 'equipment' });
  },
  '/tags': async (w) => {
    await dialogSteps(w, '[data-testid^="details-"]', { name: 'equipment' });
  },
  '/tags-replace': async (w) => {
    await dialogSteps(w, ROW, { name: 'replacement' });
  },
  '/tags-qr-code': async (w) => {
    await w.page.getByRole('main').getByRole('button').first().click();
    const qr = dialog(w.page);
    await qr.waitFor();
    await check(w, 'generate dialog');
    // The label options: a thermal roll shows the file choice too.
    await qr.locator('#qr-template').selectOption('thermal-50x30');
    await check(w, 'generate dialog, thermal roll');
    // no quantity: the client's message; 0: the server's range message (nothing is generated)
    for (const quantity of ['', '0']) {
      await qr.locator('#qr-quantity').fill(quantity);
      await qr.locator('button[type="submit"]').click();
      await expect.poll(() => qr.locator('#qr-quantity-error').textContent()).not.toBe('');
      await check(w, `generate dialog with quantity "${quantity}"`);
    }
    await closeDialogs(w.page);
    // The provider admin's custom label template.
    await dialogSteps(w, '[data-testid="qr-new-template"]', {
      name: 'new label template',
      submit: 'button[type="submit"]',
      fill: ['#tpl-name', ''],
    });
  },
  // issue 17: the change of plan's confirmation, the tag order's address check, the plan editor
  '/my-plan': async (w) => {
    await dialogSteps(w, '[data-testid^="select-plan-"]:not([disabled])', { name: 'change plan' });
  },
  '/buy-tag': async (w) => {
    await dialogSteps(w, '[data-testid="buy-QR"]', { name: 'tag order address check' });
  },
  '/plans-admin': async (w) => {
    await dialogSteps(w, ROW, {
      name: 'edit plan',
      submit: '[data-testid="save"]',
      fill: ['#plan-price', 'abc'],
    });
  },
  '/': async (w) => {
    await dialogSteps(w, '[data-testid="forgot-password-link"]', {
      name: 'forgot password',
      submit: '[data-testid="forgot-password-submit"]',
      fill: ['#forgot-email', 'not-an-email'],
    });
  },
};

/** Steps on a page itself (forms outside dialogs). */
const PAGE_STEPS: Record<string, (w: Walk) => Promise<void>> = {
  '/t?action=inspect': (w) => submitFieldForm(w),
  '/t?action=register': (w) => submitFieldForm(w),
  '/t?action=replace': (w) => submitFieldForm(w),
  '/': async (w) => {
    const form = w.page.getByTestId('login-form');
    if ((await form.count()) === 0) return;
    await w.page.locator('#login-email').fill(`nobody.${Math.random().toString(36).slice(2)}@example.com`);
    await w.page.locator('#login-password').fill('Wrong@123');
    await form.locator('button[type="submit"]').click();
    await w.page.locator('[data-sonner-toast]').first().waitFor();
    await check(w, 'failed sign-in');
    // The toast stays while the mouse rests on it: move away so it leaves.
    await w.page.mouse.move(0, 0);
  },
  '/register': async (w) => {
    // Invalid values, each left with Tab: the form shows its messages as fields are touched.
    const values: [string, string][] = [
      ['#reg-name', ' '],
      ['#reg-email', 'not-an-email'],
      ['#reg-phone', '1234'],
      ['#reg-cnpj', '11111111111111'],
      ['#reg-cep', '123'],
      ['#reg-password', 'abc'],
      ['#reg-password-confirmation', 'abd'],
    ];
    for (const [field, value] of values) {
      await w.page.locator(field).fill(value);
      await w.page.locator(field).press('Tab');
    }
    await expect.poll(() => w.page.locator('[id$="-error"]:not(:empty)').count()).toBeGreaterThan(4);
    await check(w, 'invalid values');
    await w.page.reload();
  },
};

/** Submits a field form (inspect, register, replace) as it is: nothing is filled in, so it is refused. */
async function submitFieldForm(w: Walk): Promise<void> {
  const submit = w.page.locator('[data-testid="field-page"] button[type="submit"]');
  if ((await submit.count()) === 0) return;
  await submit.click();
  await expect
    .poll(() =>
      w.page
        .locator(
          '[id$="-error"]:not(:empty), [data-testid$="-error"]:not(:empty), [data-testid="field-form-error"]',
        )
        .count(),
    )
    .toBeGreaterThan(0);
  await check(w, 'submitted empty');
}

/** The tag page with each of its actions, for a used and an unused tag. */
const TAG_ACTIONS = {
  used: ['', '?action=inspect', '?action=maintain', '?action=history'],
  unused: ['', '?action=register', '?action=replace'],
};

/** Switches the page's language from the footer and waits until the page shows it. */
export async function switchLanguage(page: Page, lang: Lang): Promise<void> {
  // Clicked again while the page has not switched: once, under load, the first click was lost
  // (the page still rendering the role's home) and the language stayed pt for 10 s.
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => document.documentElement.lang);
        if (now !== lang) await page.getByTestId('footer').getByTestId(`lang-${lang}`).click();
        return now;
      },
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(lang);
}

export async function walkRole(
  fresh: () => Promise<Page>,
  lang: 'en' | 'es',
  role: RoleOrAnonymous,
  email: string | null,
  tags: WalkTags,
): Promise<string[]> {
  const page = await fresh();
  const inFlight = trackCalls(page);
  if (email) await login(page, email);
  else await page.goto('/#/');
  const problems: string[] = [];
  await switchLanguage(page, lang);
  for (const path of routePaths(role, tags, TAG_ACTIONS)) {
    const w: Walk = { page, lang, where: `${role} ${path}`, problems, inFlight };
    await page.evaluate((p) => {
      window.location.hash = `#${p}`;
    }, path);
    await expect.poll(() => page.evaluate(() => window.location.hash.slice(1))).toBe(path);
    await check(w, 'page');
    const [route = '', query] = path.split('?');
    const base = `/${route.split('/')[1] ?? ''}`;
    await DIALOGS[base]?.(w);
    await PAGE_STEPS[query ? `${base}?${query}` : base]?.(w);
  }
  return problems;
}

/** The walk's tests, one per role, in `lang` (inside the file's describe). */
export function walkEveryRole(fresh: () => Promise<Page>, lang: 'en' | 'es'): void {
  const context = walkTags();
  for (const [role, email] of WALK_ROLES) {
    it(`${role}: no Portuguese-only text and no missing key on any page or main dialog`, async () => {
      const problems = await walkRole(fresh, lang, role, email, await context());
      expect(problems).toEqual([]);
    }, 240_000);
  }
}
