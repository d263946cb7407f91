/**
 * The dashboard's calls (seed 000 §2 "Dashboard", §3 dashboard entities, §7, §9; issue 15), shared
 * by the server's operations and the client's charts.
 *
 * Every call takes an optional scope: `companyId` (one company of the group; company admins and
 * operators always read their own company, another id is 404 NOT_FOUND) and, for the provider admin
 * only, `companyGroupId` (a group other than the session's; other roles may only name their own).
 * The date-range calls take `dateStart`/`dateEnd` (YYYY-MM-DD, calendar days where the product is
 * used — APP_TIME_ZONE, the days the reports filter by); defaults 2018-01-01 → today. A bad day
 * answers 400 REPORT_FILTER_INVALID, a start after the end REPORT_DATE_RANGE_INVALID (parameter
 * `dateStart`), a day after today REPORT_DATE_IN_FUTURE — the codes the reports answer, so the
 * report opened from a chart accepts the same range.
 *
 * What each chart counts, so that its numbers are exactly what the inspection report shows when a
 * chart is clicked (`./drill-down.ts` builds that link): the charts over equipment count each
 * equipment of the scope once, by its *last* inspection (the report lists equipment), whatever its
 * tag's state; the summary's `inspections` card counts inspections.
 */
import { z } from 'zod';
import { idField, isoDateField } from '../fields.ts';
import { reportSchema } from '../reports/filters.ts';
import { HISTOGRAM_MONTHS } from '../reports/presets.ts';

/** The employee and product charts' default first day (seed 000 §9). */
export const DASHBOARD_DEFAULT_START = '2018-01-01';
/** Months of the monthly chart, oldest first, the current month last (seed 000 §9). */
export const DASHBOARD_MONTHS = HISTOGRAM_MONTHS;
/** "Last 7 days": today and the 6 days before (seed 000 §9). */
export const DASHBOARD_RECENT_DAYS = 7;
/** Entries of the recent-activity list. */
export const RECENT_ACTIVITY_MAX = 10;

const scopeFields = {
  /** provider admin: read this company group instead of the session's (others: their own only) */
  companyGroupId: idField.optional(),
  /** one company of the group; company admins and operators: their own (another is 404) */
  companyId: idField.optional(),
};

/** The scope every dashboard call takes (query string on REST). */
export const dashboardScopeSchema = reportSchema(scopeFields);
export type DashboardScopeInput = z.input<typeof dashboardScopeSchema>;

/** The scope and a day range (GET …/employee-inspections-by-month/?dateStart&dateEnd). */
export const dashboardRangeSchema = reportSchema({
  ...scopeFields,
  dateStart: isoDateField.default(DASHBOARD_DEFAULT_START),
  /** default: today (APP_TIME_ZONE) */
  dateEnd: isoDateField.optional(),
}).superRefine((v, ctx) => {
  if (v.dateEnd !== undefined && v.dateStart > v.dateEnd)
    ctx.addIssue({
      code: 'custom',
      path: ['dateStart'],
      message: 'A data inicial do filtro dateStart é posterior à data final',
      params: { code: 'REPORT_DATE_RANGE_INVALID', parameter: 'dateStart' },
    });
});
export type DashboardRangeInput = z.input<typeof dashboardRangeSchema>;

// ── answers ──────────────────────────────────────────────────────────────────────────────────────

const count = z.number().int().min(0);

/** One card of the summary (seed 000 §3). */
export const summaryCardSchema = z.object({
  allTimeTotal: count,
  /** created today or in the 6 days before (APP_TIME_ZONE days) */
  last7DaysTotal: count,
  /** the newest one's creation instant; null when there is none */
  lastCreateTime: z.date().nullable(),
});

/**
 * GET /web/dashboard/: users (of the group, or of the company), equipment registered, inspections
 * recorded (plain counts of inspections, not of equipment).
 */
export const dashboardSummarySchema = z.object({
  users: summaryCardSchema,
  equipments: summaryCardSchema,
  inspections: summaryCardSchema,
});
export type DashboardSummary = z.output<typeof dashboardSummarySchema>;

/**
 * GET /web/dashboard/monthly-inspections/: 24 entries, oldest first, every month present (zeros
 * included). `value`: equipment whose last inspection fell in that calendar month — the report
 * opened with `histogramData` = the entry's index lists exactly these.
 */
