/**
 * Tags and equipment as the caller may reach them. A tag is looked up in the caller's tenant schema
 * (another group's tag is simply not there) and then held to the caller's scope: company admins and
 * operators reach their own company's tags only, group and provider admins any company of the
 * current group. Whatever the reason, a tag the caller may not reach is 404 TAG_NOT_FOUND — the
 * same answer, byte for byte, as for a serial that exists nowhere.
 */
import { AppError } from '../../errors.ts';
import { findTag, type ScopedTag as Tag } from '../tags/index.ts';
import type { Ctx, Db, Trx } from './common.ts';
import { sql } from 'kysely';
import { cycleRulesOf } from './cycles.ts';
import { productRuleColumns, productsWithType } from './product-rules.ts';

export interface ScopedTag extends Tag {
  /** the equipment on the tag, if any */
  equipmentId: number | null;
}

/**
 * A tag of the caller's scope, or 404 TAG_NOT_FOUND. With `lock` (inside a transaction) the tag row
 * is locked `FOR UPDATE` first and its equipment read afterwards, in a statement of its own, so a
 * registration that committed while this one waited for the lock is seen.
 */
export async function findTagInScope(
  ctx: Ctx,
  serial: string,
  opts: { db?: Db; lock?: boolean } = {},
): Promise<ScopedTag> {
  const db = opts.db ?? ctx.auth.tenant;
  const tag = await findTag(ctx, db, serial, { lock: opts.lock });
  const equipment = await db
    .selectFrom('equipment')
    .select('id')
    .where('tag_id', '=', tag.id)
    .executeTakeFirst();
  return { ...tag, equipmentId: equipment?.id ?? null };
}

/** The equipment on a tag of the caller's scope: 404 TAG_NOT_FOUND, else 404 EQUIPMENT_NOT_FOUND when unused. */
export async function equipmentIdOnTag(ctx: Ctx, serial: string, db: Db = ctx.auth.tenant): Promise<number> {
  const tag = await findTagInScope(ctx, serial, { db });
  if (tag.equipmentId === null) throw new AppError('EQUIPMENT_NOT_FOUND');
  return tag.equipmentId;
}

/** What a write on a tag's equipment reads of it and its product (its cycles: `cycleRulesOf`). */
export const lockedEquipmentColumns = [
  'e.id',
  'e.tag_id',
  'e.company_id',
  'e.product_id',
  'e.extra_label',
  'e.extra_code',
  'e.due_date',
  'e.due_date_manual',
  'e.last_inspection_day',
  'e.last_inspection_at',
  'e.last_inspection_improper',
  'e.next_inspection_date',
  'e.last_maintenance_at',
  'e.last_scanned_at',
  'e.reference_source',
  'e.reference_samples',
  'p.name as product_name',
  'p.sku as product_sku',
  ...productRuleColumns,
  'it.name as inspection_type_name',
  'c.name as category_name',
] as const;

/**
 * For a write on a tag's equipment (inspect, maintain, update): the tag in scope, its equipment
 * locked `FOR UPDATE` with what the write needs of its product. 409 TAG_NOT_USED on an unused tag;
 * `needEnabled` adds 409 TAG_DISABLED on a disabled one.
 */
export async function lockEquipmentOnTag(
  ctx: Ctx,
  trx: Trx,
  serial: string,
  opts: { needEnabled?: boolean } = {},
) {
  const tag = await findTagInScope(ctx, serial, { db: trx });
  if (tag.equipmentId === null) throw new AppError('TAG_NOT_USED', { params: { serial: tag.serialNumber } });
  if (opts.needEnabled && !tag.enabled)
    throw new AppError('TAG_DISABLED', { params: { serial: tag.serialNumber } });
  const row = await productsWithType(trx)
    .innerJoin('equipment as e', 'e.product_id', 'p.id')
    .select(lockedEquipmentColumns)
    // Its maintenance cycles with their stored record days (issue 30), in the same statement.
    .select((eb) => cycleRulesOf(eb, sql.ref('e.id')).as('cycle_rules'))
    .where('e.id', '=', tag.equipmentId)
    // Moved to another tag meanwhile (a replacement): this tag no longer has it.
    .where('e.tag_id', '=', tag.id)
    .forUpdate('e')
    .executeTakeFirst();
  if (!row) throw new AppError('TAG_NOT_USED', { params: { serial: tag.serialNumber } });
  return { tag, equipment: row };
}
export type LockedEquipment = Awaited<ReturnType<typeof lockEquipmentOnTag>>['equipment'];
