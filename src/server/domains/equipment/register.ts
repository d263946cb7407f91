/**
 * Registering equipment on an unused tag, and editing it (issue 11 items 1, 6). One transaction
 * each: the tag row is locked first, so two users registering the same tag queue up and the second
 * finds it used; the company's tags limit is checked under a per-company advisory lock.
 */
import { sql } from 'kysely';
import type {
  registerEquipmentSchema,
  registerOptionsSchema,
  updateEquipmentSchema,
} from '../../../shared/equipment/schemas.ts';
import { isExtinguisherType } from '../../../shared/equipment/status.ts';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import type { z } from 'zod';
import { coreDb } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { requireEquipmentRoom, requirePaymentNotBlocked } from '../organisations/index.ts';
import { checkTagsLimit } from '../tags/index.ts';
import {
  checkAttributeDates,
  checkAttributeValues,
  currentAttributeValues,
  resolveDueDate,
  saveAttributeValues,
  type TypeAttribute,
  typeAttributes,
} from './attributes.ts';
import { actorOf, type Ctx, type Db, inTenantTx, type Trx } from './common.ts';
import { loadOneEquipment } from './dto.ts';
import { findTagInScope, lockEquipmentOnTag } from './lookup.ts';
import { productDates, productRuleColumns, productsWithType } from './product-rules.ts';
import { refreshEquipmentSearch } from './search.ts';
import { publish } from '../../kit/events.ts';
import { equipmentRegistered, publishStatusChange, statusInputOf } from './events.ts';
import { dueFromCycles, productCycleRules, saveCycleStates, statesAfter } from './cycles.ts';

type RegisterInput = z.output<typeof registerEquipmentSchema>;
type UpdateInput = z.output<typeof updateEquipmentSchema>;
type RegisterOptions = z.input<typeof registerOptionsSchema>;

/** A product equipment may be put on: enabled, in an enabled subcategory and category (or the current one). */
async function productForEquipment(db: Db, productId: number, opts: { current?: boolean } = {}) {
  const p = await productsWithType(db)
    .select([
      'p.id',
      'p.name',
      'p.sku',
      'p.enabled',
      ...productRuleColumns,
      'it.enabled as type_enabled',
      'it.name as type_name',
      'c.enabled as category_enabled',
      'c.name as category_name',
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  // Disabled items cannot be picked; equipment already on one keeps it.
  if (!p || (!opts.current && !(p.enabled && p.type_enabled && p.category_enabled)))
    throw new AppError('EQUIPMENT_PRODUCT_INVALID');
  return { ...p, isExtinguisher: isExtinguisherType(p.category_name, p.type_name) };
}

export interface SnapshotOf {
  equipmentId: number;
  tagSerial: string;
  productId: number;
  productName: string;
  productSku: string;
  extraLabel: string | null;
  extraCode: string | null;
}

/** A modification record (seed 001 §3 "Snapshot"): who, when, and the equipment as it is now. */
export async function writeEquipmentSnapshot(
  ctx: Ctx,
  trx: Trx,
  kind: 'CREATED' | 'UPDATED' | 'TAG_REPLACED',
  s: SnapshotOf,
): Promise<void> {
  await trx
    .insertInto('equipment_snapshots')
    .values({
      equipment_id: s.equipmentId,
      kind,
      ...actorOf(ctx),
      tag_serial: s.tagSerial,
      product_id: s.productId,
      product_name: s.productName,
      product_sku: s.productSku,
      extra_label: s.extraLabel,
      extra_code: s.extraCode,
    })
    .execute();
}

/** 409 when a tag cannot take new equipment: used first (it says more), then disabled. */
function assertRegistrable(tag: { serialNumber: string; equipmentId: number | null; enabled: boolean }) {
  if (tag.equipmentId !== null)
    throw new AppError('TAG_ALREADY_USED', { params: { serial: tag.serialNumber } });
  if (!tag.enabled) throw new AppError('TAG_DISABLED', { params: { serial: tag.serialNumber } });
}

/**
 * The due date of equipment of `product` and its cycles' states (issue 30): a typed date
 * (`manual`), else the earliest of its cycles', else what the attribute values give (NBR 12962).
 */
async function dueDateFor(
  trx: Trx,
  product: {
    id: number;
    is_due_date: boolean;
    isExtinguisher: boolean;
    days_notification_due_date: number | null;
  },
  manual: string | null,
  values: { attribute: TypeAttribute; value: string }[],
  equipmentId?: number,
) {
  const attributes = values
    .filter((v) => v.value !== '')
    .map((v) => ({ attribute: v.attribute.attribute, type: v.attribute.type, value: v.value }));
  const legacy = resolveDueDate(
    { isDueDate: true, isExtinguisher: product.isExtinguisher },
    null,
    attributes,
  );
  const cycles = statesAfter(await productCycleRules(trx, product.id, equipmentId), {
    attributes,
    noticeDays: product.days_notification_due_date,
  });
  return { ...dueFromCycles(product, manual, cycles, legacy.due_date), cycles };
}

/** `productDates` with the cycles' earliest warning day when the cycles gave the due date. */
export function datesWith(
  product: Parameters<typeof productDates>[0],
  lastInspectionDay: string | null,
  due: { due_date: string | null; due_notice_date?: string | null },
) {
  const dates = productDates(product, lastInspectionDay, due.due_date);
  return due.due_notice_date !== undefined ? { ...dates, due_notice_date: due.due_notice_date } : dates;
}

/** The snapshot of equipment as registration and edits leave it: on `product`, with the input's labels. */
function savedSnapshot(
  equipmentId: number,
  tagSerial: string,
  product: { id: number; name: string; sku: string },
  input: { extraLabel: string | null; extraCode: string | null },
): SnapshotOf {
  return {
    equipmentId,
    tagSerial,
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    extraLabel: input.extraLabel,
    extraCode: input.extraCode,
  };
}

/**
 * Products as the field forms offer them (name order), with their type and category names and
 * whether new equipment may be put on them (`registrable`: the product, its type and its category
 * enabled). The register form and the offline working set read them here.
 */
export function fieldProducts(db: Db) {
  return productsWithType(db)
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.is_dv_exclusive',
      'p.is_due_date',
      'p.image_key',
      'p.inspection_type_id',
      'it.name as type_name',
      'c.name as category_name',
      sql<boolean>`(p.enabled and it.enabled and c.enabled)`.as('registrable'),
    ])
    .orderBy(sql`core.search_text(p.name)`)
    .orderBy('p.id');
}
type FieldProductRow = Awaited<ReturnType<ReturnType<typeof fieldProducts>['execute']>>[number];

