/**
 * What the page walks share (the i18n walk, the phone walk): each role's routes with a used and an
 * unused tag of the demo company, the roles with their demo logins, and "the page has settled".
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROUTES } from '../../src/client/routes/navigation.ts';
import { baseDb, tenantSchemaName } from '../../src/server/db/database.ts';
import type { RoleOrAnonymous } from '../../src/shared/roles.ts';
import { createTag, demoCompany } from '../integration/equipment/helpers.ts';
import { DEMO } from './browser.ts';

export interface WalkTags {
  usedSerial: string;
  unusedSerial: string;
}

/** Every role, with the demo login that walks it (none for the anonymous visitor). */
export const WALK_ROLES: [RoleOrAnonymous, string | null][] = [
  ['ANONYMOUS', null],
  ['COMPANY_OPERATOR', DEMO.operator],
  ['COMPANY_ADMIN', DEMO.companyAdmin],
  ['COMPANY_GROUP_ADMIN', DEMO.groupAdmin],
  ['MOBCHECK_ADMIN', DEMO.admin],
];

/** A used tag of the demo company and a new unused one, made once per file. */
export function walkTags(): () => Promise<WalkTags> {
  let tags: WalkTags | undefined;
  return async () => {
    if (tags) return tags;
    const demo = await demoCompany();
    const used = await sql<{ serial_number: string }>`
      select t.serial_number from ${sql.table(`${tenantSchemaName(demo.schema)}.tags`)} t
      join ${sql.table(`${tenantSchemaName(demo.schema)}.equipment`)} e on e.tag_id = t.id
      order by e.id limit 1`.execute(baseDb());
    tags = { usedSerial: used.rows[0]!.serial_number, unusedSerial: await createTag(demo) };
    return tags;
  };
}

/**
 * The hash paths a role opens: every route of its manifests, the tag page once per suffix given for
 * a used and for an unused tag.
 */
export function routePaths(
  role: RoleOrAnonymous,
  tags: WalkTags,
  tagSuffixes: { used: string[]; unused: string[] } = { used: [''], unused: [''] },
): string[] {
  const paths = ROUTES.filter((r) => r.roles.includes(role) && !r.redirect && r.path !== '/logout').flatMap(
    (r) =>
      r.path === '/t/$serial'
        ? [
            ...tagSuffixes.used.map((a) => `/t/${tags.usedSerial}${a}`),
            ...tagSuffixes.unused.map((a) => `/t/${tags.unusedSerial}${a}`),
          ]
        : [r.path],
  );
  return [...new Set(paths)];
}

/** Counts the page's calls and lazy chunks in flight: a route has settled when none is. */
export function trackCalls(page: Page): () => number {
  let inFlight = 0;
  const isCall = (r: { resourceType(): string }) =>
    ['fetch', 'xhr', 'script', 'stylesheet', 'document'].includes(r.resourceType());
  page.on('request', (r) => isCall(r) && inFlight++);
  page.on('requestfinished', (r) => isCall(r) && inFlight--);
  page.on('requestfailed', (r) => isCall(r) && inFlight--);
  return () => inFlight;
}

/** Waits until no call is in flight and no skeleton or spinner shows. */
export function settled(page: Page, inFlight: () => number): Promise<void> {
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
