/**
 * The URL ⇄ list-state mapping of every server list, as pure functions (unit-tested in
 * tests/unit/list-url.test.ts). A list's state is the output of its shared `listSchema(...)`
 * (src/shared/list.ts): `{ page, pageSize, query?, sort, direction, ...filters }`. In the URL it is
 * the same keys as plain strings (the REST query string of the same list reads them the same way;
 * `page` stays 0-based), and values equal to the schema's defaults are left out, so a clean URL is
 * the default list.
 */
import type { z } from 'zod';
import type { SortDirection } from '../../../shared/list.ts';

/** Any list input schema made with `listSchema(...)`. */
export type ListSchema = z.ZodObject<z.ZodRawShape>;
/** What every list state has (see `listSchema`). */
export interface ListBase {
  page: number;
  pageSize: number;
  query?: string;
  sort: string;
  direction: SortDirection;
}
/** The parsed list state (page, pageSize, query, sort, direction and the list's filters). */
export type ListStateOf<S extends ListSchema> = z.output<S> & ListBase;
/** Search params as the router hands them over (strings from the URL, whatever we navigated with). */
export type UrlSearch = Record<string, unknown>;

/** The default state of a list: the schema parsed from nothing. */
export function listDefaults<S extends ListSchema>(schema: S): ListStateOf<S> {
  return schema.parse({}) as ListStateOf<S>;
}

/** The keys a list keeps in the URL: every key of its schema. */
export function listKeys(schema: ListSchema): string[] {
  return Object.keys(schema.shape);
}

/**
 * One URL value through its field's schema: tried as the string it is, then as a number (for
 * `page`, `pageSize`, ids) and as a boolean (`true`/`false`). `undefined` when nothing fits.
 */
function coerceField(field: z.ZodType, raw: unknown): { ok: true; value: unknown } | { ok: false } {
  const candidates: unknown[] = [raw];
  if (typeof raw === 'string') {
    const s = raw.trim();
    if (/^-?\d+(\.\d+)?$/.test(s)) candidates.push(Number(s));
    if (s === 'true') candidates.push(true);
    if (s === 'false') candidates.push(false);
  }
  for (const c of candidates) {
    const r = field.safeParse(c);
    if (r.success) return { ok: true, value: r.data };
  }
  return { ok: false };
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The list state in `search`: each key coerced through the schema; a missing or invalid value
 * (hand-edited URL, a sort key that no longer exists) falls back to its default.
 */
export function parseListSearch<S extends ListSchema>(schema: S, search: UrlSearch): ListStateOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = search[key];
    if (isBlank(raw)) continue;
    const r = coerceField(field, raw);
    if (r.ok && r.value !== undefined) out[key] = r.value;
  }
  const parsed = schema.safeParse(out);
  return parsed.success ? (parsed.data as ListStateOf<S>) : listDefaults(schema);
}

/** The URL form of a list state: strings, without the values equal to the defaults (nor blanks). */
export function serializeListState(schema: ListSchema, state: object): Record<string, string> {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of listKeys(schema)) {
    const v = (state as Record<string, unknown>)[key];
    if (isBlank(v)) continue;
    const s = typeof v === 'string' ? v.trim() : String(v);
    if (s === '') continue;
    const d = defaults[key];
    if (!isBlank(d) && String(d) === s) continue;
    out[key] = s;
  }
  return out;
}

/**
 * The next search params: the route's other params as they are, the list's keys replaced by the
 * serialised `state` (so a key back at its default disappears from the URL).
 */
export function mergeListSearch(
  current: UrlSearch,
  schema: ListSchema,
  state: object,
): Record<string, unknown> {
  const keys = new Set(listKeys(schema));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(current)) if (!keys.has(k) && !isBlank(v)) out[k] = v;
  return { ...out, ...serializeListState(schema, state) };
}

/** A stable string of the list's part of `search` (to memoise the parsed state on). */
export function listSearchKey(schema: ListSchema, search: UrlSearch): string {
  return listKeys(schema)
    .map((k) => (isBlank(search[k]) ? '' : `${k}=${String(search[k])}`))
    .join('&');
}

/**
 * Applies a change to a list state. Changing anything but the page (search, a filter, the page
 * size, the sort) goes back to the first page.
 */
export function nextListState<T extends { page: number }>(current: T, patch: Partial<T>): T {
  const changed = (Object.keys(patch) as (keyof T)[]).some(
    (k) => k !== 'page' && !sameValue(current[k], patch[k]),
  );
  const next = { ...current, ...patch };
  if (changed) next.page = 0;
  return next;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  return a === b;
}

/** Sort transition: a new column starts ascending; the same column toggles. */
export function nextSort(
  current: { sort?: string; direction: SortDirection },
  column: string,
): { sort: string; direction: SortDirection } {
  if (current.sort !== column) return { sort: column, direction: 'asc' };
  return { sort: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** The last page (0-based) of `total` rows; 0 for an empty list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}
