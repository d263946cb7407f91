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
import {
  CompiledQuery,
  type Expression,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { ListParams, Page, TriState } from '../../shared/list.ts';
import { cachedRead } from '../db/read-cache.ts';
import { baseDb } from '../db/database.ts';
import { Slot } from '../db/compiled.ts';
import { asJsonRows, executeJsonRows } from '../db/json-rows.ts';
import { documentSearchCondition, type SearchPlan, SearchSlot, searchCondition } from '../db/search.ts';
import { SEARCH_SUBSTRING_THRESHOLD } from '../../shared/text.ts';

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
  /**
   * Build a second page statement for a search text that matches more rows than the count's cap
   * (`PageStatements.manyMatches`; `compiledList` picks it by the count). Off by default.
   */
  manyMatchesPlan?: boolean;
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  select(q: SelectQueryBuilder<DB, TB, {}>): SelectQueryBuilder<DB, TB, O>;
}

export async function fetchPage<DB, TB extends keyof DB, O>(
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  base: SelectQueryBuilder<DB, TB, {}>,
  input: ListParams,
  spec: PageSpec<DB, TB, O>,
): Promise<Page<O>> {
  const filtered = filteredBase(base, input, spec);
  const { cap } = pageWindow(input, spec.countCap);
  const [items, total] = await Promise.all([
    orderedPage(spec.select(filtered), input, spec).execute(),
    countRows(countStatement(filtered, cap)),
  ]);
  return toPage(items as O[], total, cap, input);
}

/** The two statements of a page: its rows, and its capped count (already wrapped in `count(*)`). */
export interface PageStatements {
  page: CompiledQuery;
  count: CompiledQuery;
  /** the count's cap for this page (`total` is at most this) */
  cap: number;
  /**
   * The page for a search text the count found more than `cap` rows for (`compiledList` runs the
   * count first, then this one instead of `page`). Its text is opaque to the planner
   * (db/search.ts `SearchPlan`), so Postgres keeps ONE generic plan for it instead of planning
   * every call: `page` is planned per call on purpose — a generic plan of it picked the sort's index
   * with the match as a filter for every text, 91 ms instead of 12 for a rare word — but a text
   * matching more than the cap (≥ 1,000 rows) is exactly the case that plan serves, and planning
   * was most of Postgres' work for such a call (issue 32). Built only for the first
   * `MANY_MATCHES_PAGE_END` rows: deeper in the list the generic estimate picks the trigram index
   * and a sort of every match instead.
   */
  manyMatches?: CompiledQuery;
  /** The page read as one json value per row (`jsonRowsPage`); `compiledList` runs these instead. */
  json?: { dates: readonly string[]; page: CompiledQuery; manyMatches?: CompiledQuery };
}

/**
 * `statements` with their page read as one json value per row (db/json-rows.ts): for wide rows,
 * where `pg`'s field-by-field parse is most of a computed page's work. `dates`: the rows'
 * timestamptz columns; `order`: a column of the rows that keeps the page's order.
 */
export function jsonRowsPage(
  statements: PageStatements,
  dates: readonly string[],
  order: string,
): PageStatements {
  return {
    ...statements,
    json: {
      dates,
      page: asJsonRows(statements.page, order),
      ...(statements.manyMatches ? { manyMatches: asJsonRows(statements.manyMatches, order) } : {}),
    },
  };
}

/**
 * `manyMatches` is built for pages ending within this many rows. A text matching more than the cap
 * is found in at least 1 row in `tableRows / cap`, so the sort's index reads about
 * `pageEnd × tableRows / cap` rows at most: 10,000 of 100,000 products for the 100th row.
 */
export const MANY_MATCHES_PAGE_END = 100;

