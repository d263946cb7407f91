/**
 * The dashboard's calls (seed 000 §2, §3, §7; issue 15), declared once. The operator's home is the
 * simpler one (seed 000 §2: the filter row and the company, date-range, product, equipment-status
 * and employee charts are hidden for one role — the operator, the only role with a "simpler home"):
 * operators read the summary, the monthly chart and the recent activity of their own company; the
 * other charts are for the admin roles.
 */
import {
  cycleCountsSchema,
  dashboardRangeSchema,
  dashboardScopeSchema,
  dashboardSummarySchema,
  employeeInspectionsSchema,
  equipmentStatusCountsSchema,
  inspectionTypeInspectionsSchema,
  monthlyInspectionsSchema,
  productInspectionsSchema,
  recentActivitySchema,
} from '../../../shared/dashboard/schemas.ts';
import { ADMIN_ROLES, ALL_ROLES } from '../../../shared/roles.ts';
import { query, tenant } from '../../kit/operation.ts';
import { cycleCounts } from './cycles.ts';
import * as s from './service.ts';

const home = tenant(ALL_ROLES);
const admin = tenant(ADMIN_ROLES);

const SCOPE =
  'Scope: companyId (company admins and operators: their own company; another id is 404 NOT_FOUND), companyGroupId (provider admin: another company group; others: their own only).';
const RANGE =
  'dateStart/dateEnd YYYY-MM-DD (default 2018-01-01 → today): 400 REPORT_FILTER_INVALID, REPORT_DATE_RANGE_INVALID, REPORT_DATE_IN_FUTURE naming the parameter.';

export const dashboardOperations = {
  summary: query({
    access: home,
    summary: `Users, equipment and inspections: all-time total, created in the last 7 days, newest creation instant. ${SCOPE}`,
    input: dashboardScopeSchema,
    output: dashboardSummarySchema,
    rest: { method: 'get', path: '/web/dashboard/' },
    handler: (ctx, input) => s.summary(ctx, input),
  }),
  monthlyInspections: query({
    access: home,
    summary: `The last 24 calendar months, oldest first: equipment whose last inspection fell in each month (what the inspection report shows for histogramData = the index). ${SCOPE}`,
    input: dashboardScopeSchema,
    output: monthlyInspectionsSchema,
    rest: { method: 'get', path: '/web/dashboard/monthly-inspections/' },
    handler: (ctx, input) => s.monthlyInspections(ctx, input),
  }),
  equipmentStatus: query({
    access: admin,
    summary: `Equipment by status today: EXPIRED, IMPROPER, VALID (and NA, never inspected). ${SCOPE}`,
    input: dashboardScopeSchema,
    output: equipmentStatusCountsSchema,
    rest: { method: 'get', path: '/web/dashboard/equipment-status/' },
    handler: (ctx, input) => s.equipmentStatus(ctx, input),
  }),
  employeeInspections: query({
    access: admin,
    summary: `Per inspector (name as recorded), the equipment whose last inspection in the range was theirs. ${RANGE} ${SCOPE}`,
    input: dashboardRangeSchema,
    output: employeeInspectionsSchema,
    rest: { method: 'get', path: '/web/dashboard/employee-inspections-by-month/' },
    handler: (ctx, input) => s.employeeInspections(ctx, input),
  }),
  inspectionTypeInspections: query({
    access: admin,
    summary: `Per subcategory (inspection type), the equipment whose last inspection fell in the range. ${RANGE} ${SCOPE}`,
    input: dashboardRangeSchema,
    output: inspectionTypeInspectionsSchema,
    rest: { method: 'get', path: '/web/dashboard/inspection-type-inspections/' },
    handler: (ctx, input) => s.inspectionTypeInspections(ctx, input),
  }),
  productInspections: query({
    access: admin,
    summary: `Per product and answer (NO improper, YES valid, EXPIRED), the equipment whose last inspection fell in the range. ${RANGE} ${SCOPE}`,
    input: dashboardRangeSchema,
    output: productInspectionsSchema,
    rest: { method: 'get', path: '/web/dashboard/product-inspections-by-month/' },
    handler: (ctx, input) => s.productInspections(ctx, input),
  }),
  cycles: query({
    access: admin,
    summary: `Per maintenance cycle code of the catalogue (issue 30): the equipment whose cycle is EXPIRED today (due before today) and EXPIRING (due today or later, its warning started). ${SCOPE}`,
    input: dashboardScopeSchema,
    output: cycleCountsSchema,
    rest: { method: 'get', path: '/web/dashboard/cycles/' },
    handler: (ctx, input) => cycleCounts(ctx, input),
  }),
  recentActivity: query({
    access: home,
    summary: `The newest inspections and maintenances of the last 7 days (at most 10, newest first). ${SCOPE}`,
    input: dashboardScopeSchema,
    output: recentActivitySchema,
    rest: { method: 'get', path: '/web/dashboard/recent-activity/' },
    handler: (ctx, input) => s.recentActivity(ctx, input),
  }),
};
