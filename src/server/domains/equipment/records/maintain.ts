/**
 * POST /web/equipments/{tag}/maintenances (issue 11 item 1, issue 20): the maintenance's write.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { maintenanceInputSchema } from '../../../../shared/equipment/schemas.ts';
import { today } from '../../../db/days.ts';
import { publish } from '../../../kit/events.ts';
import { AppError } from '../../../errors.ts';
import { currentAttributeValues } from '../attributes.ts';
import { actorOf, type Ctx, inTenantTx } from '../common.ts';
import { lockEquipmentOnTag } from '../lookup.ts';
import { recordTimes } from '../presence.ts';
import type { StoredPart } from '../tables.ts';
import { equipmentMaintained } from '../events.ts';
import { checkAnswers, maintenanceQuestions, productParts, storedAttributes } from './forms.ts';

type MaintenanceInput = z.output<typeof maintenanceInputSchema>;

/**
 * POST /web/equipments/{tag}/maintenances: answers to the maintenance questions (YES_NO_NA, TEXT;
 * every enabled one answered) and the parts replaced — enabled parts of the product, each once —
 * kept with their names and units as they are now. Dated by `performedAt` like inspections: the
 * equipment's last maintenance only moves forward.
 */
export async function maintain(ctx: Ctx, input: MaintenanceInput): Promise<{ id: number }> {
  const times = recordTimes(input);
  return inTenantTx(ctx, async (trx) => {
    const { tag, equipment: e } = await lockEquipmentOnTag(ctx, trx, input.tag, { needEnabled: true });
    const answers = checkAnswers(await maintenanceQuestions(trx, e.inspection_type_id), input.answers);
    const available = new Map((await productParts(trx, e.product_id)).map((p) => [p.id, p]));
    const seen = new Set<number>();
    const parts: StoredPart[] = input.parts.map(({ partId, quantity }) => {
      const p = available.get(partId);
      if (!p || seen.has(partId)) throw new AppError('MAINTENANCE_PART_INVALID');
      seen.add(partId);
      return { partId, part: p.name, quantity, unit: p.unit };
    });
    const row = await trx
      .insertInto('maintenances')
      .values({
        equipment_id: e.id,
        company_id: e.company_id,
        product_id: e.product_id,
        ...actorOf(ctx),
        answers: JSON.stringify(answers),
        attributes: JSON.stringify(storedAttributes(await currentAttributeValues(trx, e.id))),
        parts: JSON.stringify(parts),
        created_at: times.receivedAt,
        performed_at: times.performedAt,
        identified_by: times.identifiedBy,
        scanned_at: times.scannedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (e.last_maintenance_at === null || times.performedAt >= e.last_maintenance_at)
      await trx
        .updateTable('equipment')
        .set({
          last_maintenance_id: row.id,
          last_maintenance_at: times.performedAt,
          last_maintenance_user_id: ctx.auth.user.id,
          updated_at: sql`now()`,
        })
        .where('id', '=', e.id)
        .execute();
    // The domains above react in this transaction (kit/events.ts): service orders (issue 14) and
    // outgoing webhooks (issue 18).
    await publish(trx, ctx, equipmentMaintained, {
      receivedAt: times.receivedAt,
      day: today(times.performedAt),
      maintenance: {
        maintenanceId: row.id,
        equipmentId: e.id,
        companyId: e.company_id,
        tagSerialNumber: tag.serialNumber,
        productId: e.product_id,
        performedAt: times.performedAt.toISOString(),
        receivedAt: times.receivedAt.toISOString(),
        parts: parts.map((p) => ({ partId: p.partId, part: p.part, quantity: p.quantity, unit: p.unit })),
        userId: ctx.auth.user.id,
      },
    });
    return { id: row.id };
  });
}
