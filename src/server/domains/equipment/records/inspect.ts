/**
 * POST /web/equipments/{tag}/inspections (issue 11 item 1, issue 20): the inspection's write.
 * Records keep the texts of questions, answers and attributes as they were when recorded (jsonb),
 * so a later catalogue edit never rewrites history.
 *
 * Issue 32 item 1: three round trips on the common path — the sign-in, ONE read
 * (record-read.ts) and ONE write statement (kit/write-plan.ts): the record, its attribute values,
 * the cycles' states and the equipment's move are parts of it, the audit header too; the domains
 * above (service orders, visits, webhooks) add to the plan through the events kit, with steps in
 * a transaction only on their rare paths.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { InspectionCreated, inspectionInputSchema } from '../../../../shared/equipment/schemas.ts';
import { isExtinguisherType, type StatusInput } from '../../../../shared/equipment/status.ts';
import { isImproper } from '../../../../shared/field/answer-rules.ts';
import { inspectionFulfils } from '../../../../shared/cycles/rules.ts';
import { today } from '../../../db/days.ts';
import { publishPlanned } from '../../../kit/events.ts';
import { plannedWrite, WritePlan } from '../../../kit/write-plan.ts';
import {
  type AttributeValue,
  attributeValueWrites,
  checkAttributeValues,
  resolveDueDate,
  type TypeAttribute,
} from '../attributes.ts';
import { actorOf, type Ctx, type Db } from '../common.ts';
import { type CycleStates, cycleStatesUpsert, dueFromCycles, statesAfter, writtenCycles } from '../cycles.ts';
import { equipmentInspected, planStatusChange, statusInputOf } from '../events.ts';
import { isScan, REFERENCE_SAMPLES, type RecordTimes, recordTimes } from '../presence.ts';
import { productDates } from '../product-rules.ts';
import { equipmentSearchDocumentOf } from '../search.ts';
import type { StoredAnswer } from '../tables.ts';
import { checkAnswers, storedAttributes } from './forms.ts';
import { guardEquipment, recordProbe } from './record-plan.ts';
import { type RecordRead, readForRecord } from './record-read.ts';

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

/** The held values in the type's order (the order `currentAttributeValues` reads them in). */
function inTypeOrder(values: AttributeValue[], attrs: readonly TypeAttribute[]): AttributeValue[] {
  const at = new Map(attrs.map((a, i) => [a.id, i]));
  return [...values].sort((a, b) => (at.get(a.attributeId) ?? 0) - (at.get(b.attributeId) ?? 0));
}

/**
 * The MEDIAN reference (presence.ts `refreshMedianReference`) with this record among the first
 * located inspections, as the equipment UPDATE's columns: the statement's parts do not see the
 * record they insert, so its coordinates join the equipment's located inspections by value.
 */
function medianReference(
  db: Db,
  equipmentId: number,
  record: { id: number; at: Date; lat: number; lng: number },
): Record<string, unknown> {
  const located = db
    .selectFrom('inspections')
    .select(['latitude', 'longitude', 'performed_at', 'id'])
    .where('equipment_id', '=', equipmentId)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    // On Citus the parts may run one after the other (the insert seen): never count it twice.
    .where('id', '!=', record.id);
  const first = sql`(${located} union all select ${record.lat}::float8, ${record.lng}::float8,
    ${record.at}::timestamptz, ${record.id}::int order by 3, 4 limit ${REFERENCE_SAMPLES})`;
  const over = (agg: ReturnType<typeof sql>) =>
    sql`(select ${agg} from ${first} as f(latitude, longitude, performed_at, id))`;
  return {
    reference_latitude: over(sql`percentile_cont(0.5) within group (order by f.latitude)`),
    reference_longitude: over(sql`percentile_cont(0.5) within group (order by f.longitude)`),
    reference_source: 'MEDIAN',
    reference_samples: over(sql`count(*)::int`),
  };
}

/**
 * Adds the equipment's move after an inspection to the plan: the newest one (`newest`) becomes
 * its last inspection, with its dates, cycle states, status inputs and search document; a
 * SCAN/NFC record moves `last_scanned_at` forward either way. `record` names the part that
 * inserts the inspection: the equipment's UPDATE reads its id from it, so Postgres inserts the
 * inspection first and the last-inspector trigger (tenant 0601) finds it. Answers the status
 * after it (null when the equipment's status stays).
 */