/** A field product row → the answer's fields (register options, working set). */
export function toFieldProduct(p: FieldProductRow) {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    isDvExclusive: p.is_dv_exclusive,
    isDueDate: p.is_due_date,
    hasImage: p.image_key !== null,
    categoryName: p.category_name,
    inspectionTypeId: p.inspection_type_id,
    inspectionTypeName: p.type_name,
    isExtinguisher: isExtinguisherType(p.category_name, p.type_name),
  };
}

/** The enabled attributes of inspection types, each type's in order. */
export async function enabledTypeAttributes(
  db: Db,
  typeIds: readonly number[],
): Promise<Map<number, { id: number; attribute: string; type: 'TEXT' | 'DATE' }[]>> {
  const out = new Map<number, { id: number; attribute: string; type: 'TEXT' | 'DATE' }[]>();
  if (typeIds.length === 0) return out;
  const rows = await db
    .selectFrom('inspection_type_attributes')
    .select(['id', 'attribute', 'type', 'inspection_type_id'])
    .where('inspection_type_id', 'in', [...typeIds])
    .where('enabled', '=', true)
    .orderBy('inspection_type_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { inspection_type_id, ...a } of rows) {
    const list = out.get(inspection_type_id);
    if (list) list.push(a);
    else out.set(inspection_type_id, [a]);
  }
  return out;
}

/** What the register form needs for an unused tag of the caller's scope. */
export async function registerOptions(ctx: Ctx, { tag: serial }: { tag: string }): Promise<RegisterOptions> {
  const db = ctx.auth.tenant;
  const tag = await findTagInScope(ctx, serial);
  assertRegistrable(tag);
  const [company, products] = await Promise.all([
    coreDb().selectFrom('companies').select('name').where('id', '=', tag.companyId).executeTakeFirst(),
    fieldProducts(db)
      .where('p.enabled', '=', true)
      .where('it.enabled', '=', true)
      .where('c.enabled', '=', true)
      .execute(),
  ]);
  const attrs = await enabledTypeAttributes(db, [...new Set(products.map((p) => p.inspection_type_id))]);
  return {
    serialNumber: tag.serialNumber,
    companyId: tag.companyId,
    companyName: company?.name ?? '',
    products: products.map((p) => ({
      ...toFieldProduct(p),
      attributes: attrs.get(p.inspection_type_id) ?? [],
    })),
  };
}

