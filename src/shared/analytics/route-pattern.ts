/**
 * The page-view rules without zod: the client's main bundle imports these, and it must not build a
 * schema before `lib/zod-csp.ts` has turned zod's eval probe off (the probe is a CSP violation).
 */

/**
 * A route pattern as the client's router declares it (`/t/$serial`, `/video-lessons`): lowercase
 * segments or `$param` placeholders. A segment that starts with a digit or carries upper case,
 * dots or a query is refused, so ids, serials and query values never reach the page views.
 */
export const ROUTE_PATTERN =
  /^\/(?:(?:[a-z][a-z0-9-]{0,40}|\$[a-zA-Z][a-zA-Z0-9]{0,30})(?:\/(?:[a-z][a-z0-9-]{0,40}|\$[a-zA-Z][a-zA-Z0-9]{0,30})){0,7})?$/;

/** The client sends at most this many views per batch (it flushes every 10 s or 20 views). */
export const PAGE_VIEW_BATCH_MAX = 50;

/**
 * The route patterns of the client's router (src/client/routes/router.tsx builds one route per
 * declared manifest path): the only routes a page view may name (issue 26 item 5 — any pattern-shaped
 * name was stored, 1,500 invented ones in a second). tests/unit/page-views.test.ts checks this list
 * equals the client's route tree, so a new route added to a manifest must be added here too.
 */
export const PAGE_VIEW_ROUTES = [
  '/',
  '/active-environment',
  '/audit-log',
  '/buy-tag',
  '/categories',
  '/change-password',
  '/companies',
  '/company-groups',
  '/company-users',
  '/config-system',
  '/create-os',
  '/imports',
  '/inspections',
  '/inspections-report',
  '/jobs',
  '/logout',
  '/maintenances',
  '/my-day',
  '/my-plan',
  '/offline',
  '/os',
  '/password-reset',
  '/plans',
  '/plans-admin',
  '/platform-audit-log',
  '/products',
  '/profile',
  '/register',
  '/report',
  '/subcategories',
  '/t/$serial',
  '/tag-orders',
  '/tags',
  '/tags-qr-code',
  '/tags-replace',
  '/usage',
  '/verify/$code',
  '/user-companies',
  '/users',
  '/video-lessons',
  '/visit-plans',
  '/visits',
] as const;
export type PageViewRoute = (typeof PAGE_VIEW_ROUTES)[number];

const PAGE_VIEW_ROUTE_SET: ReadonlySet<string> = new Set(PAGE_VIEW_ROUTES);

/** Whether `route` is one of the client's route patterns. */
export function isPageViewRoute(route: string): route is PageViewRoute {
  return PAGE_VIEW_ROUTE_SET.has(route);
}
