/**
 * The one server helper for paged lists: filters (from the caller), the product's search over
 * `search` columns, a sort map with a stable tiebreak, limit/offset, and the true total from a
 * separate count (so a page past the end still says how many rows match). The count stops after
 * `countCap` rows (LIST_COUNT_CAP unless a list sets its own), so no list call's cost grows with
 * the tenant's size; the page says `totalCapped` when more rows match (shown "1000+").
 *
 *   const base = ctx.auth.tenant.selectFrom('categories as c').where(enabledIs(sql.ref('c.enabled'), input.enabled));
 *   return fetchPage(base, input, {
 *     search: [sql.ref('c.name')],
 *     sorts: { name: sql`core.search_text(c.name)`, updateDate: sql.ref('c.updated_at') },
 *     tiebreak: sql.ref('c.id'),
 *     select: (q) => q.select(['c.id', 'c.name']),
 *   });
 */
import { CompiledQuery, type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { ListParams, Page, TriState } from '../../shared/list.ts';
import { cachedRead } from '../db/read-cache.ts';
import { baseDb } from '../db/database.ts';
import { documentSearchCondition, searchCondition } from '../db/search.ts';

/**
 * How many matching rows a list counts at most. An exact `count(*)` over 100,000 products was
 * 38 ms against a 2 ms page (issue 12); past a thousand rows a person pages or filters anyway.
 */
export const LIST_COUNT_CAP = 1000;

export interface PageSpec<DB, TB extends keyof DB, O> {
  /** Columns the search text matches (accent/case-insensitive, see db/search.ts). */
  search?: Expression<unknown>[];
  /**
   * Or a stored search document (db/search.ts `searchDocument`) the search text matches: cheaper
   * per row than `search` (no function call) and served by one trigram index.
   */
  searchDocument?: Expression<unknown>;
  /** Sort key → expression; the input's `sort` picks one (unknown keys fall back to the first). */
  sorts: Record<string, Expression<unknown>>;
  /** A unique column, so rows with equal sort values keep one order across pages. */
  tiebreak: Expression<unknown>;
  /**
   * Sort nulls after the values in both directions. Off by default: Postgres' own order (nulls
   * count as largest) lets a descending sort read a b-tree index backwards; `nulls last` on a
   * descending sort forces a full sort of the matching rows.
   */
  nullsLast?: boolean;
  /**
   * Count at most this many matching rows (at least up to the end of the asked page): `total` is
   * exact below it; above it `total` is the cap and `totalCapped` is true. An exact `count(*)` of a
   * join over 100,000 rows costs far more than the page itself.
   */
  countCap?: number;
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  select(q: SelectQueryBuilder<DB, TB, {}>): SelectQueryBuilder<DB, TB, O>;
}

export async function fetchPage<DB, TB extends keyof DB, O>(
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  base: SelectQueryBuilder<DB, TB, {}>,
  input: ListParams,
  spec: PageSpec<DB, TB, O>,
): Promise<Page<O>> {
  const search = spec.searchDocument
    ? documentSearchCondition(input.query, spec.searchDocument)
    : spec.search
      ? searchCondition(input.query, spec.search)
      : null;
  const filtered = search ? base.where(search) : base;
  const sortExpr = spec.sorts[input.sort] ?? Object.values(spec.sorts)[0]!;
  const dir = input.direction === 'desc' ? sql`desc` : sql`asc`;
  const nulls = spec.nullsLast ? sql`nulls last` : sql``;
  const cap = Math.max(spec.countCap ?? LIST_COUNT_CAP, (input.page + 1) * input.pageSize);
  const [items, total] = await Promise.all([
    spec
      .select(filtered)
      .orderBy(sql`${sortExpr} ${dir} ${nulls}`)
      .orderBy(sql`${spec.tiebreak} ${dir}`)
      // Literals, not parameters: with `limit $1` Postgres cannot tell a page of 10 from the whole
      // table in a generic plan, so it planned every call again (~0.25 ms of Postgres per list
      // call, issue 12). Both are validated integers; the prepared text is one per page size/offset.
      .limit(sql.lit(input.pageSize))
      .offset(sql.lit(input.page * input.pageSize))
      .execute(),
    // Compiled by the list's own Kysely (a tenant's adds its schema while compiling), then wrapped.
    countRows(
      filtered
        .select(sql`1`.as('one'))
        .limit(sql.lit(cap + 1))
        .compile(),
    ),
  ]);
  const page: Page<O> = {
    items: items as O[],
    total: Math.min(total, cap),
    page: input.page,
    pageSize: input.pageSize,
    totalCapped: total > cap,
  };
  return page;
}

/** The capped count, reused for a few seconds while nothing in its schemas changes (db/read-cache.ts). */
function countRows(rows: CompiledQuery): Promise<number> {
  const compiled = CompiledQuery.raw(`select count(*)::int as n from (${rows.sql}) as capped`, [
    ...rows.parameters,
  ]);
  return cachedRead(compiled, async () => (await baseDb().executeQuery<{ n: number }>(compiled)).rows[0]!.n);
}

/** Maps the rows of a page, keeping its counters. */
export function mapPage<T, U>(page: Page<T>, fn: (row: T) => U): Page<U> {
  return { ...page, items: page.items.map(fn) };
}

/** The yes/no/all filter on a boolean column; `true` for all. */
export function triStateIs(column: Expression<unknown>, value: TriState | undefined) {
  if (!value || value === 'all') return sql<SqlBool>`true`;
  return sql<SqlBool>`${column} = ${value === 'yes'}`;
}
