/**
 * POST /web/equipments/{tag}/inspections (issue 11 item 1, issue 20): the inspection's write.
 * Records keep the texts of questions, answers and attributes as they were when recorded (jsonb),
 * so a later catalogue edit never rewrites history.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { InspectionCreated, inspectionInputSchema } from '../../../../shared/equipment/schemas.ts';
import { isExtinguisherType, type StatusInput } from '../../../../shared/equipment/status.ts';
import { isImproper } from '../../../../shared/field/answer-rules.ts';
import { today } from '../../../db/days.ts';
import { publish } from '../../../kit/events.ts';
import {
  type AttributeValue,
  checkAttributeValues,
  currentAttributeValues,
  resolveDueDate,
  saveAttributeValues,
  type TypeAttribute,
  typeAttributes,
} from '../attributes.ts';
import { actorOf, type Ctx, inTenantTx, type Trx } from '../common.ts';
import { lockEquipmentOnTag } from '../lookup.ts';
import { isScan, REFERENCE_SAMPLES, recordTimes, refreshMedianReference } from '../presence.ts';
import { productDates } from '../product-rules.ts';
import { equipmentSearchDocumentOf } from '../search.ts';
import { equipmentInspected, publishStatusChange, statusInputOf } from '../events.ts';
import { checkAnswers, inspectionQuestions, storedAttributes } from './forms.ts';
import { inspectionFulfils } from '../../../../shared/cycles/rules.ts';
import { dueFromCycles, saveCycleStates, statesAfter } from '../cycles.ts';
import type { StoredAnswer } from '../tables.ts';

type InspectionInput = z.output<typeof inspectionInputSchema>;

/** The values an older record carried: the equipment's, with the record's changes over them. */
function valuesWith(
  held: AttributeValue[],
  changes: { attribute: TypeAttribute; value: string }[],
): AttributeValue[] {
  const byId = new Map(held.map((v) => [v.attributeId, v]));
  for (const { attribute: a, value } of changes) {
    if (value === '') byId.delete(a.id);
    else byId.set(a.id, { attributeId: a.id, attribute: a.attribute, type: a.type, value });
  }
  return [...byId.values()];
}

type Locked = Awaited<ReturnType<typeof lockEquipmentOnTag>>;

/**
 * Moves the equipment after an inspection: the newest one (`newest`) becomes its last inspection,
 * with its dates, status inputs and search document; a SCAN/NFC record moves `last_scanned_at`
 * forward either way. Answers the status after it (null when the equipment's status stays).
 */
async function moveEquipment(
  ctx: Ctx,
  trx: Trx,
  { tag, equipment: e }: Locked,
  r: {
    rowId: number;
    times: ReturnType<typeof recordTimes>;
    day: string;
    improper: boolean;
    after: AttributeValue[];
    newest: boolean;
    answers: StoredAnswer[];
  },
): Promise<StatusInput | null> {
  const { rowId, times, day, improper, after, newest } = r;
  const scanned =
    isScan(times.identifiedBy) && (e.last_scanned_at === null || times.performedAt > e.last_scanned_at);
  if (newest) {
    // The cycles this inspection fulfils (issue 30: INSPECTION, or ANSWER with that answer).
    const rules = e.cycle_rules ?? [];
    const done = new Set(rules.filter((c) => inspectionFulfils(c, r.answers)).map((c) => c.code));
    const cycles = statesAfter(rules, {
      done,
      day,
      attributes: after,
      noticeDays: e.days_notification_due_date,
    });
    const legacy = resolveDueDate(
      {
        isDueDate: e.is_due_date,
        isExtinguisher: isExtinguisherType(e.category_name, e.inspection_type_name),
      },
      null,
      after,
    ).due_date;
    const due = dueFromCycles(e, e.due_date_manual ? e.due_date : null, cycles, legacy);
    await saveCycleStates(trx, e.id, cycles);
    const dates = {
      ...productDates(e, day, due.due_date),
      ...(due.due_notice_date !== undefined ? { due_notice_date: due.due_notice_date } : {}),
    };
    const afterStatus: StatusInput = {
      lastInspectionDay: day,
      lastInspectionImproper: improper,
      nextInspectionDate: dates.next_inspection_date,
      dueDate: dates.due_date,
    };
    await trx
      .updateTable('equipment')
      .set({
        last_inspection_id: rowId,
        last_inspection_at: times.performedAt,
        last_inspection_day: day,
        last_inspection_user_id: ctx.auth.user.id,
        last_inspection_improper: improper,
        due_date_manual: due.due_date_manual,
        ...dates,
        ...(scanned ? { last_scanned_at: times.performedAt } : {}),
        // The trigger of tenant migration 0601 copies the inspector's name from the inspection;
        // the search document takes it in the same write.
        search: equipmentSearchDocumentOf({
          serial: tag.serialNumber,
          extraLabel: e.extra_label,
          extraCode: e.extra_code,
          productName: e.product_name,
          productSku: e.product_sku,
          inspector: actorOf(ctx).user_name,
        }),
        updated_at: sql`now()`,
      })
      .where('id', '=', e.id)
      .execute();
    return afterStatus;
  }
  if (scanned)
    await trx
      .updateTable('equipment')
      .set({ last_scanned_at: times.performedAt, updated_at: sql`now()` })
      .where('id', '=', e.id)
      .execute();
  return null;
}

