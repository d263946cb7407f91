import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../src/server/config.ts';
import { coreDb, observeQueries } from '../../../src/server/db/database.ts';
import { prunePageViews, USAGE_ROUTES_MAX } from '../../../src/server/domains/analytics/service.ts';
import { todayIn } from '../../../src/shared/equipment/status.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';
import { otherTenant } from '../qr/helpers.ts';

/** Views per route of one company on one day, from the daily counts. */
async function dayCounts(companyId: number, day: string): Promise<Record<string, number>> {
  const rows = await coreDb()
    .selectFrom('page_view_days')
    .select(['route', 'views'])
    .where('company_id', '=', companyId)
    .where('day', '=', day)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.route, Number(r.views)]));
}

async function userId(email: string): Promise<number> {
  return (
    await coreDb().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  ).id;
}

const ip = () => `10.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('page views: the batch endpoint', () => {
  let tenant: Awaited<ReturnType<typeof otherTenant>>;
  let token: string;
  beforeAll(async () => {
    tenant = await otherTenant();
    token = await loginAs(tenant.email);
  });

  it('stores a batch with the route patterns, the session’s company, group and role, in one statement', async () => {
    const now = new Date();
    const day = todayIn(config().APP_TIME_ZONE, now);
    const views = [
      { route: '/t/$serial', at: now.toISOString() },
      { route: '/inspections', at: now.toISOString() },
      { route: '/inspections', at: now.toISOString() },
      { route: '/', at: now.toISOString() },
    ];
    const statements: string[] = [];
    const stop = observeQueries((q) => statements.push(q.sql));
    const res = await rest('POST', '/web/page-views/', { token, body: { views }, ip: ip() });
    stop();
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ stored: 4 });
    // The caller's resolution, then one statement: the rows and the daily counts together.
    expect(statements.filter((s) => /page_view/.test(s))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(2);

    const raw = await coreDb()
      .selectFrom('page_views')
      .select(['route', 'company_id', 'company_group_id', 'role', 'user_id'])
      .where('company_id', '=', tenant.companyId)
      .orderBy('id')
      .execute();
    expect(raw).toEqual(
      views.map((v) => ({
        route: v.route,
        company_id: tenant.companyId,
        company_group_id: tenant.groupId,
        role: 'COMPANY_GROUP_ADMIN',
        user_id: expect.any(Number),
      })),
    );
    expect(await dayCounts(tenant.companyId, day)).toEqual({ '/t/$serial': 1, '/inspections': 2, '/': 1 });

    // The next batch adds to the same day's counts.
    await rest('POST', '/web/page-views/', {
      token,
      body: { views: [{ route: '/inspections', at: now.toISOString() }] },
      ip: ip(),
    });
    expect((await dayCounts(tenant.companyId, day))['/inspections']).toBe(3);
  });

  it('the same over tRPC (the provider admin: role MOBCHECK_ADMIN)', async () => {
    const admin = await loginAs(DEMO.admin);
    const adminId = await userId(DEMO.admin);
    const count = async () =>
      (
        await coreDb()
          .selectFrom('page_views')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', adminId)
          .where('route', '=', '/usage')
          .where('role', '=', 'MOBCHECK_ADMIN')
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const res = await testApp().request('/trpc/analytics.pageViews', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${admin}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip(),
      },
      body: JSON.stringify({ json: { views: [{ route: '/usage', at: new Date().toISOString() }] } }),
    });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('a route with an id, a serial, a query or a fragment is refused (400): only patterns are kept', async () => {
    for (const route of [
      '/t/AB12CD34',
      '/equipments/123',
      '/inspections?companyId=4',
      '/report#x',
      'inspections',
      '/T/$serial',
      '/a b',
    ]) {
      const res = await rest('POST', '/web/page-views/', {
        token,
        body: { views: [{ route, at: new Date().toISOString() }] },
        ip: ip(),
      });
      expect(res.status, route).toBe(400);
      expect(res.json.error?.code).toBe('VALIDATION_FAILED');
    }
    const empty = await rest('POST', '/web/page-views/', { token, body: { views: [] }, ip: ip() });
    expect(empty.status).toBe(400);
    const many = Array.from({ length: 51 }, () => ({ route: '/tags', at: new Date().toISOString() }));
    expect((await rest('POST', '/web/page-views/', { token, body: { views: many }, ip: ip() })).status).toBe(
      400,
    );
    const stored = await coreDb()
      .selectFrom('page_views')
      .select('route')
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(stored.every((r) => !/\d{2}|\?|#/.test(r.route))).toBe(true);
  });

  it('a pattern-shaped route the client does not declare is 400 PAGE_VIEW_ROUTE_UNKNOWN on both doors, nothing stored (issue 26 item 5)', async () => {
    const count = async () =>
      Number(
        (
          await coreDb()
            .selectFrom('page_views')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('company_id', '=', tenant.companyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const invented = Array.from({ length: 50 }, (_, i) => ({
      route: `/invented-${i}/$x`,
      at: new Date().toISOString(),
    }));
    const res = await rest('POST', '/web/page-views/', { token, body: { views: invented }, ip: ip() });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'PAGE_VIEW_ROUTE_UNKNOWN',
      params: { route: '/invented-0/$x' },
    });
    // One invented route spoils its batch, declared routes and all.
    const mixed = await rest('POST', '/web/page-views/', {
      token,
      body: {
        views: [
          { route: '/tags', at: new Date().toISOString() },
          { route: '/tagz', at: new Date().toISOString() },
        ],
      },
      ip: ip(),
    });
    expect([mixed.status, mixed.json.error?.code]).toEqual([400, 'PAGE_VIEW_ROUTE_UNKNOWN']);
    const trpc = await testApp().request('/trpc/analytics.pageViews', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip(),
      },
      body: JSON.stringify({ json: { views: [{ route: '/admin', at: new Date().toISOString() }] } }),
    });
    const body = (await trpc.json()) as { error?: { json?: { data?: { code?: string } } } };
    expect([trpc.status, body.error?.json?.data?.code]).toEqual([400, 'PAGE_VIEW_ROUTE_UNKNOWN']);
    expect(await count()).toBe(before);
  });

  it('a view’s time is the client’s, kept within the last day and never in the future', async () => {
    const other = await otherTenant();
    const t = await loginAs(other.email);
    const now = Date.now();
    const res = await rest('POST', '/web/page-views/', {
      token: t,
      body: {
        views: [
          { route: '/tags', at: new Date(now + 86_400_000 * 3).toISOString() },
          { route: '/tags-replace', at: new Date(now - 86_400_000 * 30).toISOString() },
          { route: '/products', at: new Date(now - 3_600_000).toISOString() },
        ],
      },
      ip: ip(),
    });
    expect(res.status).toBe(200);
    const rows = await coreDb()
      .selectFrom('page_views')
      .select(['route', 'viewed_at'])
      .where('company_id', '=', other.companyId)
      .execute();
    const at = Object.fromEntries(rows.map((r) => [r.route, r.viewed_at.getTime()]));
    expect(at['/tags']).toBeLessThanOrEqual(Date.now());
    expect(at['/tags']).toBeGreaterThanOrEqual(now - 1000);
    expect(at['/tags-replace']).toBeGreaterThanOrEqual(now - 86_400_000 - 1000);
    expect(at['/products']).toBe(now - 3_600_000);
  });

  it('batches are rate limited per user (429 past PAGE_VIEWS_MAX_PER_MINUTE a minute)', async () => {
    const other = await otherTenant();
    const t = await loginAs(other.email);
    const max = config().PAGE_VIEWS_MAX_PER_MINUTE;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const r = await rest('POST', '/web/page-views/', {
        token: t,
        body: { views: [{ route: '/tags', at: new Date().toISOString() }] },
        ip: ip(),
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.json.error?.code).toBe('RATE_LIMITED');
    }
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses[max]).toBe(429);
    const n = await coreDb()
      .selectFrom('page_views')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', other.companyId)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(max);
  });

  it('retention removes raw views past PAGE_VIEWS_RETENTION_DAYS and keeps the daily counts', async () => {
    const other = await otherTenant();
    const old = new Date(Date.now() - (config().PAGE_VIEWS_RETENTION_DAYS + 2) * 86_400_000);
    await coreDb()
      .insertInto('page_views')
      .values([
        {
          viewed_at: old,
          route: '/tags',
          user_id: 1,
          company_group_id: other.groupId,
          company_id: other.companyId,
          role: 'COMPANY_OPERATOR',
        },
        {
          viewed_at: new Date(),
          route: '/tags',
          user_id: 1,
          company_group_id: other.groupId,
          company_id: other.companyId,
          role: 'COMPANY_OPERATOR',
        },
      ])
      .execute();
    await coreDb()
      .insertInto('page_view_days')
      .values({
        day: old.toISOString().slice(0, 10),
        route: '/tags',
        company_group_id: other.groupId,
        company_id: other.companyId,
        views: 1,
      })
      .execute();
    expect(await prunePageViews()).toBeGreaterThanOrEqual(1);
    const left = await coreDb()
      .selectFrom('page_views')
      .select('viewed_at')
      .where('company_id', '=', other.companyId)
      .execute();
    expect(left).toHaveLength(1);
    expect(left[0]!.viewed_at.getTime()).toBeGreaterThan(old.getTime());
    expect(await dayCounts(other.companyId, old.toISOString().slice(0, 10))).toEqual({ '/tags': 1 });
  });
});

describe('page views: the usage page (provider admin)', () => {
  let tenant: Awaited<ReturnType<typeof otherTenant>>;
  let admin: string;
  let day: string;
  beforeAll(async () => {
    tenant = await otherTenant();
    admin = await loginAs(DEMO.admin);
    const token = await loginAs(tenant.email);
    const at = new Date().toISOString();
    day = todayIn(config().APP_TIME_ZONE);
    const res = await rest('POST', '/web/page-views/', {
      token,
      body: {
        views: [
          { route: '/tags', at },
          { route: '/tags', at },
          { route: '/tags', at },
          { route: '/inspections', at },
          { route: '/t/$serial', at },
        ],
      },
      ip: ip(),
    });
    expect(res.status).toBe(200);
  });

  it('views per day, per route and per company, for one company', async () => {
    const from = new Date(Date.parse(day) - 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await rest<{
      total: number;
      days: { day: string; views: number }[];
      routes: { route: string; views: number }[];
      companies: {
        companyId: number | null;
        companyName: string | null;
        groupName: string | null;
        views: number;
      }[];
      companiesCapped: boolean;
    }>('GET', `/web/usage/page-views/?from=${from}&to=${day}&companyId=${tenant.companyId}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    const u = res.json.data!;
    expect(u.total).toBe(5);
    expect(u.days).toHaveLength(7);
    expect(u.days.at(-1)).toEqual({ day, views: 5 });
    expect(u.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(u.routes).toEqual([
      { route: '/tags', views: 3 },
      { route: '/inspections', views: 1 },
      { route: '/t/$serial', views: 1 },
    ]);
    expect(u.companies).toEqual([
      {
        companyId: tenant.companyId,
        companyName: expect.stringMatching(/^Outra empresa/),
        groupName: expect.stringMatching(/^Outro grupo/),
        views: 5,
      },
    ]);
    expect(u.companiesCapped).toBe(false);

    const oneRoute = await rest<{ total: number; companies: { companyId: number | null; views: number }[] }>(
      'GET',
      `/web/usage/page-views/?from=${day}&to=${day}&route=${encodeURIComponent('/tags')}`,
      { token: admin },
    );
    expect(oneRoute.status).toBe(200);
    expect(oneRoute.json.data!.companies).toContainEqual(
      expect.objectContaining({ companyId: tenant.companyId, views: 3 }),
    );
  });

  it('only the provider admin reads it; a reversed or too long range is 400 USAGE_RANGE_INVALID', async () => {
    for (const email of [DEMO.groupAdmin, DEMO.companyAdmin, DEMO.operator]) {
      const res = await rest('GET', `/web/usage/page-views/?from=${day}&to=${day}`, {
        token: await loginAs(email),
      });
      expect(res.status, email).toBe(403);
      expect(res.json.error?.code).toBe('FORBIDDEN');
    }
    const reversed = await rest('GET', '/web/usage/page-views/?from=2025-02-01&to=2025-01-01', {
      token: admin,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.json.error).toMatchObject({ code: 'USAGE_RANGE_INVALID', params: { max: 366 } });
    const long = await rest('GET', '/web/usage/page-views/?from=2023-01-01&to=2025-01-01', { token: admin });
    expect(long.json.error?.code).toBe('USAGE_RANGE_INVALID');
    const bad = await rest('GET', '/web/usage/page-views/?from=ontem&to=hoje', { token: admin });
    expect(bad.status).toBe(400);
  });
});

