/**
 * A server-side list whose state lives in the route's search params (bookmarkable; back/forward
 * walk through it):
 *
 *   const trpc = useTRPC();
 *   const list = useServerList(trpc.organisations.companies.list, { schema: companyListSchema });
 *   list.input.enabled;                 // typed from the schema ('all' | 'yes' | 'no')
 *   list.setFilter('enabled', 'yes');   // → /#/companies?enabled=yes (page back to 0)
 *   <ListPage list={list} … />          // search box, filters, error, DataTable
 *
 * The schema is the list's shared `listSchema(...)`, the same one the procedure parses, so the
 * state read from the URL is a valid input. The search box text is debounced (300 ms) before it
 * reaches the URL and the query; the query keeps the previous page while the next one loads; a
 * page past the end (the server answers the true total) is replaced by the last one.
 */
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMatch, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import type { DecorateQueryProcedure, ResolverDef } from '@trpc/tanstack-react-query';
import * as React from 'react';
import type { Page } from '../../../shared/list.ts';
import { useDebouncedValue } from '../../lib/hooks.ts';
import {
  type ListBase,
  type ListSchema,
  type ListStateOf,
  lastPage,
  listSearchKey,
  mergeListSearch,
  nextListState,
  nextSort,
  parseListSearch,
  type UrlSearch,
} from './list-url.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** What DataTable needs of a list: its paging/sort state, the page of rows and the setters. */
export interface ListController<Row> {
  input: { page: number; pageSize: number; sort?: string; direction: 'asc' | 'desc' };
  data: Page<Row> | undefined;
  /** No data yet: skeleton rows. */
  loading: boolean;
  /** Refetching with the previous rows on screen: rows are dimmed. */
  fetching: boolean;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  /** A new column sorts ascending; the same column toggles. */
  toggleSort(column: string): void;
}

/** The row type of a list procedure (its output is a `Page<Row>`). */
export type RowOf<TDef extends ResolverDef> = TDef['output'] extends Page<infer R> ? R : never;
type FilterKey<S extends ListSchema> = Exclude<
  keyof ListStateOf<S> & string,
  'page' | 'pageSize' | 'query' | 'sort' | 'direction'
>;

export interface ServerList<S extends ListSchema, TDef extends ResolverDef>
  extends ListController<RowOf<TDef>> {
  /** The list state from the URL (schema output): what the procedure is called with. */
  input: ListStateOf<S>;
  /** The React Query result (error, refetch…). */
  query: UseQueryResult<TDef['output'], unknown>;
  /** The search box's text as typed (it reaches `input.query` after the debounce). */
  search: string;
  setSearch(text: string): void;
  setFilter<K extends FilterKey<S>>(key: K, value: ListStateOf<S>[K] | undefined): void;
  /** Several filters at once (e.g. a category and, cleared, its subcategory). */
  setFilters(patch: Partial<ListStateOf<S>>): void;
}

export interface ServerListOptions<S extends ListSchema, TDef extends ResolverDef> {
  schema: S;
  debounceMs?: number;
  /** Passed to useQuery (e.g. a polling `refetchInterval`, `staleTime`). */
  queryOptions?: {
    refetchInterval?: number | false | ((query: { state: { data?: TDef['output'] } }) => number | false);
    staleTime?: number;
  };
  /**
   * Dim the rows during every refetch (default), or only while another page/filter is loading
   * (for lists that poll).
   */
  dimOnRefetch?: boolean;
}

type QueryOptionsFn = (input: unknown, opts?: { placeholderData?: unknown }) => Record<string, unknown>;

/**
 * `procedure` is the tRPC query (`trpc.x.list`); the schema's output must be a valid input of it,
 * which TypeScript checks.
 */
