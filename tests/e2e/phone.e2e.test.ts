/**
 * Every page a phone user sees (issue 26 item 17), as each role, in a phone's browser (390×844,
 * touch, meta viewport honoured): the page never scrolls sideways, and a list's rows keep their
 * status and actions in view (the shared DataTable shows rows as cards on a narrow screen).
 */
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/client/routes/navigation.ts';
import { baseDb, tenantSchemaName } from '../../src/server/db/database.ts';
import type { RoleOrAnonymous } from '../../src/shared/roles.ts';
import { createTag, demoCompany } from '../integration/equipment/helpers.ts';
import { DEMO, launchBrowser, login, newPage, PHONE } from './browser.ts';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts.splice(0)) await c.close();
  await browser?.close();
});

async function phone(): Promise<Page> {
  const { context, page } = await newPage(browser, { viewport: PHONE, mobile: true });
  contexts.push(context);
  return page;
}

/** Waits until no call is in flight and no skeleton or spinner shows. */
function settled(page: Page, inFlight: () => number): Promise<void> {
  return expect
    .poll(
      async () =>
        inFlight() === 0 &&
        (await page
          .locator(
            '[data-slot="skeleton"], [data-testid="skeleton-row"], [data-testid="page-spinner"], [aria-busy="true"]',
          )
          .count()) === 0,
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
}

/** '' when the page fits the phone's width, else the widths and the elements that stick out. */
function overflow(page: Page): Promise<string> {
  return page.evaluate((width) => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= window.innerWidth && window.innerWidth <= width) return '';
    const out = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} →${Math.round(e.getBoundingClientRect().right)}`,
      );
    return `scrollWidth ${doc.scrollWidth} > innerWidth ${window.innerWidth}: ${out.join(' | ')}`;
  }, PHONE.width);
}

interface Ctx {
  usedSerial: string;
  unusedSerial: string;
}

/** The hash paths a role opens: every route of its manifests (the tag page with both kinds of tag). */
function pathsOf(role: RoleOrAnonymous, ctx: Ctx): string[] {
  const paths = ROUTES.filter((r) => r.roles.includes(role) && !r.redirect && r.path !== '/logout').flatMap(
    (r) => (r.path === '/t/$serial' ? [`/t/${ctx.usedSerial}`, `/t/${ctx.unusedSerial}`] : [r.path]),
  );
  return [...new Set(paths)];
}

/** True when the element is entirely inside the phone's screen horizontally. */
async function inView(page: Page, selector: string): Promise<string> {
  const el = page.locator(selector).first();
  await el.waitFor();
  const box = await el.boundingBox();
  if (box && box.x >= 0 && box.x + box.width <= PHONE.width) return '';
  return `${selector} at ${JSON.stringify(box)}`;
}

async function walkRole(role: RoleOrAnonymous, email: string | null, ctx: Ctx): Promise<string[]> {
  const page = await phone();
  let inFlight = 0;
  const isCall = (r: { resourceType(): string }) =>
    ['fetch', 'xhr', 'script', 'stylesheet', 'document'].includes(r.resourceType());
  page.on('request', (r) => isCall(r) && inFlight++);
  page.on('requestfinished', (r) => isCall(r) && inFlight--);
  page.on('requestfailed', (r) => isCall(r) && inFlight--);
  if (email) await login(page, email);
  else await page.goto('/#/');
  const problems: string[] = [];
  for (const path of pathsOf(role, ctx)) {
    await page.evaluate((p) => {
      window.location.hash = `#${p}`;
    }, path);
    await expect.poll(() => page.evaluate(() => window.location.hash.slice(1))).toBe(path);
    await settled(page, () => inFlight);
    const wide = await overflow(page);
    if (wide) problems.push(`${role} ${path}: ${wide}`);
  }
  return problems;
}

describe('on a phone (issue 26 item 17)', () => {
  let ctx: Ctx | undefined;
  const context = async (): Promise<Ctx> => {
    if (ctx) return ctx;
    const demo = await demoCompany();
    const used = await sql<{ serial_number: string }>`
      select t.serial_number from ${sql.table(`${tenantSchemaName(demo.schema)}.tags`)} t
      join ${sql.table(`${tenantSchemaName(demo.schema)}.equipment`)} e on e.tag_id = t.id
      order by e.id limit 1`.execute(baseDb());
    ctx = { usedSerial: used.rows[0]!.serial_number, unusedSerial: await createTag(demo) };
    return ctx;
  };

  const roles: [RoleOrAnonymous, string | null][] = [
    ['ANONYMOUS', null],
    ['COMPANY_OPERATOR', DEMO.operator],
    ['COMPANY_ADMIN', DEMO.companyAdmin],
    ['COMPANY_GROUP_ADMIN', DEMO.groupAdmin],
    ['MOBCHECK_ADMIN', DEMO.admin],
  ];
  for (const [role, email] of roles) {
    it(`${role}: no page scrolls sideways`, async () => {
      expect(await walkRole(role, email, await context())).toEqual([]);
    }, 240_000);
  }

  it('the bills and service-order lists keep the first row’s status and actions in view', async () => {
    const page = await phone();
    await login(page, DEMO.groupAdmin);
    await page.goto('/#/my-plan');
    const problems = [
      await inView(page, '[data-testid="subscription-row"] [data-column="billStatus"]'),
      await inView(page, '[data-testid="subscription-row"] [data-testid="bill-status"]'),
      await inView(page, '[data-testid="subscription-row"] [data-column="options"] button'),
    ];
    await page.goto('/#/os');
    problems.push(
      await inView(page, '[data-number] [data-column="status"]'),
      await inView(page, '[data-number] [data-testid^="os-edit-"]'),
      await inView(page, '[data-number] [data-testid^="os-view-"]'),
    );
    expect(problems.filter(Boolean)).toEqual([]);
    expect(await overflow(page)).toBe('');
  });
});
