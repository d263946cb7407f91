/** Service orders' reads: the list, one order, the responsible picker, the equipment search. */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type {
  ServiceOrder,
  ServiceOrderDetail,
  ServiceOrderEquipment,
  serviceOrderEquipmentSearchSchema,
  serviceOrderListSchema,
  ServiceOrderUser,
  serviceOrderUsersInputSchema,
} from '../../../shared/service-orders/schemas.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import type { Ctx, Db } from './common.ts';
import { findOrder, loadDetail, type OrderRow, orderColumns, toOrder } from './orders.ts';
import { eligiblePeople } from './people.ts';
import { companyNameOf } from '../../db/company-name.ts';

type ListInput = z.output<typeof serviceOrderListSchema>;

// ── reads ───────────────────────────────────────────────────────────────────────────────────────

/** The list's sort keys → expressions, each served by an index (migrations/tenant/0401). */
const SORTS = {
  number: sql.ref('o.number'),
  startDate: sql.ref('o.start_date'),
  endDate: sql.ref('o.end_date'),
  requestUserName: sql`core.search_text(coalesce(o.request_user_name, ''))`,
  responsibleUserName: sql`core.search_text(coalesce(o.responsible_user_name, ''))`,
  status: sql.ref('o.status'),
  observation: sql`core.search_text(coalesce(o.observation, ''))`,
};

export async function listServiceOrders(ctx: Ctx, input: ListInput): Promise<Page<ServiceOrder>> {
  if (input.dateStart && input.dateEnd && input.dateStart > input.dateEnd)
    throw new AppError('REPORT_DATE_RANGE_INVALID', { params: { parameter: 'dateStart' } });
  let base = ctx.auth.tenant
    .selectFrom('service_orders as o')
    .where(scopeWhere(scopeOf(ctx.auth), { company: sql.ref('o.company_id') }));
  if (input.status) base = base.where('o.status', '=', input.status);
  if (input.priority) base = base.where('o.priority', '=', input.priority);
  if (input.type) base = base.where('o.type', '=', input.type);
  if (input.responsibleUserId) base = base.where('o.responsible_user_id', '=', input.responsibleUserId);
  if (input.companyId) base = base.where('o.company_id', '=', input.companyId);
  if (input.dateStart) base = base.where('o.start_date', '>=', input.dateStart);
  if (input.dateEnd) base = base.where('o.start_date', '<=', input.dateEnd);
  const page = await fetchPage(base, input, {
    searchDocument: sql.ref('o.search'),
    sorts: SORTS,
    tiebreak: sql.ref('o.id'),
    select: (q) => q.select(orderColumns()),
  });
  return mapPage(page, (r) => toOrder(r as OrderRow));
}

/** An order of the caller's scope, else 404 SERVICE_ORDER_NOT_FOUND. */
export async function orderInScope(ctx: Ctx, db: Db, id: number, opts: { lock?: boolean } = {}) {
  if (opts.lock)
    await db.selectFrom('service_orders').select('id').where('id', '=', id).forUpdate().execute();
  const row = await findOrder(db, id);
  const scope = scopeOf(ctx.auth);
  if (!row || (scope.companyId !== null && row.company_id !== scope.companyId))
    throw new AppError('SERVICE_ORDER_NOT_FOUND');
  return row;
}

export async function getServiceOrder(ctx: Ctx, { id }: { id: number }): Promise<ServiceOrderDetail> {
  await orderInScope(ctx, ctx.auth.tenant, id);
  return (await loadDetail(ctx.auth.tenant, id))!;
}

/**
 * The responsible picker: the active users of the caller's company (a group or provider admin: of
 * the group, or of `companyId`), and the group's admins. Another group's or company's `companyId`
 * is 404.
 */
export async function serviceOrderUsers(
  ctx: Ctx,
  input: z.output<typeof serviceOrderUsersInputSchema>,
): Promise<ServiceOrderUser[]> {
  const scope = scopeOf(ctx.auth);
  const groupId = ctx.auth.companyGroup.id;
  if (input.companyId !== undefined) {
    if (scope.companyId !== null && input.companyId !== scope.companyId) throw new AppError('NOT_FOUND');
    await companyOfGroup(groupId, input.companyId);
    return eligiblePeople(coreDb(), groupId, [input.companyId]);
  }
  return eligiblePeople(coreDb(), groupId, scope.companyId === null ? null : [scope.companyId]);
}

export async function companyOfGroup(groupId: number, companyId: number): Promise<void> {
  const row = await coreDb()
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .where('company_group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
}

const EQUIPMENT_SORTS = {
  tagSerialNumber: sql.ref('t.serial_number'),
  extraLabel: sql`core.search_text(coalesce(e.extra_label, ''))`,
  productName: sql.ref('e.product_sort'),
  productSku: sql.ref('p.sku'),
};

/** The create dialog's search: equipment of the caller's scope whose tag is enabled (seed 000 §2). */
export async function searchServiceOrderEquipment(
  ctx: Ctx,
  input: z.output<typeof serviceOrderEquipmentSearchSchema>,
): Promise<Page<ServiceOrderEquipment>> {
  let base = ctx.auth.tenant
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .where('t.enabled', '=', true)
    .where(scopeWhere(scopeOf(ctx.auth), { company: sql.ref('e.company_id') }));
  if (input.companyId) base = base.where('e.company_id', '=', input.companyId);
  const page = await fetchPage(base, input, {
    searchDocument: sql.ref('e.search'),
    sorts: EQUIPMENT_SORTS,
    tiebreak: sql.ref('e.id'),
    select: (q) =>
      q.select([
        'e.id',
        't.serial_number',
        'e.extra_label',
        'p.name as product_name',
        'p.sku as product_sku',
        'p.short_description',
        'e.company_id',
        companyNameOf(sql.ref('e.company_id')).as('company_name'),
      ]),
  });
  return mapPage(page, (r) => ({
    id: r.id,
    tagSerialNumber: r.serial_number,
    extraLabel: r.extra_label,
    productName: r.product_name,
    productSku: r.product_sku,
    productDescription: r.short_description,
    companyId: r.company_id,
    companyName: r.company_name,
  }));
}