function moveEquipment(
  ctx: Ctx,
  db: Db,
  plan: WritePlan,
  { tag, equipment: e }: RecordRead,
  r: {
    record: string;
    times: RecordTimes;
    day: string;
    improper: boolean;
    after: AttributeValue[];
    newest: boolean;
    answers: StoredAnswer[];
    /** the MEDIAN reference's columns when this record refines it */
    reference: Record<string, unknown>;
  },
): { afterStatus: StatusInput | null; cycles: CycleStates | null } {
  const { times, day, improper, after, newest, reference } = r;
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
    const upsert = cycleStatesUpsert(db, e.id, cycles);
    if (upsert) plan.add(upsert);
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
    plan.add(
      db
        .updateTable('equipment')
        .set({
          last_inspection_id: sql<number>`(select id from ${sql.raw(r.record)})`,
          last_inspection_at: times.performedAt,
          last_inspection_day: day,
          last_inspection_user_id: ctx.auth.user.id,
          last_inspection_improper: improper,
          due_date_manual: due.due_date_manual,
          ...dates,
          ...(scanned ? { last_scanned_at: times.performedAt } : {}),
          ...reference,
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
        .where('id', '=', e.id),
    );
    return { afterStatus, cycles: upsert ? cycles : null };
  }
  if (scanned || Object.keys(reference).length)
    plan.add(
      db
        .updateTable('equipment')
        .set({
          ...(scanned ? { last_scanned_at: times.performedAt, updated_at: sql`now()` } : {}),
          ...reference,
        })
        .where('id', '=', e.id),
    );
  return { afterStatus: null, cycles: null };
}

/**
 * POST /web/equipments/{tag}/inspections: checks the answers, records the inspection (texts as
 * they are now, `improper` when any answer is NO or a NEGATIVE custom answer, the location when
 * given, the equipment's attribute values after this inspection's changes) and moves the
 * equipment's last inspection and stored dates, all in one statement (or one transaction on the
 * rare paths). For extinguishers without a typed due date, the due date follows the new attribute
 * values.
 *
 * Issue 20: the record's date is `performedAt` (made offline and synced later: `recordTimes`), and
 * the equipment's status and dates follow it, not the arrival. A record performed before the
 * equipment's current last inspection (an older offline record arriving after a newer one) is
 * kept in the history but moves nothing back: the last inspection, its dates and the attribute
 * values stay the newer one's. A SCAN/NFC record moves `last_scanned_at` forward; a located one
 * refines the MEDIAN reference until it has `REFERENCE_SAMPLES` samples (`medianReference`, in
 * the same statement).
 */
export async function inspect(ctx: Ctx, input: InspectionInput): Promise<InspectionCreated> {
  const times = recordTimes(input);
  const day = today(times.performedAt);
  return plannedWrite(ctx, async (db) => {
    const read = await readForRecord(ctx, db, input.tag, 'INSPECTION', day);
    const { tag, equipment: e, held, recordId } = read;
    const answers = checkAnswers(read.questions, input.answers);
    const values = checkAttributeValues(
      read.typeAttributes,
      input.attributes,
      new Set(held.map((v) => v.attributeId)),
    );
    const plan = new WritePlan(db);
    guardEquipment(plan, db, e.id, read.version);
    const newest = e.last_inspection_at === null || times.performedAt >= e.last_inspection_at;
    let after = held;
    if (!newest) after = valuesWith(held, values);
    else if (values.length) {
      for (const q of attributeValueWrites(db, e.id, values)) plan.add(q);
      after = inTypeOrder(valuesWith(held, values), read.typeAttributes);
    }
    const improper = isImproper(answers);
    const located = input.latitude != null && input.longitude != null;
    const record = plan.add(
      db
        .insertInto('inspections')
        .values({
          id: recordId,
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
        .returning('id'),
    );
    const { afterStatus, cycles } = moveEquipment(ctx, db, plan, read, {
      record,
      times,
      day,
      improper,
      after,
      newest,
      answers,
      reference:
        located && e.reference_source !== 'ADMIN' && e.reference_samples < REFERENCE_SAMPLES
          ? medianReference(db, e.id, {
              id: recordId,
              at: times.performedAt,
              lat: input.latitude!,
              lng: input.longitude!,
            })
          : {},
    });
    // The domains above react (kit/events.ts): service orders (issue 14), visits and outgoing
    // webhooks (issue 18); an order the answers opened comes back.
    await publishPlanned(
      plan,
      ctx,
      equipmentInspected,
      {
        receivedAt: times.receivedAt,
        day,
        equipment: e,
        serial: tag.serialNumber,
        answers,
        cycles: writtenCycles(cycles),
        inspection: {
          inspectionId: recordId,
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
      },
      { answers: read.probes, q: recordProbe(db, e, day) },
    );
    if (afterStatus)
      await planStatusChange(
        plan,
        ctx,
        { id: e.id, company_id: e.company_id, serial: tag.serialNumber },
        statusInputOf(e),
        afterStatus,
        'inspection',
      );
    return {
      plan,
      answer: () => ({
        id: recordId,
        serviceOrderNumber:
          plan.resultsOf<{ serviceOrder: { number: number } }>(equipmentInspected)[0]?.serviceOrder.number ??
          null,
      }),
    };
  });
}
