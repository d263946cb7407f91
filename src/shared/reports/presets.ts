/**
 * The query parameters the inspection report reads on entry (seed 001 §2), as pure functions
 * (unit-tested in tests/unit/report-presets.test.ts). The page turns them into the list's own
 * filter params once, replacing the URL, so the result is bookmarkable and the preset params are
 * gone:
 *
 * | parameter                      | filter it sets                                                  |
 * |--------------------------------|-----------------------------------------------------------------|
 * | view=inspections-report        | lastInspectionExpirationStatus = EXPIRED_OR_EXPIRING            |
 * | employeeData                   | query = the text, accents stripped and lower-cased              |
 * | categoryData                   | query = the value inside the (last) parentheses, if any         |
 * | categoryDataStatus             | status (see `statusOfCategoryData`)                             |
 * | Doughnut                       | status: 0 EXPIRED, 1 IMPROPER, 2 VALID                          |
 * | histogramData                  | lastInspectionFrom/UpTo = one whole calendar month of the 24     |
 *
 * When several set the same filter, the later row of the table wins (categoryData over
 * employeeData, Doughnut over categoryDataStatus). Values that mean nothing are dropped, and their
 * parameter still leaves the URL.
 */
import type { z } from 'zod';
import { EQUIPMENT_STATUSES } from '../enums.ts';
import type { equipmentListSchema } from '../equipment/schemas.ts';
import { EXPIRED_OR_EXPIRING, type EquipmentStatus } from '../equipment/status.ts';
import { normalizeSearch } from '../text.ts';

export const PRESET_PARAMS = [
  'view',
  'employeeData',
  'categoryData',
  'categoryDataStatus',
  'Doughnut',
  'histogramData',
] as const;

/** The only `view` the report knows (the deep link /inspections-report lands on it). */
export const INSPECTIONS_REPORT_VIEW = 'inspections-report';

/** How many months the dashboard's histogram shows (seed 001 §9: it counts 24 months back). */
export const HISTOGRAM_MONTHS = 24;

/** Doughnut slice → equipment status (seed 001 §2). */
export const DOUGHNUT_STATUS: readonly EquipmentStatus[] = ['EXPIRED', 'IMPROPER', 'VALID'];

type ListFilters = z.output<typeof equipmentListSchema>;
/** The filters a preset may set. */
export type PresetPatch = Partial<
  Pick<
    ListFilters,
    'query' | 'status' | 'lastInspectionExpirationStatus' | 'lastInspectionFrom' | 'lastInspectionUpTo'
  >
>;

export interface Preset {
  /** the preset params present in the URL (all of them leave it) */
  consumed: string[];
  /** the list filters they set */
  patch: PresetPatch;
}

const text = (v: unknown): string | null => {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v : null;
};

/** The value inside the last pair of parentheses of `value`, trimmed; null without one. */
export function parenthesisedValue(value: string): string | null {
  const all = [...value.matchAll(/\(([^()]*)\)/g)];
  const inner = all.at(-1)?.[1]?.trim();
  return inner ? inner : null;
}

/**
 * categoryDataStatus → equipment status. The seed only says the parameter accompanies
 * categoryData; the dashboard's charts label bars by status, so any of these is read (case and
 * accents ignored): an equipment status name (NA, VALID, EXPIRED, IMPROPER), its Portuguese label
 * (válido, vencido, impróprio), the chart answers YES/SIM → VALID and NO/NÃO → IMPROPER (seed 000:
 * an answer NO counts as improper), or a Doughnut index (0, 1, 2). Anything else sets nothing.
 */
export function statusOfCategoryData(value: string): EquipmentStatus | null {
  const v = normalizeSearch(value).replace(/\s+/g, '_');
  if (/^[012]$/.test(v)) return DOUGHNUT_STATUS[Number(v)] ?? null;
  const upper = v.toUpperCase();
  if ((EQUIPMENT_STATUSES as readonly string[]).includes(upper)) return upper as EquipmentStatus;
  if (['valido', 'yes', 'sim', 'valid'].includes(v)) return 'VALID';
  if (['vencido', 'expirado'].includes(v)) return 'EXPIRED';
  if (['improprio', 'no', 'nao'].includes(v)) return 'IMPROPER';
  return null;
}

/**
 * The calendar month `index` of the histogram's 24 (0 = the oldest, 23 = the current month, as
 * the chart shows them left to right), as a day range. The current month ends today (the
 * last-inspection range allows no future day, seed 001 §5). `today` is YYYY-MM-DD in the
 * product's time zone (São Paulo). Null for an index outside 0–23.
 */
export function histogramMonthRange(index: number, today: string): { from: string; upTo: string } | null {
  if (!Number.isInteger(index) || index < 0 || index >= HISTOGRAM_MONTHS) return null;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const back = HISTOGRAM_MONTHS - 1 - index;
  const first = new Date(Date.UTC(y, m - 1 - back, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const upTo = iso(last) > today ? today : iso(last);
  return { from: iso(first), upTo };
}

/**
 * The preset of a report URL's search params, or null when it carries none. `today` is the
 * product's calendar day (YYYY-MM-DD, São Paulo).
 */
export function reportPreset(search: Record<string, unknown>, today: string): Preset | null {
  const consumed = PRESET_PARAMS.filter((k) => search[k] !== undefined && search[k] !== null);
  if (consumed.length === 0) return null;
  const patch: PresetPatch = {};

  if (text(search.view) === INSPECTIONS_REPORT_VIEW)
    patch.lastInspectionExpirationStatus = EXPIRED_OR_EXPIRING;

  const employee = text(search.employeeData);
  if (employee !== null) {
    const q = normalizeSearch(employee);
    if (q) patch.query = q.slice(0, 200);
  }

  const category = text(search.categoryData);
  const inner = category === null ? null : parenthesisedValue(category);
  if (inner) patch.query = inner.slice(0, 200);
  const categoryStatus = text(search.categoryDataStatus);
  const fromCategory = categoryStatus === null ? null : statusOfCategoryData(categoryStatus);
  if (fromCategory) patch.status = fromCategory;

  const doughnut = text(search.Doughnut)?.trim();
  if (doughnut !== undefined && /^[012]$/.test(doughnut)) patch.status = DOUGHNUT_STATUS[Number(doughnut)];

  const histogram = text(search.histogramData)?.trim();
  if (histogram !== undefined && /^\d{1,2}$/.test(histogram)) {
    const range = histogramMonthRange(Number(histogram), today);
    if (range) {
      patch.lastInspectionFrom = range.from;
      patch.lastInspectionUpTo = range.upTo;
    }
  }
  return { consumed, patch };
}
