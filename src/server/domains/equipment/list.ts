/**
 * GET /web/equipments/: the seed's report query (001 §2 screen 1, §7) over the equipment of the
 * caller's scope. Every status filter is a range or a partial index on a stored date compared with
 * today (`status-sql.ts`); the search reads the stored search document through its trigram index.
 * The page (and its capped count) is chosen over the equipment table alone, then loaded by id
 * (`loadEquipment`): page 1 of 100,000 equipment stays within a few index pages.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Equipment, equipmentListSchema } from '../../../shared/equipment/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import { dayStart, nextDayStart } from '../../db/days.ts';
import { documentSearchCondition } from '../../db/search.ts';
import { fetchPage } from '../../kit/list.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import type { Ctx } from './common.ts';
import { loadEquipment } from './dto.ts';
import { expirationIs, statusColumns, statusIs } from './status-sql.ts';
import { today } from '../../db/days.ts';

type ListInput = z.output<typeof equipmentListSchema>;

export async function listEquipment(
  ctx: Ctx,
  input: ListInput,
): Promise<Page<Equipment> & { totalCapped: boolean }> {
  const db = ctx.auth.tenant;
  const day = today();
  const ref = sql.ref;
  const conditions: Expression<SqlBool>[] = [scopeWhere(scopeOf(ctx.auth), { company: ref('e.company_id') })];
  const where = (c: Expression<SqlBool> | null | undefined | false) => {
    if (c) conditions.push(c);
  };
  where(!!input.status && statusIs('e', input.status, day));
  // An anti-join against the few disabled tags (tags_disabled_idx), not a join with every tag.
  where(
    input.enabledTagsOnly &&
      sql<SqlBool>`not exists (${db
        .selectFrom('tags as t')
        .select('t.id')
        .whereRef('t.id', '=', sql.ref('e.tag_id'))
        .where('t.enabled', '=', false)})`,
  );
  where(input.companyId !== undefined && sql<SqlBool>`e.company_id = ${input.companyId}`);
  where(input.productId !== undefined && sql<SqlBool>`e.product_id = ${input.productId}`);
  where(
    input.inspectionTypeId !== undefined &&
      sql<SqlBool>`e.product_id in (${db.selectFrom('products as p').select('p.id').where('p.inspection_type_id', '=', input.inspectionTypeId)})`,
  );
  where(
    input.categoryId !== undefined &&
      sql<SqlBool>`e.product_id in (${db
        .selectFrom('products as p')
        .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
        .select('p.id')
        .where('it.category_id', '=', input.categoryId)})`,
  );
  where(!!input.createFrom && sql<SqlBool>`e.created_at >= ${dayStart(input.createFrom)}`);
  where(!!input.createUpTo && sql<SqlBool>`e.created_at < ${nextDayStart(input.createUpTo)}`);
  where(
    !!input.lastInspectionFrom && sql<SqlBool>`e.last_inspection_day >= ${input.lastInspectionFrom}::date`,
  );
  where(
    !!input.lastInspectionUpTo && sql<SqlBool>`e.last_inspection_day <= ${input.lastInspectionUpTo}::date`,
  );
  where(
    !!input.lastInspectionExpirationStatus &&
      expirationIs('e', 'inspection', input.lastInspectionExpirationStatus, day),
  );
  where(!!input.dueDateFrom && sql<SqlBool>`e.due_date >= ${input.dueDateFrom}::date`);
  where(!!input.dueDateUpTo && sql<SqlBool>`e.due_date <= ${input.dueDateUpTo}::date`);
  where(!!input.dueDateExpirationStatus && expirationIs('e', 'due', input.dueDateExpirationStatus, day));
  where(documentSearchCondition(input.query, ref('e.search')));

  const base = db.selectFrom('equipment as e').where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`);
  const page = await fetchPage(
    base,
    { ...input, query: undefined },
    {
      sorts: {
        createdAt: ref('e.created_at'),
        dueDate: ref('e.due_date'),
        lastInspection: ref('e.last_inspection_at'),
        nextInspection: ref('e.next_inspection_date'),
        product: sql`(${db
          .selectFrom('products as p')
          .select(sql`core.search_text(p.name)`.as('n'))
          .whereRef('p.id', '=', sql.ref('e.product_id'))})`,
        extraLabel: sql`core.search_text(e.extra_label)`,
        tagSerialNumber: sql`(${db
          .selectFrom('tags as t')
          .select('t.serial_number')
          .whereRef('t.id', '=', sql.ref('e.tag_id'))})`,
        status: statusColumns('e', day).status,
      },
      tiebreak: ref('e.id'),
      select: (q) => q.select('e.id'),
    },
  );
  return {
    ...page,
    totalCapped: page.totalCapped ?? false,
    items: await loadEquipment(
      db,
      page.items.map((r) => r.id),
      day,
    ),
  };
}
