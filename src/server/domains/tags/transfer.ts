/**
 * PUT /web/tags/{serial}/replace-to/{otherSerial}: the equipment on the old tag moves, with all of
 * its history, to an unused tag — in one transaction. Inspections, maintenances, snapshots and
 * attribute values hang on the equipment id, so moving the equipment row moves them all.
 */
import { sql } from 'kysely';
import type { Replaced } from '../../../shared/tags/schemas.ts';
import { AppError } from '../../errors.ts';
import { publish } from '../../kit/events.ts';
import { assertTagInScope, type Ctx, inTenantTx, type Trx } from './common.ts';
import { tagReplaced } from './events.ts';
import { checkTagsLimit } from './limit.ts';

/**
 * Both tag rows locked `FOR UPDATE` in one statement, in id order, so two transfers that name the
 * same two tags (either way round) queue up instead of deadlocking; 404 TAG_NOT_FOUND for a tag
 * outside the caller's scope.
 */
async function lockTags(ctx: Ctx, trx: Trx, oldSerial: string, newSerial: string) {
  const rows = await trx
    .selectFrom('tags')
    .select(['id', 'serial_number', 'company_id', 'enabled', 'activated_at'])
    .where('serial_number', 'in', [oldSerial, newSerial])
    .orderBy('id')
    .forUpdate()
    .execute();
  const bySerial = new Map(rows.map((r) => [r.serial_number, r]));
  const oldTag = assertTagInScope(ctx, bySerial.get(oldSerial));
  const newTag = assertTagInScope(ctx, bySerial.get(newSerial));
  return { oldTag, newTag };
}

export async function replaceTo(ctx: Ctx, input: { serial: string; otherSerial: string }): Promise<Replaced> {
  return inTenantTx(ctx, async (trx) => {
    const { oldTag, newTag } = await lockTags(ctx, trx, input.serial, input.otherSerial);
    // Read after the locks, in statements of their own: a transfer or registration that committed
    // while this one waited is seen.
    const equipment = await trx
      .selectFrom('equipment as e')
      .innerJoin('products as p', 'p.id', 'e.product_id')
      .select([
        'e.id',
        'e.extra_label',
        'e.extra_code',
        'p.id as product_id',
        'p.name as product_name',
        'p.sku as product_sku',
        'p.is_dv_exclusive',
      ])
      .where('e.tag_id', '=', oldTag.id)
      .forUpdate('e')
      .executeTakeFirst();
    if (!equipment) throw new AppError('TAG_NOT_USED', { params: { serial: oldTag.serial_number } });
    const onNew = await trx
      .selectFrom('equipment')
      .select('id')
      .where('tag_id', '=', newTag.id)
      .executeTakeFirst();
    if (onNew) throw new AppError('TAG_ALREADY_USED', { params: { serial: newTag.serial_number } });
    if (!newTag.enabled) throw new AppError('TAG_DISABLED', { params: { serial: newTag.serial_number } });
    if (newTag.company_id !== oldTag.company_id)
      throw new AppError('TAG_COMPANY_MISMATCH', { params: { serial: newTag.serial_number } });
    // The old tag was not counted (disabled): the new one would be one more tag in use.
    if (!equipment.is_dv_exclusive && !(oldTag.enabled && oldTag.activated_at))
      await checkTagsLimit(ctx, trx, newTag.company_id);

    await trx
      .updateTable('equipment')
      .set({ tag_id: newTag.id, updated_at: sql`now()` })
      .where('id', '=', equipment.id)
      .execute();
    await trx
      .updateTable('tags')
      .set({ activated_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', newTag.id)
      .execute();
    await trx
      .updateTable('tags')
      .set({ enabled: false, activated_at: null, updated_at: sql`now()` })
      .where('id', '=', oldTag.id)
      .execute();
    const completed = await trx
      .updateTable('tag_replacement_requests')
      .set({
        status: 'COMPLETED',
        completed_equipment_id: equipment.id,
        completed_by: ctx.auth.user.id,
        completed_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('new_tag_id', '=', newTag.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    // The domains above react in this transaction (kit/events.ts): the equipment's search text
    // (the serial is part of it) and TAG_REPLACED snapshot, outgoing webhooks (issue 18).
    await publish(trx, ctx, tagReplaced, {
      equipmentId: equipment.id,
      companyId: newTag.company_id,
      tagSerialNumber: newTag.serial_number,
      oldTagSerialNumber: oldTag.serial_number,
      equipment: {
        productId: equipment.product_id,
        productName: equipment.product_name,
        productSku: equipment.product_sku,
        extraLabel: equipment.extra_label,
        extraCode: equipment.extra_code,
      },
    });
    return {
      equipmentId: equipment.id,
      tagSerialNumber: newTag.serial_number,
      oldTagSerialNumber: oldTag.serial_number,
      completedRequests: Number(completed.numUpdatedRows),
    };
  });
}
