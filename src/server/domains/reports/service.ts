/**
 * The reports (issue 13): the maintenance report's page and the export requests. The inspection
 * report is the equipment list (`equipment.list`); both pages and every export build their rows
 * with the equipment domain's one WHERE (`report-filters.ts`), in the caller's scope.
 */
import type { z } from 'zod';
import type {
  maintenanceReportSchema,
  ReportCycleChoice,
  ReportExportRequest,
} from '../../../shared/reports/schemas.ts';
import { REPORT_MAX_ROWS } from '../../../shared/reports/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { scopeOf } from '../../kit/scope.ts';
import { equipmentReportPage } from '../equipment/index.ts';
import { REPORT_JOBS, type ReportJobParams, reportQueryOf } from './jobs.ts';
import { countReportRows } from './rows.ts';

/** GET /web/equipments/maintenance-report/: the equipment, with the maintenance status as `status` filter and sort. */
export function maintenanceReport(ctx: TenantContext, input: z.output<typeof maintenanceReportSchema>) {
  return equipmentReportPage(ctx, input, 'maintenance');
}

/**
 * Starts an export and answers its job id. Checked here, before any job exists: the filters (a
 * future day is a 400 naming it) and the size (more rows than the format takes: 400
 * REPORT_TOO_LARGE). The job carries the caller's company scope, read from the session.
 */
export async function requestReportExport(
  { auth }: TenantContext,
  input: ReportExportRequest,
): Promise<{ jobId: string }> {
  const scope = scopeOf(auth);
  const common = { scopeCompanyId: scope.companyId, day: today() };
  const params: ReportJobParams =
    input.report === 'inspections'
      ? { report: 'inspections', filters: input.filters, ...common }
      : { report: 'maintenances', filters: input.filters, ...common };
  const max = REPORT_MAX_ROWS[input.format];
  const rows = await countReportRows(auth.tenant, scope, reportQueryOf(params), max + 1);
  if (rows > max)
    throw new AppError('REPORT_TOO_LARGE', { params: { format: input.format.toUpperCase(), max } });
  const jobId = await enqueue(REPORT_JOBS[input.format], params, {
    companyGroupId: auth.companyGroup.id,
    // Company roles' exports show on their company's job list; a group's on the group's.
    companyId: scope.companyId,
    requestedBy: auth.user.id,
  });
  return { jobId };
}

/**
 * GET /web/equipments/report/cycles/: the cycles the reports filter by — each code of the tenant's
 * cycle lists once (the same code on two subcategories is one choice, as the filter matches the
 * code), with its first name, by name. One statement over `maintenance_cycles`.
 */
export async function reportCycleChoices({ auth }: TenantContext): Promise<ReportCycleChoice[]> {
  const rows = await auth.tenant
    .selectFrom('maintenance_cycles')
    .select(['code', (eb) => eb.fn.min('name').as('name')])
    .groupBy('code')
    .orderBy((eb) => eb.fn.min('name'))
    .orderBy('code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name }));
}
