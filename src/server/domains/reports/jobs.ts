/**
 * Report exports as jobs (issue 13): `report-pdf` and `report-xlsx` render the inspection or
 * maintenance report for the filters the user had on screen, within the scope of the user who
 * asked (`scopeCompanyId`, taken from the session at request time, never from the client), on
 * the day they asked (statuses are relative to it). Rows come from `withReportRows`: the lists'
 * own WHERE, order and row loader, read in batches through a cursor.
 */
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { formatDateTime } from '../../../shared/dates.ts';
import { isoDateField } from '../../../shared/fields.ts';
import {
  inspectionReportFiltersSchema,
  maintenanceReportFiltersSchema,
  REPORT_MAX_ROWS,
  type ReportFormat,
  type ReportKind,
} from '../../../shared/reports/schemas.ts';
import { config } from '../../config.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { fileStore, writeStreamed } from '../../files/store.ts';
import { defineJob, type JobContext, type JobDefinition } from '../../jobs/define.ts';
import { jobGroup } from '../../jobs/job-group.ts';
import type { Scope } from '../../kit/scope.ts';
import type { Trx } from '../../kit/tenant-tx.ts';
import { equipmentReportBase } from '../equipment/index.ts';
import { attributeColumns, cycleColumns, pdfColumns, xlsxColumns } from './columns.ts';
import { filterLines } from './filter-summary.ts';
import { REPORT_FILE_NAMES, REPORT_SHEETS, REPORT_TITLES } from './labels.ts';
import { type ReportQuery, withReportRows } from './rows.ts';

const common = {
  /** the requester's company when their role is company-scoped (admin, operator); null: the whole group */
  scopeCompanyId: z.number().int().positive().nullable(),
  /** the day the export was asked for (APP_TIME_ZONE): statuses and "future" are relative to it */
  day: isoDateField,
};

export const reportJobParamsSchema = z.discriminatedUnion('report', [
  z.object({ report: z.literal('inspections'), filters: inspectionReportFiltersSchema, ...common }),
  z.object({ report: z.literal('maintenances'), filters: maintenanceReportFiltersSchema, ...common }),
]);
export type ReportJobParams = z.output<typeof reportJobParamsSchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The query of a job's report: its filters, with the report's status (equipment or maintenance). */
export function reportQueryOf(p: {
  report: ReportKind;
  filters: ReportQuery['filters'];
  day: string;
}): ReportQuery {
  return {
    filters: p.filters,
    spec: { day: p.day, status: p.report === 'maintenances' ? 'maintenance' : 'inspection' },
  };
}

interface PreparedReport {
  tenant: ReturnType<typeof tenantDb>;
  scope: Scope;
  query: ReportQuery;
  title: string;
  subtitle: string;
  key(ext: string): { key: string; name: string };
}

/** What both formats need: the job's tenant, the requester's scope, the titles and the file's name. */
async function prepare({ params, meta }: JobContext<ReportJobParams>): Promise<PreparedReport> {
  const group = await jobGroup(meta, 'a report');
  const requester = meta.requestedBy
    ? await coreDb().selectFrom('users').select('name').where('id', '=', meta.requestedBy).executeTakeFirst()
    : undefined;
  const name = `${REPORT_FILE_NAMES[params.report]}-${params.day}`;
  return {
    tenant: tenantDb(group.schema),
    scope: { provider: false, groupId: group.id, companyId: params.scopeCompanyId },
    query: reportQueryOf(params),
    title: REPORT_TITLES[params.report],
    subtitle: `Emitido em ${formatDateTime(new Date(), config().APP_TIME_ZONE)}${requester ? ` por ${requester.name}` : ''}`,
    key: (ext) => ({ key: `jobs/${meta.jobId}/${name}.${ext}`, name: `${name}.${ext}` }),
  };
}

/** More rows than the format takes (the request was checked; the data grew since): fail, do not cut. */
function refuseOverLimit(total: number, format: ReportFormat): void {
  const max = REPORT_MAX_ROWS[format];
  if (total > max)
    throw new UnrecoverableError(
      `the report has more than ${max} rows (REPORT_TOO_LARGE): narrow the filters`,
    );
}

/** Progress of the rendering part: 5..95 %. */
function renderProgress(ctx: JobContext<ReportJobParams>, total: number) {
  return (done: number) => ctx.progress(5 + (90 * done) / Math.max(1, total));
}

/** A cycle's name by its code (the code itself when no cycle of the tenant has it). */
async function cycleName(trx: Trx, code: string): Promise<string> {
  const row = await trx
    .selectFrom('maintenance_cycles')
    .select('name')
    .where('code', '=', code)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? code;
}

