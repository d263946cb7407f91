/**
 * Equipment waiting for a tag (issue 31 item 1, tenant 1401): created without a tag — an import
 * row with no serial — it is listed and reported like any equipment, and gets its tag at the first
 * scan of an unused tag (`claimTag`, the field's register screen) or in bulk (`assign-tags.ts`).
 * Binding a tag is registration's second half: the tag row locked first, the same 409s, the tag
 * activated, the search document and a TAG_ASSIGNED snapshot written, `equipment.registered`
 * published (the equipment is reachable by tag from now on).
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  AwaitingTagItem,
  awaitingTagListSchema,
  ClaimTagInput,
  nextUnusedTagsSchema,
} from '../../../shared/equipment/awaiting-tag.ts';
import type { Page } from '../../../shared/list.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { publish } from '../../kit/events.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { requirePaymentNotBlocked } from '../organisations/index.ts';
import { checkTagsLimit } from '../tags/index.ts';
import { actorOf, type Ctx, type Db, inTenantTx, type Trx } from './common.ts';
import { equipmentRegistered } from './events.ts';
import { findTagInScope } from './lookup.ts';
import { refreshEquipmentSearch } from './search.ts';

type ListInput = z.output<typeof awaitingTagListSchema>;

/** 404 EQUIPMENT_NOT_FOUND unless the caller may act for `companyId` (company roles: their own only). */
export function requireCompanyInScope(ctx: Ctx, companyId: number): void {
  const own = scopeOf(ctx.auth).companyId;
  if (own !== null && own !== companyId) throw new AppError('EQUIPMENT_NOT_FOUND');
}

/** `equipment.awaitingTag`: the picker's page — tagless equipment of the scope, searched in SQL. */
export async function awaitingTagPage(ctx: Ctx, input: ListInput): Promise<Page<AwaitingTagItem>> {
  const db = ctx.auth.tenant;
  let base = db
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .where('e.tag_id', 'is', null)
    .where(scopeWhere(scopeOf(ctx.auth), { company: sql.ref('e.company_id') }));
  if (input.companyId !== undefined) base = base.where('e.company_id', '=', input.companyId);
  const page = await fetchPage(base, input, {
    // The stored document (labels, control number, product name and SKU; no serial yet).
    searchDocument: sql.ref('e.search'),
    sorts: { extraCode: sql.ref('e.extra_code'), createdAt: sql.ref('e.created_at') },
    nullsLast: true,
    tiebreak: sql.ref('e.id'),
    select: (q) =>
      q.select([
        'e.id',
        'e.company_id',
        'e.extra_code',
        'e.extra_label',
        'e.created_at',
        'p.name as product_name',
        'p.sku as product_sku',
      ]),
  });
  return mapPage(page, (r) => ({
    id: r.id,
    companyId: Number(r.company_id),
    extraCode: r.extra_code,
    extraLabel: r.extra_label,
    productName: r.product_name,
    productSku: r.product_sku,
    createdAt: r.created_at,
  }));
}

/** `equipment.nextUnusedTags`: the company's next enabled, never used tags, in serial order. */
export async function nextUnusedTags(
  ctx: Ctx,
  input: z.output<typeof nextUnusedTagsSchema>,
): Promise<{ serials: string[] }> {
  requireCompanyInScope(ctx, input.companyId);
  const rows = await ctx.auth.tenant
    .selectFrom('tags as t')
    .select('t.serial_number')
    .where('t.company_id', '=', input.companyId)
    .where('t.enabled', '=', true)
    .where('t.activated_at', 'is', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('equipment as x').select('x.id').whereRef('x.tag_id', '=', 't.id'))),
    )
    .orderBy('t.serial_number')
    .limit(input.count)
    .execute();
  return { serials: rows.map((r) => r.serial_number) };
}

/** Equipment ids → what binding a tag needs of them, locked `FOR UPDATE` in id order. */
export async function lockTaglessCandidates(trx: Trx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .select([
      'e.id',
      'e.company_id',
      'e.tag_id',
      'e.extra_label',
      'e.extra_code',
      'e.due_date',
      'e.product_id',
      'p.name as product_name',
      'p.sku as product_sku',
      'p.is_dv_exclusive',
    ])
    .where('e.id', 'in', [...ids])
    .orderBy('e.id')
    .forUpdate('e')
    .execute();
}
export type TaglessCandidate = Awaited<ReturnType<typeof lockTaglessCandidates>>[number];

