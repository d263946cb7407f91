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
