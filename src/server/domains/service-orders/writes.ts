/** Service orders' writes: create and update, with their equipment, people and items checked. */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  createServiceOrderSchema,
  ServiceOrder,
  ServiceOrderDetail,
  updateServiceOrderSchema,
} from '../../../shared/service-orders/schemas.ts';
import { withCore } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { type Scope, scopeOf } from '../../kit/scope.ts';
import { type Ctx, type Db, inTenantTx, type Trx } from './common.ts';
import { loadDetail, nextNumber, noteCreatedOrder, recomputeOrder } from './orders.ts';
import { eligiblePeople, type Person } from './people.ts';
import { orderInScope } from './reads.ts';

type CreateInput = z.output<typeof createServiceOrderSchema>;
type UpdateInput = z.output<typeof updateServiceOrderSchema>;
type ItemInput = CreateInput['equipments'][number];

// ── writes ──────────────────────────────────────────────────────────────────────────────────────

interface ResolvedEquipment {
  id: number;
  companyId: number;
  serial: string;
  enabled: boolean;
}

/** How an item names its equipment in messages: the serial when given, else the id. */
const itemLabel = (i: ItemInput) => i.equipmentSerialNumber ?? String(i.equipmentId);

/**
 * The equipment the items name (by id or tag serial), held to the caller's scope and to one
 * company: 404 SERVICE_ORDER_EQUIPMENT_NOT_FOUND (also for another company's, as if it did not
 * exist), 400 SERVICE_ORDER_EQUIPMENT_REPEATED, SERVICE_ORDER_EQUIPMENT_OTHER_COMPANY (mixed
 * companies, or not the order's), SERVICE_ORDER_EQUIPMENT_TAG_DISABLED (only for equipment the
 * order does not hold yet: a tag disabled later does not block editing).
 */
async function resolveEquipment(
  db: Db,
  scope: Scope,
  items: readonly ItemInput[],
  opts: { companyId?: number; held?: ReadonlySet<number> } = {},
): Promise<ResolvedEquipment[]> {
  const ids = items.flatMap((i) => (i.equipmentId != null ? [i.equipmentId] : []));
  const serials = items.flatMap((i) =>
    i.equipmentId == null && i.equipmentSerialNumber ? [i.equipmentSerialNumber] : [],
  );
  const rows = await db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .select(['e.id', 'e.company_id', 't.serial_number', 't.enabled'])
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('e.id', 'in', ids)] : []),
        ...(serials.length ? [eb('t.serial_number', 'in', serials)] : []),
      ]),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bySerial = new Map(rows.map((r) => [r.serial_number, r]));
  const seen = new Set<number>();
  let companyId = opts.companyId;
  return items.map((item) => {
    const r =
      item.equipmentId != null ? byId.get(item.equipmentId) : bySerial.get(item.equipmentSerialNumber!);
    // Out of scope: named as the caller named it, exactly as an id or serial that names nothing.
    if (!r || (scope.companyId !== null && r.company_id !== scope.companyId))
      throw new AppError('SERVICE_ORDER_EQUIPMENT_NOT_FOUND', { params: { equipment: itemLabel(item) } });
    const equipment = r.serial_number;
    if (seen.has(r.id)) throw new AppError('SERVICE_ORDER_EQUIPMENT_REPEATED', { params: { equipment } });
    seen.add(r.id);
    companyId ??= r.company_id;
    if (r.company_id !== companyId)
      throw new AppError('SERVICE_ORDER_EQUIPMENT_OTHER_COMPANY', { params: { equipment } });
    if (!r.enabled && !opts.held?.has(r.id))
      throw new AppError('SERVICE_ORDER_EQUIPMENT_TAG_DISABLED', { params: { equipment } });
    return { id: r.id, companyId: r.company_id, serial: r.serial_number, enabled: r.enabled };
  });
}

