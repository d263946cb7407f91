/**
 * Every page a phone user sees (issue 26 item 17), as each role, in a phone's browser (390×844,
 * touch, meta viewport honoured): the page never scrolls sideways, and a list's rows keep their
 * status and actions in view (the shared DataTable shows rows as cards on a narrow screen).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleOrAnonymous } from '../../src/shared/roles.ts';
import { DEMO, launchBrowser, login, newPage, PHONE } from './browser.ts';
import { routePaths, settled, trackCalls, WALK_ROLES, type WalkTags, walkTags } from './walk.ts';

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

/** True when the element is entirely inside the phone's screen horizontally. */
async function inView(page: Page, selector: string): Promise<string> {
  const el = page.locator(selector).first();
  await el.waitFor();
  const box = await el.boundingBox();
  if (box && box.x >= 0 && box.x + box.width <= PHONE.width) return '';
  return `${selector} at ${JSON.stringify(box)}`;
}

async function walkRole(role: RoleOrAnonymous, email: string | null, tags: WalkTags): Promise<string[]> {
  const page = await phone();
  const inFlight = trackCalls(page);
  if (email) await login(page, email);
  else await page.goto('/#/');
  const problems: string[] = [];
  for (const path of routePaths(role, tags)) {
    await page.evaluate((p) => {
      window.location.hash = `#${p}`;
    }, path);
    await expect.poll(() => page.evaluate(() => window.location.hash.slice(1))).toBe(path);
    await settled(page, inFlight);
    const wide = await overflow(page);
    if (wide) problems.push(`${role} ${path}: ${wide}`);
  }
  return problems;
}

describe('on a phone (issue 26 item 17)', () => {
  const context = walkTags();
  for (const [role, email] of WALK_ROLES) {
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