/** The page's rows and its capped count as compiled statements (what `fetchPage` runs). */
export function pageStatements<DB, TB extends keyof DB, O>(
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  base: SelectQueryBuilder<DB, TB, {}>,
  input: ListParams,
  spec: PageSpec<DB, TB, O>,
): PageStatements {
  const filtered = filteredBase(base, input, spec);
  const { cap } = pageWindow(input, spec.countCap);
  const query: unknown = input.query;
  const many =
    spec.manyMatchesPlan &&
    (query instanceof SearchSlot || (typeof query === 'string' && query.trim() !== '')) &&
    (input.page + 1) * input.pageSize <= MANY_MATCHES_PAGE_END;
  return {
    page: orderedPage(spec.select(filtered), input, spec).compile(),
    count: countStatement(filtered, cap),
    cap,
    ...(many
      ? {
          manyMatches: orderedPage(
            spec.select(filteredBase(base, input, spec, 'opaque')),
            input,
            spec,
          ).compile(),
        }
      : {}),
  };
}

/** `base` with the search text's condition (if any). */
export function filteredBase<DB, TB extends keyof DB, O>(
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  base: SelectQueryBuilder<DB, TB, {}>,
  input: ListParams,
  spec: Pick<PageSpec<DB, TB, O>, 'search' | 'searchDocument'>,
  plan: SearchPlan = 'planned',
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
): SelectQueryBuilder<DB, TB, {}> {
  const search = spec.searchDocument
    ? documentSearchCondition(input.query, spec.searchDocument, plan)
    : spec.search
      ? searchCondition(input.query, spec.search, plan)
      : null;
  return search ? base.where(search) : base;
}

/** The list's order (sort key, then the tiebreak, in the asked direction), limit and offset. */
export function orderedPage<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  input: ListParams,
  spec: Pick<PageSpec<DB, TB, O>, 'sorts' | 'tiebreak' | 'nullsLast'>,
): SelectQueryBuilder<DB, TB, O> {
  return (
    q
      .orderBy(pageOrder(input, spec))
      // Literals, not parameters: with `limit $1` Postgres cannot tell a page of 10 from the whole
      // table in a generic plan, so it planned every call again (~0.25 ms of Postgres per list
      // call, issue 12). Both are validated integers; the prepared text is one per page size/offset.
      .limit(sql.lit(input.pageSize))
      .offset(sql.lit(input.page * input.pageSize))
  );
}

/** `<sort> <dir> [nulls last], <tiebreak> <dir>`: the list's ORDER BY. */
export function pageOrder(
  input: ListParams,
  spec: { sorts: Record<string, Expression<unknown>>; tiebreak: Expression<unknown>; nullsLast?: boolean },
) {
  const sortExpr = spec.sorts[input.sort] ?? Object.values(spec.sorts)[0]!;
  const dir = input.direction === 'desc' ? sql`desc` : sql`asc`;
  const nulls = spec.nullsLast ? sql`nulls last` : sql``;
  return sql`${sortExpr} ${dir} ${nulls}, ${spec.tiebreak} ${dir}`;
}

/** How many rows the count reads at most: the list's cap, and at least to the end of the asked page. */
export function pageWindow(input: ListParams, countCap = LIST_COUNT_CAP): { cap: number } {
  return { cap: Math.max(countCap, (input.page + 1) * input.pageSize) };
}

/**
 * The capped count of `filtered`'s rows, compiled by the list's own Kysely (a tenant's adds its
 * schema while compiling), then wrapped.
 */
export function countStatement<DB, TB extends keyof DB>(
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet
  filtered: SelectQueryBuilder<DB, TB, {}>,
  cap: number,
): CompiledQuery {
  const rows = filtered
    .select(sql`1`.as('one'))
    .limit(sql.lit(cap + 1))
    .compile();
  return CompiledQuery.raw(`select count(*)::int as n from (${rows.sql}) as capped`, [...rows.parameters]);
}

function toPage<O>(items: O[], total: number, cap: number, input: ListParams): Page<O> {
  return {
    items,
    total: Math.min(total, cap),
    page: input.page,
    pageSize: input.pageSize,
    totalCapped: total > cap,
  };
}

/** Compiled shapes per Kysely instance (one per tenant schema), so tenants never share a text. */
const shapes = new WeakMap<object, Map<string, PageStatements>>();
/** Shapes remembered per instance before its map starts again. */
const SHAPES_PER_DB = 1000;

