/**
 * GET /web/equipments/: the seed's report query (001 §2 screen 1, §7) over the equipment of the
 * caller's scope, and the same page for the maintenance report (`reports.maintenances`). The WHERE
 * and the sorts are the reports' one builder (`report-filters.ts`); the search reads the stored
 * search document through its trigram index. The page (and its capped count) is chosen over the
 * equipment table alone, then loaded by id (`loadEquipment`): page 1 of 100,000 equipment stays
 * within a few index pages.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Equipment, equipmentListSchema } from '../../../shared/equipment/schemas.ts';
import type { ListParams, Page } from '../../../shared/list.ts';
import { today } from '../../db/days.ts';
import { fetchPage } from '../../kit/list.ts';
import { scopeOf } from '../../kit/scope.ts';
import type { Ctx } from './common.ts';
import { loadEquipment } from './dto.ts';
import {
  type EquipmentReportFilters,
  equipmentReportBase,
  equipmentReportSorts,
  type ReportStatusKind,
} from './report-filters.ts';

type ListInput = z.output<typeof equipmentListSchema>;

/** A page of a report: the inspection report's, or the maintenance report's (`status: 'maintenance'`). */
export async function equipmentReportPage(
  ctx: Ctx,
  input: ListParams & EquipmentReportFilters,
  status: ReportStatusKind,
): Promise<Page<Equipment> & { totalCapped: boolean }> {
  const db = ctx.auth.tenant;
  const spec = { day: today(), status };
  const page = await fetchPage(
    equipmentReportBase(db, scopeOf(ctx.auth), input, spec),
    // The search is one of the report's conditions (on the stored search document).
    { ...input, query: undefined },
    {
      sorts: equipmentReportSorts(db, spec),
      tiebreak: sql.ref('e.id'),
      select: (q) => q.select('e.id'),
    },
  );
  return {
    ...page,
    totalCapped: page.totalCapped ?? false,
    items: await loadEquipment(
      db,
      page.items.map((r) => r.id),
      spec.day,
    ),
  };
}

export function listEquipment(ctx: Ctx, input: ListInput) {
  return equipmentReportPage(ctx, input, 'inspection');
}
