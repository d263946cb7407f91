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
import { maintenanceFulfils } from '../../../../shared/cycles/rules.ts';
import { dueFromCycles, saveCycleStates, statesAfter } from '../cycles.ts';
import type { LockedEquipment } from '../lookup.ts';
import type { AttributeValue } from '../attributes.ts';

/**
 * The cycles a maintenance fulfils (issue 30): the codes named (400 CYCLE_UNKNOWN for one the
 * equipment's list lacks) and the lower-level maintenance cycles they include.
 */
function fulfilled(e: LockedEquipment, named: readonly string[]): string[] {
  const r = maintenanceFulfils(e.cycle_rules ?? [], named);
  if (r.unknown.length) throw new AppError('CYCLE_UNKNOWN', { params: { code: r.unknown[0]! } });
  return r.codes;
}

/** The cycles' states and the due date after the maintenance (nothing when it fulfils none). */
function cycleDates(e: LockedEquipment, codes: string[], day: string, attributes: AttributeValue[]) {
  if (codes.length === 0) return null;
  const cycles = statesAfter(e.cycle_rules ?? [], {
    done: new Set(codes),
    day,
    attributes,
    noticeDays: e.days_notification_due_date,
  });
  const due = dueFromCycles(e, e.due_date_manual ? e.due_date : null, cycles, e.due_date);
  return { cycles, due };
}

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
    const codes = fulfilled(e, input.cycles);
    const attributes = await currentAttributeValues(trx, e.id);
    const row = await trx
      .insertInto('maintenances')
      .values({
        equipment_id: e.id,
        company_id: e.company_id,
        product_id: e.product_id,
        ...actorOf(ctx),
        answers: JSON.stringify(answers),
        attributes: JSON.stringify(storedAttributes(attributes)),
        parts: JSON.stringify(parts),
        cycles: sql<string[]>`${codes}::text[]`,
        created_at: times.receivedAt,
        performed_at: times.performedAt,
        identified_by: times.identifiedBy,
        scanned_at: times.scannedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newest = e.last_maintenance_at === null || times.performedAt >= e.last_maintenance_at;
    const moved = cycleDates(e, codes, today(times.performedAt), attributes);
    if (moved) await saveCycleStates(trx, e.id, moved.cycles);
    if (newest || moved)
      await trx
        .updateTable('equipment')
        .set({
          ...(newest
            ? {
                last_maintenance_id: row.id,
                last_maintenance_at: times.performedAt,
                last_maintenance_user_id: ctx.auth.user.id,
              }
            : {}),
          ...(moved
            ? {
                due_date: moved.due.due_date,
                ...(moved.due.due_notice_date !== undefined
                  ? { due_notice_date: moved.due.due_notice_date }
                  : {}),
              }
            : {}),
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