/** POST /web/equipments/: equipment on an unused tag; the tag becomes used (`activated_at`). */
export async function registerEquipment(
  ctx: Ctx,
  input: RegisterInput,
): Promise<{ id: number; tagSerialNumber: string }> {
  // A BLOCKED group (overdue bills) registers nothing new; reads go on (issue 17).
  requirePaymentNotBlocked(ctx);
  return inTenantTx(ctx, async (trx) => {
    const tag = await findTagInScope(ctx, input.tagSerialNumber, { db: trx, lock: true });
    assertRegistrable(tag);
    const product = await productForEquipment(trx, input.productId);
    const values = checkAttributeValues(
      await typeAttributes(trx, product.inspection_type_id),
      input.attributes,
    );
    checkAttributeDates(values);
    // The group's plan limits its equipment count (issue 17); the tags limit is its own check.
    await requireEquipmentRoom(ctx, trx);
    // Provider-exclusive products consume no tag.
    if (!product.is_dv_exclusive) await checkTagsLimit(ctx, trx, tag.companyId);
    const due = await dueDateFor(trx, product, input.dueDate ?? null, values);
    let id: number;
    try {
      const row = await trx
        .insertInto('equipment')
        .values({
          tag_id: tag.id,
          company_id: tag.companyId,
          product_id: product.id,
          extra_label: input.extraLabel,
          extra_code: input.extraCode,
          due_date_manual: due.due_date_manual,
          ...datesWith(product, null, due),
          created_by: ctx.auth.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (e) {
      // The tag row lock makes this unreachable in practice; the unique key is the backstop.
      if (isUniqueViolation(e, 'equipment_tag_id_key'))
        throw new AppError('TAG_ALREADY_USED', { params: { serial: tag.serialNumber } });
      throw e;
    }
    await saveAttributeValues(trx, id, values);
    await saveCycleStates(trx, id, due.cycles);
    await refreshEquipmentSearch(trx, { equipmentId: id });
    await writeEquipmentSnapshot(ctx, trx, 'CREATED', savedSnapshot(id, tag.serialNumber, product, input));
    await trx
      .updateTable('tags')
      .set({ activated_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', tag.id)
      .execute();
    await publish(trx, ctx, equipmentRegistered, {
      equipmentId: id,
      companyId: tag.companyId,
      tagSerialNumber: tag.serialNumber,
      productId: product.id,
      productName: product.name,
      productSku: product.sku,
      extraLabel: input.extraLabel,
      extraCode: input.extraCode,
      dueDate: due.due_date,
    });
    return { id, tagSerialNumber: tag.serialNumber };
  });
}

/**
 * PUT /web/equipments/{tag}/: product, labels, due date and attribute values (the full set: values
 * left out are cleared). A change of product or labels writes an UPDATED snapshot. `dueDate` left
 * out keeps a typed date; `null` goes back to the automatic one (extinguishers) or none.
 */
export async function updateEquipment(ctx: Ctx, input: UpdateInput): Promise<Equipment> {
  const id = await inTenantTx(ctx, async (trx) => {
    const { tag, equipment: cur } = await lockEquipmentOnTag(ctx, trx, input.tag);
    const productChanged = input.productId !== cur.product_id;
    const product = await productForEquipment(trx, input.productId, { current: !productChanged });
    const held = new Set((await currentAttributeValues(trx, cur.id)).map((v) => v.attributeId));
    const values = checkAttributeValues(
      await typeAttributes(trx, product.inspection_type_id),
      input.attributes,
      held,
    );
    checkAttributeDates(values);
    // Moving to a non-exclusive product makes the tag count against the limit.
    if (cur.is_dv_exclusive && !product.is_dv_exclusive && tag.enabled && tag.activatedAt)
      await checkTagsLimit(ctx, trx, cur.company_id, cur.id);
    const manual = input.dueDate === undefined ? (cur.due_date_manual ? cur.due_date : null) : input.dueDate;
    const due = await dueDateFor(trx, product, manual, values, cur.id);
    const dates = datesWith(product, cur.last_inspection_day, due);
    await trx
      .updateTable('equipment')
      .set({
        product_id: product.id,
        extra_label: input.extraLabel,
        extra_code: input.extraCode,
        due_date_manual: due.due_date_manual,
        ...dates,
        updated_at: sql`now()`,
      })
      .where('id', '=', cur.id)
      .execute();
    await publishStatusChange(
      trx,
      ctx,
      { id: cur.id, company_id: cur.company_id, serial: tag.serialNumber },
      statusInputOf(cur),
      { ...statusInputOf(cur), nextInspectionDate: dates.next_inspection_date, dueDate: dates.due_date },
      'update',
    );
    await saveAttributeValues(trx, cur.id, values, { replace: true });
    await saveCycleStates(trx, cur.id, due.cycles, { prune: true });
    await refreshEquipmentSearch(trx, { equipmentId: cur.id });
    if (productChanged || input.extraLabel !== cur.extra_label || input.extraCode !== cur.extra_code)
      await writeEquipmentSnapshot(
        ctx,
        trx,
        'UPDATED',
        savedSnapshot(cur.id, tag.serialNumber, product, input),
      );
    return cur.id;
  });
  return loadOneEquipment(ctx.auth.tenant, id);
}
