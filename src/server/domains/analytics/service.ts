/**
 * Page views (issue 18, seed 000 §7 / 001 §7 "analytics page views are sent on each route
 * change"): the client reports the route PATTERN of each page it shows (`/t/$serial`, never ids or
 * query values), in batches; the server stores a batch with one statement — the raw rows and the
 * daily counts per route and company — and the provider admin's usage page reads the daily counts.
 * No third-party tracker.
 */
import { sql } from 'kysely';
import {
  type PageViewBatch,
  USAGE_MAX_DAYS,
  type Usage,
  type UsageInput,
} from '../../../shared/analytics/schemas.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { limitRate } from '../../rate-limit.ts';
import './tables.ts';

const DAY_MS = 86_400_000;
/** Companies the usage page lists (the busiest); `companiesCapped` says when there are more. */
export const USAGE_COMPANIES_MAX = 100;
/**
 * Routes the usage page lists (the busiest); `routesCapped` says when there are more. The client
 * declares fewer than 40, so only rows stored before page views were held to them (issue 26 item
 * 5: 1,500 invented routes in a second) can reach the cap.
 */
export const USAGE_ROUTES_MAX = 100;

/**
 * Stores a batch of views of the caller (company, group and role from the session); every route is
 * one of the client's (`PAGE_VIEW_ROUTES`, checked by the input schema). One statement:
 * the views go to `core.page_views` and their counts, per day (APP_TIME_ZONE) and route, are added
 * to `core.page_view_days` in key order (concurrent batches of one company never deadlock). A
 * view's time is the client's, kept within the last day and never in the future. Rate limited per
 * user (PAGE_VIEWS_MAX_PER_MINUTE batches a minute; open when Redis is down: the limit only spares
 * the database).
 */
export async function recordPageViews(
  { auth }: SignedInContext,
  { views }: PageViewBatch,
): Promise<{ stored: number }> {
  await limitRate(['page-views', auth.user.id], config().PAGE_VIEWS_MAX_PER_MINUTE, 60, {
    whenRedisDown: 'open',
  });
  const now = Date.now();
  const routes = views.map((v) => v.route);
  const times = views.map((v) =>
    new Date(Math.min(now, Math.max(now - DAY_MS, v.at.getTime() || now))).toISOString(),
  );
  const groupId = auth.companyGroup?.id ?? null;
  const companyId = auth.companyId;
  await sql`with v as (
      select t.route, t.at from unnest(${routes}::text[], ${times}::timestamptz[]) as t(route, at)
    ), raw as (
      insert into core.page_views (viewed_at, route, user_id, company_group_id, company_id, role)
      select v.at, v.route, ${auth.user.id}::int, ${groupId}::int, ${companyId}::int, ${auth.role}::text from v
    )
    insert into core.page_view_days as d (day, route, company_group_id, company_id, views)
    select (v.at at time zone ${config().APP_TIME_ZONE})::date, v.route, ${groupId}::int, ${companyId}::int, count(*)
    from v group by 1, 2 order by 1, 2
    on conflict (day, route, company_group_id, company_id) do update set views = d.views + excluded.views`.execute(
    coreDb(),
  );
  return { stored: views.length };
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The usage page: views per day, per route and per company over a day range, optionally for one
 * route or one company. Sums over `page_view_days` (its key leads with the day; the company filter
 * has its own index), so the cost follows days × routes × companies, not the raw views.
 */
export async function usage(_ctx: SignedInContext, input: UsageInput): Promise<Usage> {
  const { from, to } = input;
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (!(span >= 1 && span <= USAGE_MAX_DAYS))
    throw new AppError('USAGE_RANGE_INVALID', { params: { max: USAGE_MAX_DAYS } });
  let base = coreDb().selectFrom('page_view_days as d').where('d.day', '>=', from).where('d.day', '<=', to);
  if (input.route) base = base.where('d.route', '=', input.route);
  if (input.companyId) base = base.where('d.company_id', '=', input.companyId);
  const views = sql<number>`sum(d.views)::float8`;
  const [perDay, perRoute, perCompany] = await Promise.all([
    base
      .select([sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'), views.as('views')])
      .groupBy('d.day')
      .execute(),
    base
      .select(['d.route', views.as('views')])
      .groupBy('d.route')
      .orderBy(views, 'desc')
      .orderBy('d.route')
      .limit(USAGE_ROUTES_MAX + 1)
      .execute(),
    base
      .leftJoin('companies as c', 'c.id', 'd.company_id')
      .leftJoin('company_groups as g', 'g.id', 'd.company_group_id')
      .select([
        'd.company_id as companyId',
        sql<string | null>`min(c.name)`.as('companyName'),
        sql<string | null>`min(g.name)`.as('groupName'),
        views.as('views'),
      ])
      .groupBy(['d.company_id', 'd.company_group_id'])
      .orderBy(views, 'desc')
      .orderBy('d.company_id')
      .limit(USAGE_COMPANIES_MAX + 1)
      .execute(),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, Number(r.views)]));
  const days = daysBetween(from, to).map((day) => ({ day, views: byDay.get(day) ?? 0 }));
  return {
    from,
    to,
    total: days.reduce((n, d) => n + d.views, 0),
    days,
    routes: perRoute.slice(0, USAGE_ROUTES_MAX).map((r) => ({ route: r.route, views: Number(r.views) })),
    routesCapped: perRoute.length > USAGE_ROUTES_MAX,
    companies: perCompany.slice(0, USAGE_COMPANIES_MAX).map((r) => ({
      companyId: r.companyId,
      companyName: r.companyName,
      groupName: r.groupName,
      views: Number(r.views),
    })),
    companiesCapped: perCompany.length > USAGE_COMPANIES_MAX,
  };
}

/** Deletes raw views older than PAGE_VIEWS_RETENTION_DAYS, 10,000 at a time (the daily counts stay). */
export async function prunePageViews(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().PAGE_VIEWS_RETENTION_DAYS * DAY_MS);
  let removed = 0;
  for (;;) {
    const r = await sql`delete from core.page_views where id in (
        select id from core.page_views where viewed_at < ${cutoff} limit 10000)`.execute(coreDb());
    const n = Number(r.numAffectedRows ?? 0);
    removed += n;
    if (n < 10000) return removed;
  }
}
