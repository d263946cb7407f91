/**
 * Where each dashboard chart leads (issue 15): the inspection report's URL search params for a
 * clicked bar or slice — the seed's preset parameters (seed 001 §2: histogramData, Doughnut,
 * employeeData, categoryData + categoryDataStatus) plus the report's own list parameters that make
 * the report list exactly the equipment the chart counted (company, last-inspection range, the
 * product or subcategory, the inspector). Pure and shared: the client builds its links with it and
 * tests/integration/dashboard/drill-down.test.ts proves that each chart's number is the report's
 * total for that link.
 *
 * Every link sets `enabledTagsOnly=false`: the charts count every equipment of the scope whatever
 * its tag's state (the summary's equipment total is the sum of the status doughnut and NA), so the
 * report must not hide the ones on disabled tags.
 *
 * The report reads the session's company group: a provider admin looking at another group
 * (`companyGroupId`) switches the session to it (PUT /web/logged-user/company/) before following a
 * link, or the report shows the session's group.
 */
import { DOUGHNUT_STATUS } from '../reports/presets.ts';
import type { ProductAnswer } from './schemas.ts';

/** The inspection report's route (it applies the presets on entry). */
export const INSPECTION_REPORT_PATH = '/inspections';

export type ReportSearch = Record<string, string>;

export interface DrillScope {
  /** the company the dashboard shows (undefined or null: the whole group) */
  companyId?: number | null;
}

/** The day range a range chart was read with, resolved (dateEnd's default is today). */
export interface DrillRange {
  from: string;
  upTo: string;
}

function base(scope: DrillScope): ReportSearch {
  const out: ReportSearch = { enabledTagsOnly: 'false' };
  if (scope.companyId !== undefined && scope.companyId !== null) out.companyId = String(scope.companyId);
  return out;
}

const range = (r: DrillRange): ReportSearch => ({ lastInspectionFrom: r.from, lastInspectionUpTo: r.upTo });

/** Monthly chart, entry `index` (0 = oldest of the 24). */
export function monthLink(index: number, scope: DrillScope): ReportSearch {
  return { ...base(scope), histogramData: String(index) };
}

/** Status doughnut slice (EXPIRED, IMPROPER or VALID). */
export function statusLink(status: 'EXPIRED' | 'IMPROPER' | 'VALID', scope: DrillScope): ReportSearch {
  return { ...base(scope), Doughnut: String(DOUGHNUT_STATUS.indexOf(status)) };
}

/**
 * Employee bar: the report's search is the name (employeeData, accents stripped and lower-cased by
 * the report) and `lastInspectionBy` the exact recorded name, so another inspector whose name
 * contains this one is not listed.
 */
export function employeeLink(label: string, r: DrillRange, scope: DrillScope): ReportSearch {
  return { ...base(scope), ...range(r), employeeData: label, lastInspectionBy: label };
}

/**
 * Product bar segment: categoryData "name (SKU)" searches the SKU, categoryDataStatus the answer's
 * status (NO → IMPROPER, YES → VALID, EXPIRED), `productId` keeps that product only.
 */
export function productLink(
  row: { productId: number; name: string; sku: string; answer: ProductAnswer },
  r: DrillRange,
  scope: DrillScope,
): ReportSearch {
  return {
    ...base(scope),
    ...range(r),
    categoryData: `${row.name.replace(/[()]/g, ' ').trim()} (${row.sku})`,
    categoryDataStatus: row.answer,
    productId: String(row.productId),
  };
}

/**
 * Subcategory bar: `inspectionTypeId` selects it; categoryData carries its name without
 * parentheses (so it sets no search).
 */
export function inspectionTypeLink(
  row: { inspectionTypeId: number; label: string },
  r: DrillRange,
  scope: DrillScope,
): ReportSearch {
  return {
    ...base(scope),
    ...range(r),
    categoryData: row.label.replace(/[()]/g, ' ').trim(),
    inspectionTypeId: String(row.inspectionTypeId),
  };
}