/** The serial of the tag an equipment already has (for EQUIPMENT_ALREADY_TAGGED). */
async function serialOf(db: Db, tagId: number): Promise<string> {
  const row = await db.selectFrom('tags').select('serial_number').where('id', '=', tagId).executeTakeFirst();
  return row?.serial_number ?? '';
}

/**
 * After the equipment rows got their tags: the tags activated, the search documents, one
 * TAG_ASSIGNED snapshot per equipment (set-based), and `equipment.registered` for each.
 */
export async function afterTagsBound(
  ctx: Ctx,
  trx: Trx,
  bound: { equipment: TaglessCandidate; tagId: number; serial: string }[],
): Promise<void> {
  const ids = bound.map((b) => b.equipment.id);
  await trx
    .updateTable('tags')
    .set({ activated_at: sql`now()`, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      bound.map((b) => b.tagId),
    )
    .execute();
  await refreshEquipmentSearch(trx, { equipmentIds: ids });
  const actor = actorOf(ctx);
  await trx
    .insertInto('equipment_snapshots')
    .values(
      bound.map(({ equipment: e, serial }) => ({
        equipment_id: e.id,
        kind: 'TAG_ASSIGNED' as const,
        ...actor,
        tag_serial: serial,
        product_id: e.product_id,
        product_name: e.product_name,
        product_sku: e.product_sku,
        extra_label: e.extra_label,
        extra_code: e.extra_code,
      })),
    )
    .execute();
  for (const { equipment: e, serial } of bound)
    await publish(trx, ctx, equipmentRegistered, {
      equipmentId: e.id,
      companyId: Number(e.company_id),
      tagSerialNumber: serial,
      productId: e.product_id,
      productName: e.product_name,
      productSku: e.product_sku,
      extraLabel: e.extra_label,
      extraCode: e.extra_code,
      dueDate: e.due_date,
    });
}

/** `equipment.claimTag`: an unused tag of the caller's scope bound to equipment waiting for one. */
export async function claimTag(
  ctx: Ctx,
  input: Required<ClaimTagInput>,
): Promise<{ id: number; tagSerialNumber: string }> {
  requirePaymentNotBlocked(ctx);
  return inTenantTx(ctx, async (trx) => {
    // The tag first, locked: a registration or claim of the same tag waits and then finds it used.
    const tag = await findTagInScope(ctx, input.tagSerialNumber, { db: trx, lock: true });
    if (tag.equipmentId !== null)
      throw new AppError('TAG_ALREADY_USED', { params: { serial: tag.serialNumber } });
    if (!tag.enabled) throw new AppError('TAG_DISABLED', { params: { serial: tag.serialNumber } });
    const [equipment] = await lockTaglessCandidates(trx, [input.equipmentId]);
    // Another company's (or another group's, or none): the same 404.
    if (!equipment || Number(equipment.company_id) !== tag.companyId)
      throw new AppError('EQUIPMENT_NOT_FOUND');
    if (equipment.tag_id !== null)
      throw new AppError('EQUIPMENT_ALREADY_TAGGED', {
        params: { serial: await serialOf(trx, equipment.tag_id) },
      });
    if (!equipment.is_dv_exclusive) await checkTagsLimit(ctx, trx, tag.companyId);
    try {
      await trx
        .updateTable('equipment')
        .set({ tag_id: tag.id, updated_at: sql`now()` })
        .where('id', '=', equipment.id)
        .execute();
    } catch (e) {
      // The tag row lock makes this unreachable in practice; the unique key is the backstop.
      if (isUniqueViolation(e, 'equipment_tag_id_key'))
        throw new AppError('TAG_ALREADY_USED', { params: { serial: tag.serialNumber } });
      throw e;
    }
    await afterTagsBound(ctx, trx, [{ equipment, tagId: tag.id, serial: tag.serialNumber }]);
    return { id: equipment.id, tagSerialNumber: tag.serialNumber };
  });
}
