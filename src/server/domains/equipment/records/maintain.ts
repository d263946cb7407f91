/**
 * POST /web/equipments/{tag}/maintenances (issue 11 item 1, issue 20): the maintenance's write —
 * like the inspection's (inspect.ts, issue 32 item 1): the sign-in, ONE read, ONE write statement
 * on the common path.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { maintenanceInputSchema } from '../../../../shared/equipment/schemas.ts';
import { maintenanceFulfils } from '../../../../shared/cycles/rules.ts';
import { today } from '../../../db/days.ts';
import { AppError } from '../../../errors.ts';
import { publishPlanned } from '../../../kit/events.ts';
import { plannedWrite, WritePlan } from '../../../kit/write-plan.ts';
import type { AttributeValue } from '../attributes.ts';
import { actorOf, type Ctx } from '../common.ts';
import { cycleStatesUpsert, dueFromCycles, statesAfter, writtenCycles } from '../cycles.ts';
import { equipmentMaintained } from '../events.ts';
import type { LockedEquipment } from '../lookup.ts';
import { recordTimes } from '../presence.ts';
import type { StoredPart } from '../tables.ts';
import { checkAnswers, storedAttributes } from './forms.ts';
import { guardEquipment, recordProbe } from './record-plan.ts';
import { readForRecord } from './record-read.ts';

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
  const day = today(times.performedAt);
  return plannedWrite(ctx, async (db) => {
    const read = await readForRecord(ctx, db, input.tag, 'MAINTENANCE', day);
    const { tag, equipment: e, recordId } = read;
    const answers = checkAnswers(read.questions, input.answers);
    const available = new Map(read.parts.map((p) => [p.id, p]));
    const seen = new Set<number>();
    const parts: StoredPart[] = input.parts.map(({ partId, quantity }) => {
      const p = available.get(partId);
      if (!p || seen.has(partId)) throw new AppError('MAINTENANCE_PART_INVALID');
      seen.add(partId);
      return { partId, part: p.name, quantity, unit: p.unit };
    });
    const codes = fulfilled(e, input.cycles);
    const attributes = read.held;
    const plan = new WritePlan(db);
    guardEquipment(plan, db, e.id, read.version);
    plan.add(
      db.insertInto('maintenances').values({
        id: recordId,
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
      }),
    );
    const newest = e.last_maintenance_at === null || times.performedAt >= e.last_maintenance_at;
    const moved = cycleDates(e, codes, day, attributes);
    const upsert = moved && cycleStatesUpsert(db, e.id, moved.cycles);
    if (upsert) plan.add(upsert);
    if (newest || moved)
      plan.add(
        db
          .updateTable('equipment')
          .set({
            ...(newest
              ? {
                  last_maintenance_id: recordId,
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
          .where('id', '=', e.id),
      );
    // The domains above react (kit/events.ts): service orders (issue 14), visits and outgoing
    // webhooks (issue 18).
    await publishPlanned(
      plan,
      ctx,
      equipmentMaintained,
      {
        receivedAt: times.receivedAt,
        day,
        cycles: upsert ? writtenCycles(moved.cycles) : [],
        maintenance: {
          maintenanceId: recordId,
          equipmentId: e.id,
          companyId: e.company_id,
          tagSerialNumber: tag.serialNumber,
          productId: e.product_id,
          performedAt: times.performedAt.toISOString(),
          receivedAt: times.receivedAt.toISOString(),
          parts: parts.map((p) => ({ partId: p.partId, part: p.part, quantity: p.quantity, unit: p.unit })),
          userId: ctx.auth.user.id,
        },
      },
      { answers: read.probes, q: recordProbe(db, e, day) },
    );
    return { plan, answer: () => ({ id: recordId }) };
  });
}