/**
 * A list whose statements are built and compiled once per *shape* (issue 32): building a Kysely
 * query with a dozen optional filters, and compiling it, was about a fifth of a list call's CPU.
 * The shape is everything that changes the SQL text: the tenant (the Kysely instance), the list,
 * page, page size, sort, direction, which `values` are present, the search text's kind (none,
 * whole value, substring — `db/search.ts`), and the value of every key NOT in `values` (enums
 * such as a status, yes/no/all filters, booleans: they pick a condition, so each is its own
 * text). `statements` is called once per shape with an input whose `values` (present and
 * non-empty) and search text are `Slot`s (it must not inspect them beyond "present"); each call
 * then runs the cached SQL with its own values in the slots' places.
 *
 *   const page = compiledList<Input, Row>(['companyId', 'createFrom'], (db, input) =>
 *     pageStatements(base(db, input), input, spec));
 *   const rows = await page(ctx.auth.tenant, input);
 *
 * Values absent or empty (`''`, `0`, `false`, `null`) are part of the shape as they are, so
 * `!!input.x` and `input.x !== undefined` decide alike in the build and in the call.
 * Anything else the build reads (the time zone in `dayStart`, constants) is fixed in the text: it
 * must not change while the process runs.
 */
export function compiledList<I extends ListParams, O>(
  values: readonly (keyof I & string)[],
  statements: (db: Kysely<any>, input: I) => PageStatements,
): (db: Kysely<any>, input: I) => Promise<Page<O>> {
  const valueKeys = new Set<string>(values);
  return async (db, input) => {
    const record = input as unknown as Record<string, unknown>;
    const key = shapeKey(record, valueKeys);
    let byShape = shapes.get(db);
    if (!byShape) {
      byShape = new Map();
      shapes.set(db, byShape);
    }
    let compiled = byShape.get(key);
    if (!compiled) {
      compiled = statements(db, slotted(record, valueKeys) as unknown as I);
      if (byShape.size >= SHAPES_PER_DB) byShape.clear();
      byShape.set(key, compiled);
    }
    const fill = (q: CompiledQuery) =>
      CompiledQuery.raw(
        q.sql,
        q.parameters.map((p) => (p instanceof Slot ? p.pick(record) : p)),
      );
    const { json } = compiled;
    const rows = async (plain: CompiledQuery, asJson: CompiledQuery | undefined) =>
      json && asJson
        ? executeJsonRows<O>(db, fill(asJson), json.dates)
        : (await db.executeQuery<O>(fill(plain))).rows;
    if (compiled.manyMatches) {
      // The count (usually from the read cache) says which of the two page statements fits the text.
      const total = await countRows(fill(compiled.count));
      const many = total > compiled.cap;
      const items = await rows(
        many ? compiled.manyMatches : compiled.page,
        many ? json?.manyMatches : json?.page,
      );
      return toPage(items, total, compiled.cap, input);
    }
    const [items, total] = await Promise.all([
      rows(compiled.page, json?.page),
      countRows(fill(compiled.count)),
    ]);
    return toPage(items, total, compiled.cap, input);
  };
}

const searchKind = (query: unknown) => {
  const q = typeof query === 'string' ? query.trim() : '';
  return !q ? '' : q.length < SEARCH_SUBSTRING_THRESHOLD ? 'whole' : 'substring';
};

/** A value that is a parameter of the shape (anything else is part of its text). */
const isSlotted = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== 0 && v !== false;

function shapeKey(input: Record<string, unknown>, values: Set<string>): string {
  const parts: unknown[] = [];
  for (const k of Object.keys(input).sort()) {
    const v = input[k];
    // An undefined key is an absent one (the build sees `undefined` either way).
    if (v === undefined) continue;
    if (k === 'query') parts.push(k, searchKind(v));
    else if (values.has(k)) parts.push(k, isSlotted(v) ? '?' : v);
    else parts.push(k, v);
  }
  return JSON.stringify(parts);
}

function slotted(input: Record<string, unknown>, values: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'query') {
      const kind = searchKind(v);
      out[k] = kind ? new SearchSlot(kind === 'whole', (i) => (i.query as string).trim()) : v;
    } else out[k] = values.has(k) && isSlotted(v) ? new Slot((i) => i[k]) : v;
  }
  return out;
}

/** The capped count, reused for a few seconds while nothing in its schemas changes (db/read-cache.ts). */
function countRows(compiled: CompiledQuery): Promise<number> {
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
