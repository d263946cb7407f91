/**
 * The reports' own calls: the maintenance report's list (`reports.maintenances`), the report
 * exports (`reports.export`) and the per-record documents (`documents.inspection`,
 * `documents.maintenance`), each a background job the pages follow to its download.
 */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { equipmentListSchema } from '../../../shared/equipment/schemas.ts';
import { maintenanceReportSchema } from '../../../shared/reports/schemas.ts';
import { useServerList } from '../../components/list/index.ts';
import { useTRPC } from '../../lib/trpc.ts';

export type ReportKind = 'inspections' | 'maintenances';
export type ExportFormat = 'pdf' | 'xlsx';

/** A list's input without its page: the export renders every matching row, in the list's order. */
type FiltersOf<S extends z.ZodType> = Omit<z.output<S>, 'page' | 'pageSize'>;
export type ReportExportInput =
  | { report: 'inspections'; format: ExportFormat; filters: FiltersOf<typeof equipmentListSchema> }
  | { report: 'maintenances'; format: ExportFormat; filters: FiltersOf<typeof maintenanceReportSchema> };

export interface JobStarted {
  jobId: string;
}

/** `reports.export`: a background job rendering the report; watched with `jobs.get`. */
export function useReportExport(): {
  start(input: ReportExportInput): Promise<JobStarted>;
  pending: boolean;
} {
  const trpc = useTRPC();
  const m = useMutation(trpc.reports.export.mutationOptions());
  return { start: (input) => m.mutateAsync(input), pending: m.isPending };
}

/** `documents.inspection` / `documents.maintenance`: one record as PDF or XLSX, a background job. */
export function useRecordDocument(kind: 'inspection' | 'maintenance'): {
  start(input: { id: number; format: ExportFormat }): Promise<JobStarted>;
  pending: boolean;
} {
  const trpc = useTRPC();
  const inspection = useMutation(trpc.documents.inspection.mutationOptions());
  const maintenance = useMutation(trpc.documents.maintenance.mutationOptions());
  const m = kind === 'inspection' ? inspection : maintenance;
  return { start: (input) => m.mutateAsync(input), pending: m.isPending };
}

/** `reports.maintenances`: the maintenance report, a page of equipment, its state in the URL. */
export function useMaintenanceReport() {
  const trpc = useTRPC();
  return useServerList(trpc.reports.maintenances, { schema: maintenanceReportSchema });
}