/** Attribute columns of the report: every attribute name of the inspection types its rows are of. */
async function reportAttributes(trx: Trx, r: PreparedReport): Promise<{ name: string; date: boolean }[]> {
  const types = trx
    .selectFrom('products as p')
    .select('p.inspection_type_id')
    .where(
      'p.id',
      'in',
      equipmentReportBase(trx, r.scope, r.query.filters, r.query.spec).select('e.product_id').distinct(),
    );
  const rows = await trx
    .selectFrom('inspection_type_attributes as a')
    .select(['a.attribute', (eb) => eb.fn.max('a.type').as('type')])
    .where('a.inspection_type_id', 'in', types)
    // Disabled attributes only when someone still holds a value of them (as the lists show them).
    .where((eb) =>
      eb.or([
        eb('a.enabled', '=', true),
        eb.exists(
          eb
            .selectFrom('equipment_attribute_values as v')
            .select('v.attribute_id')
            .whereRef('v.attribute_id', '=', 'a.id'),
        ),
      ]),
    )
    .groupBy('a.attribute')
    .orderBy((eb) => eb.fn.min('a.inspection_type_id'))
    .orderBy((eb) => eb.fn.min('a.position'))
    .execute();
  // 'DATE' > 'TEXT' is false: max(type) is TEXT when any subcategory keeps the name as text.
  return rows.map((a) => ({ name: a.attribute, date: a.type === 'DATE' }));
}

/**
 * Exports get a queue of their own, one at a time per worker process: a 100,000-row XLSX peaks near
 * 300 MB of RSS (bench/reports.ts), two at once would not fit; a retry renders the file again.
 */
const REPORT_QUEUE = { queue: 'reports', attempts: 2, concurrency: 1 } as const;

/** `report-pdf`: the table on screen, landscape A4, up to REPORT_MAX_ROWS.pdf rows. */
export const reportPdfJob = defineJob({
  type: 'report-pdf',
  params: reportJobParamsSchema,
  ...REPORT_QUEUE,
  async process(ctx) {
    const r = await prepare(ctx);
    await ctx.progress(1);
    const { bytes, total } = await withReportRows(
      r.tenant,
      r.scope,
      r.query,
      REPORT_MAX_ROWS.pdf,
      async (rows) => {
        refuseOverLimit(rows.total, 'pdf');
        const preamble = [
          ...(await filterLines(rows.trx, ctx.params.report, r.query.filters)),
          `Equipamentos: ${rows.total.toLocaleString('pt-BR')}`,
        ];
        // pdf-lib loads only in the worker, on the first export.
        const { renderPdfTable } = await import('../../../render/pdf-table.ts');
        const columns = pdfColumns(ctx.params.report, config().APP_TIME_ZONE);
        const pdf = await renderPdfTable(
          (async function* () {
            for await (const batch of rows.batches)
              yield batch.equipment.map((e) => columns.map((c) => c.cell(e)));
          })(),
          {
            title: r.title,
            subtitle: r.subtitle,
            preamble,
            columns,
            onProgress: renderProgress(ctx, rows.total),
          },
        );
        return { bytes: pdf, total: rows.total };
      },
    );
    const { key, name } = r.key('pdf');
    const { size } = await fileStore().put(
      key,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      'application/pdf',
    );
    await ctx.progress(100);
    return {
      file: { key, name, contentType: 'application/pdf', size },
      summary: { report: ctx.params.report, rows: total },
    };
  },
});

/** `report-xlsx`: every column plus one per attribute, streamed, up to REPORT_MAX_ROWS.xlsx rows. */
export const reportXlsxJob = defineJob({
  type: 'report-xlsx',
  params: reportJobParamsSchema,
  ...REPORT_QUEUE,
  async process(ctx) {
    const r = await prepare(ctx);
    await ctx.progress(1);
    const { key, name } = r.key('xlsx');
    const cycle = r.query.filters.cycle;
    const rowsWritten = await withReportRows(
      r.tenant,
      r.scope,
      r.query,
      REPORT_MAX_ROWS.xlsx,
      async (rows) => {
        refuseOverLimit(rows.total, 'xlsx');
        const columns = [
          ...xlsxColumns(config().APP_TIME_ZONE),
          ...(cycle ? cycleColumns(await cycleName(rows.trx, cycle)) : []),
          ...attributeColumns(await reportAttributes(rows.trx, r)),
        ];
        const { renderXlsxTable } = await import('../../../render/xlsx-table.ts');
        const { size } = await writeStreamed(key, XLSX_CONTENT_TYPE, (stream) =>
          renderXlsxTable(
            (async function* () {
              for await (const batch of rows.batches)
                yield batch.equipment.map((e) =>
                  columns.map((c) => c.cell(e, batch.photos.get(e.id), batch.cycles.get(e.id))),
                );
            })(),
            stream,
            {
              sheetName: REPORT_SHEETS[ctx.params.report],
              columns,
              onProgress: renderProgress(ctx, rows.total),
            },
          ),
        );
        return { total: rows.total, size };
      },
      { photoCounts: true, cycleOf: cycle },
    );
    await ctx.progress(100);
    return {
      file: { key, name, contentType: XLSX_CONTENT_TYPE, size: rowsWritten.size },
      summary: { report: ctx.params.report, rows: rowsWritten.total },
    };
  },
});

/** The export job of each format. */
export const REPORT_JOBS: Record<ReportFormat, JobDefinition<typeof reportJobParamsSchema>> = {
  pdf: reportPdfJob,
  xlsx: reportXlsxJob,
};

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const reportJobs = [reportPdfJob, reportXlsxJob];
