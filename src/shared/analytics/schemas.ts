import { z } from 'zod';
import { idField, isoDateField } from '../fields.ts';

import { isPageViewRoute, PAGE_VIEW_BATCH_MAX, PAGE_VIEW_ROUTES, ROUTE_PATTERN } from './route-pattern.ts';

export { isPageViewRoute, PAGE_VIEW_BATCH_MAX, PAGE_VIEW_ROUTES, ROUTE_PATTERN };

/**
 * A route of the client's router (`PAGE_VIEW_ROUTES`); any other pattern-shaped name answers
 * 400 PAGE_VIEW_ROUTE_UNKNOWN naming it.
 */
export const routePatternField = z
  .string()
  .max(200)
  .regex(ROUTE_PATTERN)
  .superRefine((route, ctx) => {
    // A malformed name is refused by the pattern alone (VALIDATION_FAILED).
    if (ROUTE_PATTERN.test(route) && !isPageViewRoute(route))
      ctx.addIssue({
        code: 'custom',
        message: `Rota desconhecida: ${route}`,
        params: { code: 'PAGE_VIEW_ROUTE_UNKNOWN', route },
      });
  });

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
  /** Views per route, the busiest first (at most USAGE_ROUTES_MAX). */
  routes: z.array(z.object({ route: z.string(), views: z.number().int() })),
  /** True when more routes than the list shows had views. */
  routesCapped: z.boolean(),
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