/**
 * POST /web/equipments/{tag}/inspections: checks the answers, records the inspection (texts as
 * they are now, `improper` when any answer is NO or a NEGATIVE custom answer, the location when
 * given, the equipment's attribute values after this inspection's changes) and moves the
 * equipment's last inspection and stored dates, all in one transaction. For extinguishers without
 * a typed due date, the due date follows the new attribute values.
 *
 * Issue 20: the record's date is `performedAt` (made offline and synced later: `recordTimes`), and
 * the equipment's status and dates follow it, not the arrival. A record performed before the
 * equipment's current last inspection (an older offline record arriving after a newer one) is
 * kept in the history but moves nothing back: the last inspection, its dates and the attribute
 * values stay the newer one's. A SCAN/NFC record moves `last_scanned_at` forward; a located one
 * refines the MEDIAN reference until it has `REFERENCE_SAMPLES` samples.
 */
export async function inspect(ctx: Ctx, input: InspectionInput): Promise<InspectionCreated> {
  const times = recordTimes(input);
  return inTenantTx(ctx, async (trx) => {
    const { tag, equipment: e } = await lockEquipmentOnTag(ctx, trx, input.tag, { needEnabled: true });
    const answers = checkAnswers(await inspectionQuestions(trx, e.inspection_type_id), input.answers);
    const held = await currentAttributeValues(trx, e.id);
    const values = checkAttributeValues(
      await typeAttributes(trx, e.inspection_type_id),
      input.attributes,
      new Set(held.map((v) => v.attributeId)),
    );
    const newest = e.last_inspection_at === null || times.performedAt >= e.last_inspection_at;
    let after = held;
    if (!newest) after = valuesWith(held, values);
    else if (values.length) {
      await saveAttributeValues(trx, e.id, values);
      after = await currentAttributeValues(trx, e.id);
    }
    const improper = isImproper(answers);
    const day = today(times.performedAt);
    const located = input.latitude != null && input.longitude != null;
    const row = await trx
      .insertInto('inspections')
      .values({
        equipment_id: e.id,
        company_id: e.company_id,
        product_id: e.product_id,
        ...actorOf(ctx),
        latitude: located ? input.latitude : null,
        longitude: located ? input.longitude : null,
        accuracy: located ? (input.accuracy ?? null) : null,
        improper,
        answers: JSON.stringify(answers),
        attributes: JSON.stringify(storedAttributes(after)),
        created_at: times.receivedAt,
        performed_at: times.performedAt,
        identified_by: times.identifiedBy,
        scanned_at: times.scannedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const afterStatus = await moveEquipment(
      ctx,
      trx,
      { tag, equipment: e },
      {
        rowId: row.id,
        times,
        day,
        improper,
        after,
        newest,
        answers,
      },
    );
    if (located && e.reference_source !== 'ADMIN' && e.reference_samples < REFERENCE_SAMPLES)
      await refreshMedianReference(trx, e.id);
    // The domains above react in this transaction (kit/events.ts): service orders (issue 14) and
    // outgoing webhooks (issue 18); an order the answers opened comes back.
    const [opened] = await publish(trx, ctx, equipmentInspected, {
      receivedAt: times.receivedAt,
      day,
      equipment: e,
      serial: tag.serialNumber,
      answers,
      inspection: {
        inspectionId: row.id,
        equipmentId: e.id,
        companyId: e.company_id,
        tagSerialNumber: tag.serialNumber,
        productId: e.product_id,
        performedAt: times.performedAt.toISOString(),
        receivedAt: times.receivedAt.toISOString(),
        improper,
        identifiedBy: times.identifiedBy ?? null,
        userId: ctx.auth.user.id,
      },
    });
    if (afterStatus)
      await publishStatusChange(
        trx,
        ctx,
        { id: e.id, company_id: e.company_id, serial: tag.serialNumber },
        statusInputOf(e),
        afterStatus,
        'inspection',
      );
    return { id: row.id, serviceOrderNumber: opened?.serviceOrder.number ?? null };
  });
}
