import { z } from 'zod';
import { idField, isoDateField } from '../fields.ts';

/**
 * A route pattern as the client's router declares it (`/t/$serial`, `/video-lessons`): lowercase
 * segments or `$param` placeholders. A segment that starts with a digit or carries upper case,
 * dots or a query is refused, so ids, serials and query values never reach the page views.
 */
export const ROUTE_PATTERN =
  /^\/(?:(?:[a-z][a-z0-9-]{0,40}|\$[a-zA-Z][a-zA-Z0-9]{0,30})(?:\/(?:[a-z][a-z0-9-]{0,40}|\$[a-zA-Z][a-zA-Z0-9]{0,30})){0,7})?$/;

export const routePatternField = z.string().max(200).regex(ROUTE_PATTERN);

/** The client sends at most this many views per batch (it flushes every 10 s or 20 views). */
export const PAGE_VIEW_BATCH_MAX = 50;

export const pageViewSchema = z.object({
  route: routePatternField,
  /** When the route was opened (the client's clock; the server keeps it within the last day). */
  at: z.coerce.date(),
});

export const pageViewBatchSchema = z.object({
  views: z.array(pageViewSchema).min(1).max(PAGE_VIEW_BATCH_MAX),
});
export type PageViewBatch = z.infer<typeof pageViewBatchSchema>;

export const pageViewBatchResultSchema = z.object({ stored: z.number().int() });

/** The longest range the usage page reads at once (daily buckets). */
export const USAGE_MAX_DAYS = 366;

/**
 * The usage page's input: a day range (inclusive, in APP_TIME_ZONE) and optionally one route or
 * one company; the same keys are the page's URL search params.
 */
export const usageInputSchema = z.object({
  from: isoDateField,
  to: isoDateField,
  route: routePatternField.optional(),
  companyId: idField.optional(),
});
export type UsageInput = z.infer<typeof usageInputSchema>;

export const usageSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  /** Every day of the range, zero-filled. */
  days: z.array(z.object({ day: z.string(), views: z.number().int() })),
  routes: z.array(z.object({ route: z.string(), views: z.number().int() })),
  /** Views per company (null: views made without a company, e.g. the provider admin's). */
  companies: z.array(
    z.object({
      companyId: z.number().int().nullable(),
      companyName: z.string().nullable(),
      groupName: z.string().nullable(),
      views: z.number().int(),
    }),
  ),
  /** True when more companies than the list shows had views (the top ones are listed). */
  companiesCapped: z.boolean(),
});
export type Usage = z.infer<typeof usageSchema>;
