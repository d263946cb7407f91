/**
 * The dashboard's pure rules on the client (unit-tested in tests/unit/dashboard-model.test.ts): the
 * monthly chart's 24 bars and their `histogramData` index, month labels and counts in the user's
 * language, the screen's URL state (the scope a role may pick and the range charts' period, seed
 * 000 §5/§9), the report link of each chart element (over src/shared/dashboard/drill-down.ts) and
 * the product chart's bars.
 */
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/enums.ts';
import type { EquipmentStatus } from '../../../shared/equipment/status.ts';
import type { Role } from '../../../shared/roles.ts';
import { dashboardMonths } from '../../../shared/dashboard/months.ts';
import {
  employeeLink,
  INSPECTION_REPORT_PATH,
  inspectionTypeLink,
  monthLink,
  productLink,
  statusLink,
} from '../../../shared/dashboard/drill-down.ts';
import { DASHBOARD_DEFAULT_START, type ProductAnswer } from '../../../shared/dashboard/schemas.ts';
import { DOUGHNUT_STATUS, HISTOGRAM_MONTHS } from '../../../shared/reports/presets.ts';

// ── months ──────────────────────────────────────────────────────────────────────────────────────

export interface MonthBar {
  /** YYYY-MM */
  yearMonth: string;
  /** the `histogramData` index: 0 the oldest month, 23 the current one */
  index: number;
  value: number;
}

/**
 * The 24 bars of the monthly chart, oldest first, from the server's points: position i is the
 * month the report selects for `histogramData = i` (`dashboardMonths`, `histogramMonthRange`).
 * Points are placed by their month, so a month the answer lacks shows zero and a point outside the
 * 24 (the day changed between the answer and now) is dropped.
 */
export function monthBars(
  points: readonly { yearMonth: string; value: number }[],
  today: string,
): MonthBar[] {
  const bars = dashboardMonths(today).map((m, index) => ({ yearMonth: m.yearMonth, index, value: 0 }));
  const byMonth = new Map(bars.map((b) => [b.yearMonth, b]));
  for (const p of points) {
    const bar = byMonth.get(p.yearMonth.slice(0, 7));
    if (bar) bar.value += p.value;
  }
  return bars;
}

// ── the user's language ─────────────────────────────────────────────────────────────────────────

/** The Intl locale of each language of the product. */
export const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en', es: 'es' };

function localeOf(lang: string): string {
  return LOCALES[lang as Language] ?? LOCALES[DEFAULT_LANGUAGE];
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A count in the user's language: 12345 → "12.345" (pt, es), "12,345" (en). */
export function formatCount(value: number, lang: string): string {
  const locale = localeOf(lang);
  let f = numberFormats.get(locale);
  if (!f) {
    // es leaves 4-digit numbers ungrouped by default ("1234"); group them like the other two
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
    numberFormats.set(locale, f);
  }
  return f.format(value);
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(locale: string, style: 'short' | 'long'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let f = monthFormats.get(key);
  if (!f) {
    f =
      style === 'short'
        ? new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
        : new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(key, f);
  }
  return f;
}

function monthDate(yearMonth: string): Date {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1));
}

/** The axis label of a month: "jan/25" (pt), "Jan/25" (en), "ene/25" (es). */
export function shortMonthLabel(yearMonth: string, lang: string): string {
  const name = monthFormat(localeOf(lang), 'short').format(monthDate(yearMonth)).replace(/\.$/, '');
  return `${name}/${yearMonth.slice(2, 4)}`;
}

/** The full name of a month: "janeiro de 2025", "January 2025", "enero de 2025". */
export function longMonthLabel(yearMonth: string, lang: string): string {
  return monthFormat(localeOf(lang), 'long').format(monthDate(yearMonth));
}

// ── the screen's URL state ──────────────────────────────────────────────────────────────────────

/** The range charts start here unless the user picks another day (seed 000 §9). */
export const DEFAULT_DATE_START = DASHBOARD_DEFAULT_START;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_ID = 2 ** 31 - 1;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function idOf(value: unknown): number | undefined {
  const s = typeof value === 'number' ? String(value) : value;
  if (typeof s !== 'string' || !/^\d{1,10}$/.test(s.trim())) return undefined;
  const n = Number(s.trim());
  return n >= 1 && n <= MAX_ID ? n : undefined;
}

/** What the dashboard shows: its scope and the date range of the employee and product charts. */
export interface DashboardState {
  /** the provider admin's chosen company group (none: the session's own group) */
  companyGroupId?: number;
  /** one company of the group (none: all of them) */
  companyId?: number;
  /** YYYY-MM-DD */
  dateStart: string;
  /** YYYY-MM-DD */
  dateEnd: string;
}

/** The keys the dashboard keeps in the URL. */
export const DASHBOARD_KEYS = ['companyGroupId', 'companyId', 'dateStart', 'dateEnd'] as const;

/**
 * The state in the URL's search params. Ids must be positive integers; the range must be two real
 * days, none after today, the start not after the end — otherwise the default range (2018-01-01 →
 * today) applies.
 */
export function parseDashboardSearch(search: Record<string, unknown>, today: string): DashboardState {
  const state: DashboardState = { dateStart: DEFAULT_DATE_START, dateEnd: today };
  const group = idOf(search.companyGroupId);
  if (group !== undefined) state.companyGroupId = group;
  const company = idOf(search.companyId);
  if (company !== undefined) state.companyId = company;
  const { dateStart, dateEnd } = search;
  if (isIsoDay(dateStart) && isIsoDay(dateEnd) && dateStart <= dateEnd && dateEnd <= today) {
    state.dateStart = dateStart;
    state.dateEnd = dateEnd;
  }
  return state;
}

