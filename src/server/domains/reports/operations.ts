/**
 * The reports' calls (issue 13), declared once. Every tenant role reads and exports the reports
 * (seed 000 §2: operators reach /inspections and /maintenances); company roles see their own
 * company's equipment only. Static paths under /web/equipments/ are mounted before the equipment
 * domain's `/web/equipments/:tag/` (this domain is registered before it).
 */
import { z } from 'zod';
import { cappedPageSchema } from '../../../shared/list.ts';
import { equipmentSchema } from '../../../shared/equipment/schemas.ts';
import {
  inspectionReportFiltersSchema,
  maintenanceReportFiltersSchema,
  maintenanceReportSchema,
  REPORT_MAX_ROWS,
  reportCycleChoiceSchema,
  reportExportSchema,
  reportExportStartedSchema,
  type ReportFormat,
  type ReportKind,
} from '../../../shared/reports/schemas.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import type { TenantContext } from '../../context.ts';
import { mutation, query, type RestBinding, tenant } from '../../kit/operation.ts';
import { JOB_DOWNLOAD_DOCS } from '../jobs/index.ts';
import { maintenanceReport, reportCycleChoices, requestReportExport } from './service.ts';

const reader = tenant(ALL_ROLES);

/** How long the download calls wait for the export before answering 202. */
export const REPORT_WAIT_MS = 120_000;

const FILTERS: Record<ReportKind, z.ZodObject> = {
  inspections: inspectionReportFiltersSchema,
  maintenances: maintenanceReportFiltersSchema,
};

/**
 * The seed's export query: the report's filters, typed like the list's REST query (`field` is the
 * sort key, as lists take it); parameters the report does not have are ignored.
 */
function exportQuery(report: ReportKind): z.ZodObject {
  const shape = FILTERS[report].shape as Record<string, z.ZodType>;
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([name, field]) => [
        name,
        field.describe(name === 'sort' ? 'Sort key' : `The report's ${name} filter`),
      ]),
    ),
  );
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** GET …/pdf or …/excel: start the export with the query's filters, then answer the file (or 202). */
function downloadBinding(path: string, report: ReportKind, format: ReportFormat): RestBinding<TenantContext> {
  return {
    method: 'get',
    path,
    // Names the binding in the OpenAPI document (`reports.export.inspections.pdf`).
    fixed: { report, format },
    summary: `Exports the ${report === 'inspections' ? 'inspection' : 'maintenance'} report with the query's filters as ${format.toUpperCase()} (at most ${REPORT_MAX_ROWS[format].toLocaleString('en')} rows) and downloads it; with Prefer: respond-async, 202 + Location of the job.`,
    query: exportQuery(report),
    queryKey: 'filters',
    download: 'job',
    waitMs: REPORT_WAIT_MS,
    ...JOB_DOWNLOAD_DOCS,
    produces: CONTENT_TYPES[format],
  };
}

const exportReport = mutation({
  access: reader,
  summary:
    'Exports a report (inspections or maintenances) as PDF (≤ 10,000 rows) or XLSX (≤ 100,000 rows) with the filters on screen; answers the job id (GET /web/jobs/{id} for progress and the file). 400 REPORT_TOO_LARGE, REPORT_FILTER_INVALID, REPORT_DATE_RANGE_INVALID, REPORT_DATE_IN_FUTURE.',
  input: reportExportSchema,
  output: reportExportStartedSchema,
  rest: [
    downloadBinding('/web/equipments/report/pdf', 'inspections', 'pdf'),
    downloadBinding('/web/equipments/report/excel', 'inspections', 'xlsx'),
    downloadBinding('/web/equipments/maintenance-report/pdf', 'maintenances', 'pdf'),
    downloadBinding('/web/equipments/maintenance-report/excel', 'maintenances', 'xlsx'),
  ],
  handler: (ctx, input) => requestReportExport(ctx, input),
});

export const reportsOperations = {
  maintenances: query({
    access: reader,
    summary:
      'The maintenance report, paged: equipment with its last maintenance, filtered like the inspection report without company and due date, by last-maintenance day and maintenance status (NA while never maintained). 400 REPORT_FILTER_INVALID, REPORT_DATE_RANGE_INVALID, REPORT_DATE_IN_FUTURE naming the parameter.',
    input: maintenanceReportSchema,
    output: cappedPageSchema(equipmentSchema),
    // Static path: this domain mounts before `/web/equipments/:tag/`.
    rest: { method: 'get', path: '/web/equipments/maintenance-report/' },
    handler: (ctx, input) => maintenanceReport(ctx, input),
  }),
  cycles: query({
    access: reader,
    summary:
      "The maintenance cycles the reports filter by (`cycle`): each code of the tenant's cycle lists once, with its name, by name.",
    input: z.object({}),
    output: z.array(reportCycleChoiceSchema),
    // Static path: this domain mounts before `/web/equipments/:tag/`.
    rest: { method: 'get', path: '/web/equipments/report/cycles/' },
    handler: (ctx) => reportCycleChoices(ctx),
  }),
  export: exportReport,
};
