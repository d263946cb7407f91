/**
 * GET /web/equipments/: the seed's report query (001 §2 screen 1, §7) over the equipment of the
 * caller's scope, and the same page for the maintenance report (`reports.maintenances`). The WHERE
 * and the sorts are the reports' one builder (`report-filters.ts`); the search reads the stored
 * search document through its trigram index.
 *
 * One statement per page (issue 32): the page's ids are chosen over the equipment table alone (a
 * derived table with the order, limit and offset, so page 1 of 100,000 equipment stays within a
 * few index pages), then joined with their rows and attributes and kept in that order. The capped
 * count is its own (cached) statement. Both are compiled once per shape (kit/list.ts
 * `compiledList`): which filters are present, the statuses asked, sort, page; the filters' values,
 * the caller's company and today are parameters.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Equipment, equipmentListSchema } from '../../../shared/equipment/schemas.ts';
import type { ListParams, Page } from '../../../shared/list.ts';
import { today } from '../../db/days.ts';
import {
  compiledList,
  countStatement,
  jsonRowsPage,
  type PageStatements,
  pageOrder,
  pageWindow,
} from '../../kit/list.ts';
import { scopeOf } from '../../kit/scope.ts';
import type { Ctx, Db } from './common.ts';
import { EQUIPMENT_DATES, type EquipmentRow, selectEquipment, toEquipmentDto } from './dto.ts';
import { presenceLimits } from './presence.ts';
import {
  type EquipmentReportFilters,
  equipmentReportBase,
  equipmentReportSorts,
  type ReportStatusKind,
  refuseFutureFilterDays,
} from './report-filters.ts';

type ListInput = z.output<typeof equipmentListSchema>;

/** A report page's input as compiled: the filters, plus the report, today and the caller's company. */
type ReportPageInput = ListParams &
  EquipmentReportFilters & { report: ReportStatusKind; day: string; scopeCompany: number | null };

/** The report filters whose values are parameters (the others — statuses, yes/no — change the text). */
const REPORT_VALUES = [
  'companyId',
  'productId',
  'inspectionTypeId',
  'categoryId',
  'createFrom',
  'createUpTo',
  'lastInspectionFrom',
  'lastInspectionUpTo',
  'lastInspectionBy',
  'dueDateFrom',
  'dueDateUpTo',
  'lastMaintenanceFrom',
  'lastMaintenanceUpTo',
  'notScannedSince',
  'manufacturingDate',
  'rechargeDate',
  'weighingDate',
  'cycle',
  'day',
  'scopeCompany',
] as const satisfies readonly (keyof ReportPageInput)[];

/** The page's statements for one shape (`input`'s values are slots, see `compiledList`). */
function reportPageStatements(db: Db, input: ReportPageInput): PageStatements {
  const spec = { day: input.day, status: input.report };
  // Only the company column of the scope is read for a tenant table.
  const scope = { provider: false, groupId: null, companyId: input.scopeCompany };
  const base = equipmentReportBase(db, scope, input, spec);
  const order = pageOrder(input, { sorts: equipmentReportSorts(db, spec), tiebreak: sql.ref('e.id') });
  const { cap } = pageWindow(input);
  const ids = base
    .select(['e.id', sql<number>`row_number() over (order by ${order})`.as('n')])
    .orderBy(order)
    // Literals: see kit/list.ts `orderedPage`.
    .limit(sql.lit(input.pageSize))
    .offset(sql.lit(input.page * input.pageSize));
  const page = selectEquipment(db, input.day)
    .innerJoin(ids.as('pg'), 'pg.id', 'e.id')
    .select('pg.n as page_n')
    .orderBy('pg.n')
    .compile();
  // Read as one json value per row (db/json-rows.ts): ~45 fields a row.
  return jsonRowsPage({ page, count: countStatement(base, cap), cap }, EQUIPMENT_DATES, 'page_n');
}

const reportPage = compiledList<ReportPageInput, EquipmentRow>(REPORT_VALUES, reportPageStatements);

/** A page of a report: the inspection report's, or the maintenance report's (`status: 'maintenance'`). */
export async function equipmentReportPage(
  ctx: Ctx,
  input: ListParams & EquipmentReportFilters,
  status: ReportStatusKind,
): Promise<Page<Equipment> & { totalCapped: boolean }> {
  const day = today();
  refuseFutureFilterDays(input, day);
  const page = await reportPage(ctx.auth.tenant, {
    ...input,
    // The search is one of the report's conditions (on the stored search document).
    report: status,
    day,
    scopeCompany: scopeOf(ctx.auth).companyId,
  });
  const limits = presenceLimits();
  return {
    items: page.items.map((r) => toEquipmentDto(r, limits)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    totalCapped: page.totalCapped ?? false,
  };
}

export function listEquipment(ctx: Ctx, input: ListInput) {
  return equipmentReportPage(ctx, input, 'inspection');
}
