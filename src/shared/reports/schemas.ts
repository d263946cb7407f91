/**
 * The maintenance report and the report exports (issue 13). The inspection report is
 * `equipment.list` (`equipmentListSchema`); both are built from the same report fields.
 */
import { z } from 'zod';
import { isoDateField } from '../fields.ts';
import { inspectionReportFields } from '../equipment/schemas.ts';
import { listSchema } from '../list.ts';
import { commonReportFilters, reportSchema, withoutPaging } from './filters.ts';

/** `reports.maintenances` sorts: the maintenance report's columns (seed 001 screen 2). */
export const MAINTENANCE_REPORT_SORTS = [
  'createdAt',
  'product',
  'extraLabel',
  'lastMaintenance',
  'status',
] as const;

/**
 * GET /web/equipments/maintenance-report/ — the inspection report's filters without the company
 * and the due-date range (seed 001 screen 2), the last-inspection range replaced by the last
 * maintenance's; `status` is the equipment's maintenance status (NA while never maintained).
 */
export const maintenanceReportFields = listSchema({
  sort: MAINTENANCE_REPORT_SORTS,
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: {
    ...commonReportFilters,
    lastMaintenanceFrom: isoDateField.optional(),
    lastMaintenanceUpTo: isoDateField.optional(),
  },
}).shape;
export const maintenanceReportSchema = reportSchema(maintenanceReportFields);
export type MaintenanceReportInput = z.input<typeof maintenanceReportSchema>;

/** What an export of each report takes: the report's list input without page and page size. */
export const inspectionReportFiltersSchema = reportSchema(withoutPaging(inspectionReportFields));
export const maintenanceReportFiltersSchema = reportSchema(withoutPaging(maintenanceReportFields));

export const REPORT_KINDS = ['inspections', 'maintenances'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Rows an export may hold: the PDF is drawn in memory, the XLSX streamed (issue 13). */
export const REPORT_MAX_ROWS: Record<ReportFormat, number> = { pdf: 10_000, xlsx: 100_000 };

/**
 * `reports.export`: starts the export of a report as a job (it shows in /jobs with its progress);
 * `filters` are exactly the report's list input on screen, without paging.
 */
export const reportExportSchema = z.discriminatedUnion('report', [
  z.object({
    report: z.literal('inspections'),
    format: z.enum(REPORT_FORMATS),
    filters: inspectionReportFiltersSchema.default(inspectionReportFiltersSchema.parse({})),
  }),
  z.object({
    report: z.literal('maintenances'),
    format: z.enum(REPORT_FORMATS),
    filters: maintenanceReportFiltersSchema.default(maintenanceReportFiltersSchema.parse({})),
  }),
]);
export type ReportExportInput = z.input<typeof reportExportSchema>;
export type ReportExportRequest = z.output<typeof reportExportSchema>;
export type InspectionReportFilters = z.output<typeof inspectionReportFiltersSchema>;
export type MaintenanceReportFilters = z.output<typeof maintenanceReportFiltersSchema>;

export const reportExportStartedSchema = z.object({ jobId: z.string() });

/** `reports.cycles`: a cycle the reports filter by (`cycle`), by its code, with its name. */
export const reportCycleChoiceSchema = z.object({ code: z.string(), name: z.string() });
export type ReportCycleChoice = z.infer<typeof reportCycleChoiceSchema>;
