import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './enums.ts';

/**
 * One list input for every paged list (tRPC input, REST query string and the client's URL state):
 * `page` (0-based), `pageSize` (10/100/1000), `query` (search text), `sort` (one of the list's
 * keys), `direction`, plus the list's own filters. REST coerces query strings with the same schema
 * (see server/kit/rest-input.ts), so a list is declared once.
 */
export const TRI_STATES = ['all', 'yes', 'no'] as const;
export type TriState = (typeof TRI_STATES)[number];

/** The enabled yes/no/all filter of every list (REST also accepts `true`/`false`). */
export const triStateFilter = () => z.enum(TRI_STATES).default('all');

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Deep pages are refused rather than turned into huge offsets. */
export const MAX_PAGE = 100_000;

export const pageSizeSchema = z
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'pageSize must be 10, 100 or 1000')
  .default(DEFAULT_PAGE_SIZE);

export function listSchema<
  const S extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(opts: { sort: S; defaultSort?: S[number]; defaultDirection?: SortDirection; filters?: F }) {
  return z.object({
    page: z.number().int().min(0).max(MAX_PAGE).default(0),
    pageSize: pageSizeSchema,
    query: z.string().max(200).optional(),
    sort: z.enum(opts.sort).default(opts.defaultSort ?? opts.sort[0]),
    direction: z.enum(SORT_DIRECTIONS).default(opts.defaultDirection ?? 'asc'),
    ...((opts.filters ?? {}) as F),
  });
}

/** What the server's list helper needs of any list input. */
export interface ListParams {
  page: number;
  pageSize: number;
  query?: string;
  sort: string;
  direction: SortDirection;
}

export interface Page<T> {
  items: T[];
  /** rows matching the filters, whatever the page (a lower bound when `totalCapped`) */
  total: number;
  page: number;
  pageSize: number;
  /** lists with a capped count (`fetchPage`'s `countCap`): more rows match than `total` says */
  totalCapped?: boolean;
}

/**
 * A page of a list whose count is capped (`countCap`): `totalCapped` true means at least `total`
 * rows match (show "10.000+"), and paging on past the total still works.
 */
export function cappedPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totalCapped: z.boolean() });
}

/** The output schema of a page of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** more rows match than `total` (the count stopped at LIST_COUNT_CAP) */
    totalCapped: z.boolean().optional(),
  });
}