/**
 * The URL's search params of a state: strings, the default range left out (a clean URL is the
 * default dashboard); other params of the URL are kept.
 */
export function dashboardSearch(
  prev: Record<string, unknown>,
  state: DashboardState,
  today: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(prev))
    if (!(DASHBOARD_KEYS as readonly string[]).includes(k) && typeof v === 'string') out[k] = v;
  if (state.companyGroupId !== undefined) out.companyGroupId = String(state.companyGroupId);
  if (state.companyId !== undefined) out.companyId = String(state.companyId);
  if (state.dateStart !== DEFAULT_DATE_START || state.dateEnd !== today) {
    out.dateStart = state.dateStart;
    out.dateEnd = state.dateEnd;
  }
  return out;
}

/** The state a role may choose: ids it may not set are dropped. */
export function stateForRole(state: DashboardState, role: Role | null): DashboardState {
  const { companyGroupId, companyId, ...range } = state;
  if (role === 'MOBCHECK_ADMIN') return state;
  if (role === 'COMPANY_GROUP_ADMIN') return companyId === undefined ? range : { ...range, companyId };
  return range;
}

/** The scope every dashboard call takes. */
export function scopeInput(state: DashboardState): { companyGroupId?: number; companyId?: number } {
  const out: { companyGroupId?: number; companyId?: number } = {};
  if (state.companyGroupId !== undefined) out.companyGroupId = state.companyGroupId;
  if (state.companyId !== undefined) out.companyId = state.companyId;
  return out;
}

// ── drill-down into the inspection report ───────────────────────────────────────────────────────

/** A link to the inspection report: path and search params. */
export interface ReportLink {
  to: typeof INSPECTION_REPORT_PATH;
  search: Record<string, string>;
}

/** What a chart element drills into. */
export type DrillDown =
  /** a month of the monthly chart (0 the oldest of the 24) */
  | { kind: 'month'; index: number }
  /** a doughnut slice */
  | { kind: 'status'; status: EquipmentStatus }
  /** an inspector's bar (a range chart) */
  | { kind: 'employee'; name: string }
  /** a product's bar segment (a range chart) */
  | { kind: 'product'; productId: number; name: string; sku: string; answer: ProductAnswer }
  /** a subcategory's bar (a range chart); `categoryId` when known, so the report's selects show it */
  | { kind: 'inspectionType'; inspectionTypeId: number; label: string; categoryId?: number };

/** What the chart shows: the company picked (if any) and the range charts' days. */
export interface LinkScope {
  companyId?: number;
  dateStart: string;
  dateEnd: string;
}

/**
 * The report link of a chart element: the shared rules of src/shared/dashboard/drill-down.ts (the
 * seed's preset parameters plus the report's own filters that make it list exactly what the chart
 * counted), and for a subcategory its category's id too (the report's category select then shows
 * it; it selects nothing more, the subcategory is that category's). Null for an element the report
 * cannot select (a status the doughnut does not have, a month outside the 24).
 */
export function reportLink(target: DrillDown, scope: LinkScope): ReportLink | null {
  const drill = { companyId: scope.companyId };
  const range = { from: scope.dateStart, upTo: scope.dateEnd };
  let search: Record<string, string>;
  switch (target.kind) {
    case 'month':
      if (!Number.isInteger(target.index) || target.index < 0 || target.index >= HISTOGRAM_MONTHS)
        return null;
      search = monthLink(target.index, drill);
      break;
    case 'status':
      if (!(DOUGHNUT_STATUS as readonly string[]).includes(target.status)) return null;
      search = statusLink(target.status as 'EXPIRED' | 'IMPROPER' | 'VALID', drill);
      break;
    case 'employee':
      search = employeeLink(target.name, range, drill);
      break;
    case 'product':
      search = productLink(target, range, drill);
      break;
    case 'inspectionType':
      search = inspectionTypeLink(target, range, drill);
      if (target.categoryId !== undefined) search.categoryId = String(target.categoryId);
      break;
  }
  return { to: INSPECTION_REPORT_PATH, search };
}

/** The link's URL inside the app (the part after '#'). */
export function reportHref(link: ReportLink): string {
  const query = new URLSearchParams(link.search).toString();
  return query ? `${link.to}?${query}` : link.to;
}

// ── the product chart ───────────────────────────────────────────────────────────────────────────

/** "name (SKU)": the product chart's axis label. */
export function productLabel(name: string, sku: string): string {
  return `${name} (${sku})`;
}

/** One product's bar: its equipment by answer (YES valid, NO improper, EXPIRED). */
export interface ProductBar {
  productId: number;
  name: string;
  sku: string;
  /** "name (SKU)": the axis label */
  label: string;
  YES: number;
  NO: number;
  EXPIRED: number;
  total: number;
}

/**
 * The server's rows (one per product and answer) as one bar per product, in the answer's order
 * (most equipment first); a repeated row adds up.
 */
export function productBars(
  rows: readonly { productId: number; name: string; sku: string; answer: ProductAnswer; qtt: number }[],
): ProductBar[] {
  const bars = new Map<number, ProductBar>();
  for (const r of rows) {
    let bar = bars.get(r.productId);
    if (!bar) {
      bar = {
        productId: r.productId,
        name: r.name,
        sku: r.sku,
        label: productLabel(r.name, r.sku),
        YES: 0,
        NO: 0,
        EXPIRED: 0,
        total: 0,
      };
      bars.set(r.productId, bar);
    }
    bar[r.answer] += r.qtt;
    bar.total += r.qtt;
  }
  return [...bars.values()];
}
