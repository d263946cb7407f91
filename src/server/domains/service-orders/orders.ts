/**
 * What every write of an order shares: its number, its status, its answer. The status rules are the
 * shared module's (`src/shared/service-orders/status.ts`); here they are applied to the stored
 * counts, and the order's type and open state are copied onto its items (the partial index that
 * field records and the public card probe).
 */
import { sql } from 'kysely';
import type { OsStatus } from '../../../shared/enums.ts';
import type { ServiceOrder, ServiceOrderDetail } from '../../../shared/service-orders/schemas.ts';
import {
  checkRequestedStatus,
  deriveStatusFromCounts,
  isOpenStatus,
  resolveStatus,
} from '../../../shared/service-orders/status.ts';
import { AppError } from '../../errors.ts';
import { publish } from '../../kit/events.ts';
import type { Db, Trx } from './common.ts';
import { serviceOrderChanged } from './events.ts';
import { companyNameOf } from '../../db/company-name.ts';

/**
 * The company's next order number. The counter row is bumped in the caller's transaction, so its
 * row lock orders concurrent creates of one company and a rolled-back create gives its number back.
 */
export async function nextNumber(trx: Trx, companyId: number): Promise<number> {
  const row = await trx
    .insertInto('service_order_counters')
    .values({ company_id: companyId, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('company_id')
        .doUpdateSet((eb) => ({ last_number: eb('service_order_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/**
 * Holds the company's counter row until the transaction ends (creating it if needed): whoever
 * creates an order of the company waits, so "today's open order" is looked up and created once.
 */
export async function lockCounter(trx: Trx, companyId: number): Promise<void> {
  await trx
    .insertInto('service_order_counters')
    .values({ company_id: companyId, last_number: 0 })
    .onConflict((oc) =>
      oc
        .column('company_id')
        .doUpdateSet((eb) => ({ last_number: eb.ref('service_order_counters.last_number') })),
    )
    .execute();
}

/**
 * The orders each transaction created, for `previousStatus` null (in memory: comparing
 * `created_at = now()` breaks on Citus, where the worker's transaction starts later than the
 * coordinator's that stamped the row).
 */
const createdOrders = new WeakMap<Trx, Set<number>>();

/** Marks an order as inserted by `trx` (every path that inserts one calls it). */
export function noteCreatedOrder(trx: Trx, orderId: number): void {
  const ids = createdOrders.get(trx) ?? new Set<number>();
  ids.add(orderId);
  createdOrders.set(trx, ids);
}

/**
 * Recomputes an order's status from its items (the order row locked by the caller): counts, the
 * derived status, a requested status refused with the derived status's code when it contradicts
 * it (400), and the items' copies of the order's type and open state. Answers the status stored.
 * Every write of an order passes here, so it also emits the `service_order.changed` webhook event
 * (issue 18; `previousStatus` null for an order created in this transaction).
 */
export async function recomputeOrder(
  trx: Trx,
  orderId: number,
  requested?: OsStatus | null,
): Promise<OsStatus> {
  const o = await trx
    .selectFrom('service_orders')
    .select(['status', 'type', 'company_id', 'number', 'priority', 'start_date', 'end_date'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const counts = await trx
    .selectFrom('service_order_items')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(completion_date)::int`.as('done')])
    .where('service_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const derived = deriveStatusFromCounts(o.status, counts.total, counts.done);
  const refused = checkRequestedStatus(derived, requested);
  if (refused) throw new AppError(refused);
  const status = resolveStatus(derived, requested);
  await trx
    .updateTable('service_orders')
    .set({ status, items_count: counts.total, completed_count: counts.done, updated_at: sql`now()` })
    .where('id', '=', orderId)
    .execute();
  const open = isOpenStatus(status);
  await trx
    .updateTable('service_order_items')
    .set({ order_open: open, order_type: o.type })
    .where('service_order_id', '=', orderId)
    .where((eb) => eb.or([eb('order_open', '<>', open), eb('order_type', '<>', o.type)]))
    .execute();
  await publish(trx, null, serviceOrderChanged, {
    serviceOrderId: orderId,
    companyId: o.company_id,
    number: o.number,
    type: o.type,
    priority: o.priority,
    status,
    previousStatus: createdOrders.get(trx)?.has(orderId) ? null : o.status,
    itemsCount: counts.total,
    completedCount: counts.done,
    startDate: o.start_date,
    endDate: o.end_date,
  });
  return status;
}

/** The order's row as the list answers it (its company's name read in the same statement). */
export function orderColumns() {
  return [
    'o.id',
    'o.number',
    'o.company_id',
    'o.start_date',
    'o.end_date',
    'o.request_user_id',
    'o.request_user_name',
    'o.responsible_user_id',
    'o.responsible_user_name',
    'o.priority',
    'o.type',
    'o.status',
    'o.observation',
    'o.items_count',
    'o.completed_count',
    'o.created_at',
    'o.updated_at',
    companyNameOf(sql.ref('o.company_id')).as('company_name'),
  ] as const;
}

export interface OrderRow {
  id: number;
  number: number;
  company_id: number;
  company_name: string | null;
  start_date: string;
  end_date: string | null;
  request_user_id: number | null;
  request_user_name: string | null;
  responsible_user_id: number | null;
  responsible_user_name: string | null;
  priority: ServiceOrder['priority'];
  type: ServiceOrder['type'];
  status: ServiceOrder['status'];
  observation: string | null;
  items_count: number;
  completed_count: number;
  created_at: Date;
  updated_at: Date;
}

export function toOrder(r: OrderRow): ServiceOrder {
  return {
    id: r.id,
    number: r.number,
    companyId: Number(r.company_id),
    companyName: r.company_name,
    startDate: r.start_date,
    endDate: r.end_date,
    requestUserId: r.request_user_id === null ? null : Number(r.request_user_id),
    requestUserName: r.request_user_name,
    responsibleUserId: r.responsible_user_id === null ? null : Number(r.responsible_user_id),
    responsibleUserName: r.responsible_user_name,
    priority: r.priority,
    type: r.type,
    status: r.status,
    observation: r.observation,
    equipmentCount: r.items_count,
    completedCount: r.completed_count,
    createdAt: r.created_at,
    updateDate: r.updated_at,
  };
}

/** One order (any company of the schema) by id, or undefined. */
export function findOrder(db: Db, id: number) {
  return db
    .selectFrom('service_orders as o')
    .select(orderColumns())
    .where('o.id', '=', id)
    .executeTakeFirst() as Promise<OrderRow | undefined>;
}

/** An order's items with their equipment, tag and product, in the order's order. */
export async function orderItems(db: Db, orderId: number, type: ServiceOrder['type']) {
  const rows = await db
    .selectFrom('service_order_items as i')
    .innerJoin('equipment as e', 'e.id', 'i.equipment_id')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .select([
      'i.id',
      'i.service_order_id',
      'i.equipment_id',
      'i.responsible_user_id',
      'i.responsible_user_name',
      'i.completion_date',
      't.serial_number',
      'e.extra_label',
      'p.name as product_name',
      'p.sku as product_sku',
      'p.short_description',
    ])
    .where('i.service_order_id', '=', orderId)
    .orderBy('i.position')
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    serviceOrderId: r.service_order_id,
    equipmentId: r.equipment_id,
    equipmentSerialNumber: r.serial_number,
    name: r.extra_label,
    extraLabel: r.extra_label,
    productName: r.product_name,
    productSku: r.product_sku,
    productDescription: r.short_description,
    type,
    responsibleUserId: r.responsible_user_id === null ? null : Number(r.responsible_user_id),
    responsibleUserName: r.responsible_user_name,
    completionDate: r.completion_date,
  }));
}

/** The full order (list row + items), or undefined. */
export async function loadDetail(db: Db, id: number): Promise<ServiceOrderDetail | undefined> {
  const row = await findOrder(db, id);
  if (!row) return undefined;
  return { ...toOrder(row), equipments: await orderItems(db, id, row.type) };
}