export const monthlyInspectionsSchema = z.array(
  z.object({
    /** YYYY-MM */
    yearMonth: z.string().regex(/^\d{4}-\d{2}$/),
    value: count,
  }),
);
export type MonthlyInspections = z.output<typeof monthlyInspectionsSchema>;

/**
 * GET /web/dashboard/equipment-status/: equipment by status today (the report's status filter;
 * `Doughnut` 0 EXPIRED, 1 IMPROPER, 2 VALID). `NA`: never inspected (not a doughnut slice).
 */
export const equipmentStatusCountsSchema = z.object({
  EXPIRED: count,
  IMPROPER: count,
  VALID: count,
  NA: count,
});
export type EquipmentStatusCounts = z.output<typeof equipmentStatusCountsSchema>;

/**
 * GET /web/dashboard/cycles/ (issue 30 item 2): per maintenance cycle code of the catalogue, the
 * equipment of the scope whose cycle is EXPIRED today (due before today) and EXPIRING (due today or
 * later, its warning started), as the equipment's cycles show them. `name`: the cycle's name (the
 * first list's when subcategories name one code differently). Codes with no equipment count zeros.
 */
export const cycleCountsSchema = z.array(
  z.object({ code: z.string(), name: z.string(), expired: count, expiring: count }),
);
export type CycleCounts = z.output<typeof cycleCountsSchema>;

/**
 * GET /web/dashboard/employee-inspections-by-month/: per inspector, the equipment whose last
 * inspection in [dateStart, dateEnd] was theirs. `label` is the inspector's name as the inspection
 * recorded it (what the report's inspector column shows and its search finds), most equipment first.
 */
export const employeeInspectionsSchema = z.array(z.object({ label: z.string(), qtt: count }));
export type EmployeeInspections = z.output<typeof employeeInspectionsSchema>;

/**
 * GET /web/dashboard/inspection-type-inspections/?dateStart&dateEnd: per subcategory (inspection
 * type), the equipment whose last inspection fell in the range (defaults as the other range
 * charts), most first. `label` is the subcategory's name, `categoryName` its category's.
 */
export const inspectionTypeInspectionsSchema = z.array(
  z.object({
    inspectionTypeId: z.number().int(),
    label: z.string(),
    categoryName: z.string(),
    qtt: count,
  }),
);
export type InspectionTypeInspections = z.output<typeof inspectionTypeInspectionsSchema>;

/**
 * The product chart's answers, by the equipment's status today: 'NO' improper (seed 000 §9: NO
 * counts as improper), 'YES' valid, 'EXPIRED' inspected and fine but past its next inspection or due
 * date. Each is a report status (`categoryDataStatus`: NO → IMPROPER, YES → VALID, EXPIRED).
 */
export const PRODUCT_ANSWERS = ['YES', 'NO', 'EXPIRED'] as const;
export type ProductAnswer = (typeof PRODUCT_ANSWERS)[number];

/**
 * GET /web/dashboard/product-inspections-by-month/?dateStart&dateEnd: per product and answer, the
 * equipment whose last inspection fell in the range. Rows of one product are adjacent; products
 * with most equipment first; zero rows are left out.
 */
export const productInspectionsSchema = z.array(
  z.object({
    productId: z.number().int(),
    name: z.string(),
    sku: z.string(),
    answer: z.enum(PRODUCT_ANSWERS),
    qtt: count,
  }),
);
export type ProductInspections = z.output<typeof productInspectionsSchema>;

/**
 * GET /web/dashboard/recent-activity/: the newest inspections and maintenances of the last 7 days
 * (at most `RECENT_ACTIVITY_MAX`, newest first).
 */
export const recentActivitySchema = z.array(
  z.object({
    kind: z.enum(['INSPECTION', 'MAINTENANCE']),
    /** the inspection's or maintenance's id */
    id: z.number().int(),
    createdAt: z.date(),
    userName: z.string().nullable(),
    tagSerialNumber: z.string(),
    productName: z.string(),
    extraLabel: z.string().nullable(),
    /** inspections: any answer NO or negative; maintenances: false */
    improper: z.boolean(),
  }),
);
export type RecentActivity = z.output<typeof recentActivitySchema>;