/** The people chosen for an order of `companyId`: each must be eligible (400 SERVICE_ORDER_RESPONSIBLE_INVALID). */
async function requirePeople(
  ctx: Ctx,
  trx: Trx,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, Person>> {
  const wanted = [...new Set(ids)];
  // On the transaction's own connection (core.users): a second one per transaction could starve the pool.
  const found = await eligiblePeople(withCore(trx), ctx.auth.companyGroup.id, [companyId], wanted);
  if (found.length !== wanted.length) throw new AppError('SERVICE_ORDER_RESPONSIBLE_INVALID');
  return new Map(found.map((p) => [p.id, p]));
}

/** A completion date may be any past day or today, not a future one. */
function refuseFutureCompletion(items: readonly ItemInput[]): void {
  const day = today();
  if (items.some((i) => i.completionDate && i.completionDate > day))
    throw new AppError('SERVICE_ORDER_COMPLETION_FUTURE');
}

/**
 * POST /web/service-order/. Checked in the seed's order (000 §5): a start date before today
 * (APP_TIME_ZONE), no equipment, a required field blank (start, end, priority, type, responsible);
 * then start after end, the equipment and the people. The requester is the caller; the status is
 * PENDING and completion dates are empty, whatever the payload says.
 */
export async function createServiceOrder(ctx: Ctx, input: CreateInput): Promise<ServiceOrderDetail> {
  if (input.startDate && input.startDate < today()) throw new AppError('SERVICE_ORDER_START_DATE_PAST');
  if (input.equipments.length === 0) throw new AppError('SERVICE_ORDER_NO_EQUIPMENT');
  const { startDate, endDate, priority, type, responsibleUserId } = input;
  if (!startDate || !endDate || !priority || !type || !responsibleUserId)
    throw new AppError('SERVICE_ORDER_MISSING_FIELDS');
  if (startDate > endDate) throw new AppError('SERVICE_ORDER_DATE_RANGE');
  const scope = scopeOf(ctx.auth);
  const id = await inTenantTx(ctx, async (trx) => {
    const equipment = await resolveEquipment(trx, scope, input.equipments);
    const companyId = equipment[0]!.companyId;
    const people = await requirePeople(ctx, trx, companyId, [
      responsibleUserId,
      ...input.equipments.flatMap((i) => (i.responsibleUserId ? [i.responsibleUserId] : [])),
    ]);
    const number = await nextNumber(trx, companyId);
    const order = await trx
      .insertInto('service_orders')
      .values({
        company_id: companyId,
        number,
        start_date: startDate,
        end_date: endDate,
        request_user_id: ctx.auth.user.id,
        request_user_name: ctx.auth.user.name,
        responsible_user_id: responsibleUserId,
        responsible_user_name: people.get(responsibleUserId)!.name,
        priority,
        type,
        status: 'PENDING',
        observation: input.observation ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    noteCreatedOrder(trx, order.id);
    await trx
      .insertInto('service_order_items')
      .values(
        equipment.map((e, position) => {
          const who = people.get(input.equipments[position]!.responsibleUserId ?? responsibleUserId)!;
          return {
            service_order_id: order.id,
            equipment_id: e.id,
            position,
            responsible_user_id: who.id,
            responsible_user_name: who.name,
            completion_date: null,
            order_type: type,
            order_open: true,
          };
        }),
      )
      .execute();
    await recomputeOrder(trx, order.id);
    return order.id;
  });
  return (await loadDetail(ctx.auth.tenant, id))!;
}

/**
 * PUT /web/service-order/{id}/: the order's fields (seed 000 §5: start, end, comments, priority,
 * type required — the end only of an order that has one: an auto-opened order has none; and the
 * responsible), the equipment list when given (matched by equipment; left
 * out → removed; new ones as on create) with completion dates (not in the future), then the status
 * derived again: a requested status contradicting it is 400 SERVICE_ORDER_STATUS_BLOCKED_<derived>.
 * People are checked only when they change (an inactive responsible does not block an edit).
 */
export async function updateServiceOrder(ctx: Ctx, input: UpdateInput): Promise<ServiceOrderDetail> {
  const scope = scopeOf(ctx.auth);
  await inTenantTx(ctx, async (trx) => {
    const current = await orderInScope(ctx, trx, input.id, { lock: true });
    if (input.equipments && input.equipments.length === 0) throw new AppError('SERVICE_ORDER_NO_EQUIPMENT');
    const { startDate, priority, type, responsibleUserId, observation } = input;
    const endDate = input.endDate ?? null;
    // The end date is required of an order that has one; one opened by an inspection never had
    // one and may be saved without (issue 26 item 10).
    const endRequired = current.end_date !== null;
    if (!startDate || (endRequired && !endDate) || !priority || !type || !responsibleUserId || !observation)
      throw new AppError('SERVICE_ORDER_MISSING_FIELDS');
    if (endDate && startDate > endDate) throw new AppError('SERVICE_ORDER_DATE_RANGE');
    if (input.equipments) refuseFutureCompletion(input.equipments);

    const held = await trx
      .selectFrom('service_order_items')
      .select(['id', 'equipment_id', 'responsible_user_id'])
      .where('service_order_id', '=', current.id)
      .execute();
    const heldBy = new Map(held.map((h) => [h.equipment_id, h]));
    const equipment = input.equipments
      ? await resolveEquipment(trx, scope, input.equipments, {
          companyId: current.company_id,
          held: new Set(heldBy.keys()),
        })
      : null;

    // People who change: the order's responsible, and items' (new items default to the order's).
    const changed = new Set<number>();
    if (responsibleUserId !== current.responsible_user_id) changed.add(responsibleUserId);
    input.equipments?.forEach((item, i) => {
      const was = heldBy.get(equipment![i]!.id);
      const who = item.responsibleUserId ?? (was ? was.responsible_user_id : responsibleUserId);
      if (who !== null && (!was || who !== was.responsible_user_id)) changed.add(who);
    });
    const people = await requirePeople(ctx, trx, current.company_id, [...changed]);
    const nameOf = (id: number | null, fallback: string | null) =>
      id === null ? null : (people.get(id)?.name ?? fallback);

    await trx
      .updateTable('service_orders')
      .set({
        start_date: startDate,
        end_date: endDate,
        priority,
        type,
        observation,
        responsible_user_id: responsibleUserId,
        responsible_user_name: nameOf(responsibleUserId, current.responsible_user_name),
        updated_at: sql`now()`,
      })
      .where('id', '=', current.id)
      .execute();

    if (input.equipments && equipment)
      await saveItems(trx, current.id, type, input.equipments, equipment, heldBy, nameOf, responsibleUserId);
    await recomputeOrder(trx, current.id, input.status);
  });
  return (await loadDetail(ctx.auth.tenant, input.id))!;
}

/** Replaces an order's items with `items` (matched by equipment), keeping the ids of those it had. */
async function saveItems(
  trx: Trx,
  orderId: number,
  type: ServiceOrder['type'],
  items: readonly ItemInput[],
  equipment: readonly ResolvedEquipment[],
  heldBy: ReadonlyMap<number, { id: number; responsible_user_id: number | null }>,
  nameOf: (id: number | null, fallback: string | null) => string | null,
  orderResponsible: number,
): Promise<void> {
  const kept = new Set(equipment.map((e) => e.id));
  const removed = [...heldBy.entries()]
    .filter(([equipmentId]) => !kept.has(equipmentId))
    .map(([, h]) => h.id);
  if (removed.length) await trx.deleteFrom('service_order_items').where('id', 'in', removed).execute();
  const currentNames = new Map(
    (
      await trx
        .selectFrom('service_order_items')
        .select(['id', 'responsible_user_name'])
        .where('service_order_id', '=', orderId)
        .execute()
    ).map((r) => [r.id, r.responsible_user_name]),
  );
  for (const [position, item] of items.entries()) {
    const e = equipment[position]!;
    const was = heldBy.get(e.id);
    const who = item.responsibleUserId ?? (was ? was.responsible_user_id : orderResponsible);
    const values = {
      position,
      responsible_user_id: who,
      responsible_user_name: nameOf(who, was ? (currentNames.get(was.id) ?? null) : null),
      completion_date: item.completionDate ?? null,
    };
    if (was) await trx.updateTable('service_order_items').set(values).where('id', '=', was.id).execute();
    else
      await trx
        .insertInto('service_order_items')
        .values({
          ...values,
          service_order_id: orderId,
          equipment_id: e.id,
          order_type: type,
          order_open: true,
        })
        .execute();
  }
}