export function useServerList<TDef extends ResolverDef, S extends ListSchema>(
  procedure: DecorateQueryProcedure<TDef>,
  opts: ServerListOptions<S, TDef> & { schema: ListStateOf<S> extends TDef['input'] ? S : never },
): ServerList<S, TDef> {
  const { schema, debounceMs = SEARCH_DEBOUNCE_MS, dimOnRefetch = true } = opts;
  // The search of this page's own route match (not of a page being navigated to).
  const raw = (useSearch({ strict: false, shouldThrow: false }) ?? {}) as UrlSearch;
  const navigate = useNavigate();
  const router = useRouter();
  const ownPath = useMatch({ strict: false, shouldThrow: false, select: (m) => m.pathname }) as
    | string
    | undefined;
  const key = listSearchKey(schema, raw);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the list's part of `raw`
  const input = React.useMemo(() => parseListSearch(schema, raw), [schema, key]);

  const update = React.useCallback(
    (patch: Record<string, unknown>, how: { replace?: boolean } = {}) => {
      // A search settling (or a clamp) after the user left the page must not land on the next
      // page's URL: only this page's own location is changed.
      if (ownPath !== undefined && router.latestLocation.pathname !== ownPath) return;
      void navigate({
        to: '.',
        replace: how.replace,
        search: ((prev: UrlSearch) =>
          mergeListSearch(
            prev,
            schema as ListSchema,
            nextListState(
              parseListSearch(schema as ListSchema, prev) as ListBase,
              patch as Partial<ListBase>,
            ),
          )) as never,
      });
    },
    [navigate, router, ownPath, schema],
  );

  // The search box: local text, debounced into the URL; the URL wins when it changes (back/forward).
  const urlQuery = input.query ?? '';
  const [search, setSearch] = React.useState(urlQuery);
  const debounced = useDebouncedValue(search, debounceMs);
  const urlQueryRef = React.useRef(urlQuery);
  urlQueryRef.current = urlQuery;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text is committed
  React.useEffect(() => {
    const q = debounced.trim();
    if (q !== urlQueryRef.current) update({ query: q || undefined });
  }, [debounced]);
  React.useEffect(() => {
    setSearch((text) => (text.trim() === urlQuery ? text : urlQuery));
  }, [urlQuery]);

  const queryOptions = (procedure.queryOptions as unknown as QueryOptionsFn)(input, {
    placeholderData: keepPreviousData,
  });
  const query = useQuery({ ...queryOptions, ...opts.queryOptions } as never) as UseQueryResult<
    TDef['output'],
    unknown
  >;
  const data = query.data as Page<RowOf<TDef>> | undefined;

  // Never stay past the end: the server answers the true total even for a page beyond it.
  const { page, pageSize } = input;
  React.useEffect(() => {
    if (!data || query.isPlaceholderData) return;
    const last = lastPage(data.total, pageSize);
    if (page > last) update({ page: last }, { replace: true });
  }, [data, query.isPlaceholderData, page, pageSize, update]);

  return {
    input,
    data,
    loading: query.isPending,
    fetching: dimOnRefetch ? query.isFetching : query.isFetching && query.isPlaceholderData,
    query,
    search,
    setSearch,
    setPage: (p) => update({ page: Math.max(0, p) }),
    setPageSize: (n) => update({ pageSize: n }),
    toggleSort: (column) => update(nextSort(input, column)),
    setFilter: (k, value) => update({ [k]: value }),
    setFilters: (patch) => update(patch as Record<string, unknown>),
  };
}

/**
 * A small list the server hands over whole (e.g. the groups of the signed-in user), paged on the
 * client with the same table. The state is local: there is nothing to bookmark.
 */
export function useLocalList<Row>(
  items: Row[] | undefined,
  opts: { loading: boolean; pageSize?: number },
): ListController<Row> {
  const [state, setState] = React.useState({
    page: 0,
    pageSize: opts.pageSize ?? 10,
    direction: 'asc' as const,
  });
  const start = state.page * state.pageSize;
  return {
    input: state,
    data: items
      ? {
          items: items.slice(start, start + state.pageSize),
          total: items.length,
          page: state.page,
          pageSize: state.pageSize,
        }
      : undefined,
    loading: opts.loading,
    fetching: false,
    setPage: (page) => setState((s) => ({ ...s, page: Math.max(0, page) })),
    setPageSize: (pageSize) => setState((s) => ({ ...s, pageSize, page: 0 })),
    toggleSort: () => {},
  };
}