describe('page views: the usage page lists at most USAGE_ROUTES_MAX routes (issue 26 item 5)', () => {
  it('routes stored before the routes were held to the client’s are capped, busiest first', async () => {
    const tenant = await otherTenant();
    const admin = await loginAs(DEMO.admin);
    // What an old database may hold: 150 invented routes on one day, written directly.
    const day = '2020-03-01';
    const routes = Array.from({ length: 150 }, (_, i) => `/old-${String(i).padStart(3, '0')}`);
    await sql`insert into core.page_view_days (day, route, company_group_id, company_id, views)
      select ${day}::date, r, ${tenant.groupId}::int, ${tenant.companyId}::int, 1000 - o::int
      from unnest(${routes}::text[]) with ordinality as t(r, o)
      on conflict do nothing`.execute(coreDb());
    const res = await rest<{
      total: number;
      routes: { route: string; views: number }[];
      routesCapped: boolean;
    }>('GET', `/web/usage/page-views/?from=${day}&to=${day}&companyId=${tenant.companyId}`, { token: admin });
    expect(res.status).toBe(200);
    const u = res.json.data!;
    expect(u.routes).toHaveLength(USAGE_ROUTES_MAX);
    expect(u.routesCapped).toBe(true);
    expect(u.routes[0]).toEqual({ route: '/old-000', views: 999 });
    expect(u.routes.at(-1)).toEqual({
      route: `/old-0${USAGE_ROUTES_MAX - 1}`,
      views: 1000 - USAGE_ROUTES_MAX,
    });
    // The total still counts every view of the range.
    expect(u.total).toBe(routes.reduce((n, _, i) => n + 999 - i, 0));
    // The route filter takes the client's routes only.
    const filtered = await rest('GET', `/web/usage/page-views/?from=${day}&to=${day}&route=/old-001`, {
      token: admin,
    });
    expect([filtered.status, filtered.json.error?.code]).toEqual([400, 'PAGE_VIEW_ROUTE_UNKNOWN']);
  });
});
