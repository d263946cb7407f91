/**
 * Inspections and maintenances in the field, and the equipment's history (issue 11 items 1, 6).
 * Records keep the texts of questions, answers, attributes and parts as they were when recorded
 * (jsonb), so a later catalogue edit never rewrites history.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  attributeRecordSchema,
  Equipment,
  IdentifiedBy,
  inspectionFormSchema,
  inspectionInputSchema,
  inspectionRecordSchema,
  maintenanceFormSchema,
  InspectionCreated,
  maintenanceInputSchema,
  maintenanceRecordSchema,
  snapshotSchema,
} from '../../../shared/equipment/schemas.ts';
import { presenceFlags } from '../../../shared/equipment/presence.ts';
import { isExtinguisherType, isNegativeAnswer, type StatusInput } from '../../../shared/equipment/status.ts';
import type { Page } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import type { StoredAnswer, StoredAttribute, StoredPart } from './tables.ts';
import {
  type AttributeValue,
  checkAttributeValues,
  currentAttributeValues,
  resolveDueDate,
  saveAttributeValues,
  type TypeAttribute,
  typeAttributes,
} from './attributes.ts';
import { actorOf, type Ctx, type Db, inTenantTx } from './common.ts';
import { loadOneEquipment, referenceOf } from './dto.ts';
import { equipmentIdOnTag, findTagInScope, lockEquipmentOnTag } from './lookup.ts';
import {
  isScan,
  presenceLimits,
  REFERENCE_SAMPLES,
  recordTimes,
  refreshMedianReference,
} from './presence.ts';
import { productDates } from './product-rules.ts';
import { equipmentSearchDocumentOf } from './search.ts';
import { today } from '../../db/days.ts';
import { publish } from '../../kit/events.ts';
import { equipmentInspected, equipmentMaintained, publishStatusChange, statusInputOf } from './events.ts';

type InspectionInput = z.output<typeof inspectionInputSchema>;
type MaintenanceInput = z.output<typeof maintenanceInputSchema>;
type AnswerIn = { questionId: number; answer: string | number };

interface Question {
  id: number;
  question: string;
  type: 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
  customAnswers: { id: number; answer: string; type: 'POSITIVE' | 'NEGATIVE' | 'NA' }[];
}

const YES_NO_NA = ['YES', 'NO', 'NA'];

/**
 * Checks answers against the enabled questions: an answer names one of them, once, with a value of
 * its type — YES/NO/NA (any case), a text (may be blank), or the id of one of the question's enabled
 * custom answers — else 400 INSPECTION_ANSWER_INVALID naming the question; then every question must
 * have its answer, else 400 INSPECTION_ANSWER_MISSING naming the first one left out. Answers come
 * back in the questions' order, with their texts as they are now.
 */
export function checkAnswers(questions: Question[], answers: AnswerIn[]): StoredAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, StoredAnswer>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    const invalid = () =>
      new AppError('INSPECTION_ANSWER_INVALID', {
        params: { question: q?.question ?? String(a.questionId) },
      });
    if (!q || given.has(q.id)) throw invalid();
    const base = { questionId: q.id, type: q.type, question: q.question };
    if (q.type === 'YES_NO_NA') {
      const v = typeof a.answer === 'string' ? a.answer.trim().toUpperCase() : '';
      if (!YES_NO_NA.includes(v)) throw invalid();
      given.set(q.id, { ...base, answer: v, answerType: null });
    } else if (q.type === 'CUSTOM') {
      const id =
        typeof a.answer === 'number' ? a.answer : /^\d{1,10}$/.test(a.answer) ? Number(a.answer) : Number.NaN;
      const ca = q.customAnswers.find((c) => c.id === id);
      if (!ca) throw invalid();
      given.set(q.id, { ...base, answer: ca.answer, answerType: ca.type });
    } else {
      given.set(q.id, { ...base, answer: String(a.answer).trim(), answerType: null });
    }
  }
  for (const q of questions)
    if (!given.has(q.id))
      throw new AppError('INSPECTION_ANSWER_MISSING', { params: { question: q.question } });
  return questions.map((q) => given.get(q.id)!);
}

/** The enabled questions of an inspection type, in their order (the seed reads them too). */
export function enabledQuestions(
  db: Db,
  table: 'inspection_questions' | 'maintenance_questions',
  inspectionTypeId: number,
) {
  return enabledQuestionsOf(db, table, [inspectionTypeId]);
}

/** The enabled questions of inspection types, each type's in their order. */
function enabledQuestionsOf(
  db: Db,
  table: 'inspection_questions' | 'maintenance_questions',
  inspectionTypeIds: readonly number[],
) {
  return db
    .selectFrom(table)
    .select(['id', 'question', 'type', 'inspection_type_id'])
    .where('inspection_type_id', 'in', [...inspectionTypeIds])
    .where('enabled', '=', true)
    .orderBy('inspection_type_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Rows grouped by a key, each group in the rows' order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * The inspection forms of inspection types: each type's enabled questions in order, with their
 * enabled custom answers (two statements however many types: the form, the check of a record and
 * the offline working set all read them here).
 */
export async function inspectionQuestionsByType(
  db: Db,
  inspectionTypeIds: readonly number[],
): Promise<Map<number, Question[]>> {
  if (inspectionTypeIds.length === 0) return new Map();
  const qs = await enabledQuestionsOf(db, 'inspection_questions', inspectionTypeIds);
  const customIds = qs.filter((q) => q.type === 'CUSTOM').map((q) => q.id);
  const custom = groupBy(
    customIds.length
      ? await db
          .selectFrom('inspection_custom_answers')
          .select(['id', 'inspection_question_id', 'answer', 'type'])
          .where('inspection_question_id', 'in', customIds)
          .where('enabled', '=', true)
          .orderBy('position')
          .orderBy('id')
          .execute()
      : [],
    (c) => c.inspection_question_id,
  );
  const byType = groupBy(
    qs.map(({ inspection_type_id, ...q }) => ({
      typeId: inspection_type_id,
      question: {
        ...q,
        customAnswers:
          q.type === 'CUSTOM'
            ? (custom.get(q.id) ?? []).map((c) => ({ id: c.id, answer: c.answer, type: c.type }))
            : [],
      },
    })),
    (q) => q.typeId,
  );
  return new Map([...byType].map(([k, v]) => [k, v.map((x) => x.question)]));
}

/** The inspection type's enabled questions in order, with their enabled custom answers. */
async function inspectionQuestions(db: Db, inspectionTypeId: number): Promise<Question[]> {
  return (await inspectionQuestionsByType(db, [inspectionTypeId])).get(inspectionTypeId) ?? [];
}

/** Each inspection type's enabled maintenance questions, in order. */
export async function maintenanceQuestionsByType(
  db: Db,
  inspectionTypeIds: readonly number[],
): Promise<Map<number, Question[]>> {
  if (inspectionTypeIds.length === 0) return new Map();
  const qs = await enabledQuestionsOf(db, 'maintenance_questions', inspectionTypeIds);
  const byType = groupBy(qs, (q) => q.inspection_type_id);
  return new Map(
    [...byType].map(([k, v]) => [
      k,
      v.map(({ inspection_type_id: _t, ...q }) => ({ ...q, customAnswers: [] as Question['customAnswers'] })),
    ]),
  );
}

async function maintenanceQuestions(db: Db, inspectionTypeId: number): Promise<Question[]> {
  return (await maintenanceQuestionsByType(db, [inspectionTypeId])).get(inspectionTypeId) ?? [];
}

/** Each product's enabled maintenance parts, in order. */
export async function productPartsOf(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, { id: number; name: string; unit: string }[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('maintenance_parts')
    .select(['id', 'name', 'unit', 'product_id'])
    .where('product_id', 'in', [...productIds])
    .where('enabled', '=', true)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byProduct = groupBy(rows, (r) => r.product_id);
  return new Map(
    [...byProduct].map(([k, v]) => [k, v.map(({ id, name, unit }) => ({ id, name, unit: String(unit) }))]),
  );
}

async function productParts(db: Db, productId: number) {
  return (await productPartsOf(db, [productId])).get(productId) ?? [];
}

/** Reads for the field forms: the tag's equipment, whose tag must be enabled (409 TAG_DISABLED). */
async function formEquipment(ctx: Ctx, serial: string): Promise<Equipment> {
  const tag = await findTagInScope(ctx, serial);
  if (tag.equipmentId === null) throw new AppError('EQUIPMENT_NOT_FOUND');
  if (!tag.enabled) throw new AppError('TAG_DISABLED', { params: { serial: tag.serialNumber } });
  return loadOneEquipment(ctx.auth.tenant, tag.equipmentId);
}

export async function inspectionForm(
  ctx: Ctx,
  { tag }: { tag: string },
): Promise<z.input<typeof inspectionFormSchema>> {
  const equipment = await formEquipment(ctx, tag);
  const questions = await inspectionQuestions(ctx.auth.tenant, equipment.product.inspectionTypeId);
  return {
    equipment,
    questions,
    attributes: equipment.inspectionTypeAttribute.map((a) => ({
      id: a.attributeId,
      attribute: a.attribute,
      type: a.type,
      value: a.value,
    })),
  };
}

export async function maintenanceForm(
  ctx: Ctx,
  { tag }: { tag: string },
): Promise<z.input<typeof maintenanceFormSchema>> {
  const equipment = await formEquipment(ctx, tag);
  const [questions, parts] = await Promise.all([
    maintenanceQuestions(ctx.auth.tenant, equipment.product.inspectionTypeId),
    productParts(ctx.auth.tenant, equipment.product.id),
  ]);
  return {
    equipment,
    questions: questions.map(({ customAnswers: _c, ...q }) => q),
    parts,
  };
}

const storedAttributes = (
  values: { attributeId: number; attribute: string; value: string }[],
): StoredAttribute[] =>
  values.map((v) => ({ attributeId: v.attributeId, attribute: v.attribute, value: v.value }));

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
    const improper = answers.some(isNegativeAnswer);
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
    const scanned =
      isScan(times.identifiedBy) && (e.last_scanned_at === null || times.performedAt > e.last_scanned_at);
    let afterStatus: StatusInput | null = null;
    if (newest) {
      const due = e.due_date_manual
        ? { due_date: e.due_date, due_date_manual: true }
        : resolveDueDate(
            {
              isDueDate: e.is_due_date,
              isExtinguisher: isExtinguisherType(e.category_name, e.inspection_type_name),
            },
            null,
            after,
          );
      const dates = productDates(e, day, due.due_date);
      afterStatus = {
        lastInspectionDay: day,
        lastInspectionImproper: improper,
        nextInspectionDate: dates.next_inspection_date,
        dueDate: dates.due_date,
      };
      await trx
        .updateTable('equipment')
        .set({
          last_inspection_id: row.id,
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
    } else if (scanned)
      await trx
        .updateTable('equipment')
        .set({ last_scanned_at: times.performedAt, updated_at: sql`now()` })
        .where('id', '=', e.id)
        .execute();
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

// ── history ─────────────────────────────────────────────────────────────────────────────────────

interface HistoryInput {
  tag: string;
  page: number;
  pageSize: number;
}

type AttributeRecord = z.input<typeof attributeRecordSchema>;

/**
 * One page of an equipment's records, newest first (by performed time for field records), with the
 * exact total (per equipment: small). Field records come with the equipment's reference location.
 */
async function historyPage<T extends { id: number }, U>(
  ctx: Ctx,
  input: HistoryInput,
  table: 'inspections' | 'maintenances' | 'equipment_snapshots',
  map: (row: T) => U,
): Promise<Page<U>> {
  const db = ctx.auth.tenant;
  const equipmentId = await equipmentIdOnTag(ctx, input.tag);
  const [rows, count] = await Promise.all([
    table === 'equipment_snapshots'
      ? db
          .selectFrom(table)
          .selectAll()
          .where('equipment_id', '=', equipmentId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(input.pageSize)
          .offset(input.page * input.pageSize)
          .execute()
      : table === 'inspections'
        ? db
            .selectFrom('inspections as r')
            .innerJoin('equipment as e', 'e.id', 'r.equipment_id')
            .selectAll('r')
            .select(['e.reference_latitude', 'e.reference_longitude', 'e.reference_source'])
            .where('r.equipment_id', '=', equipmentId)
            .orderBy('r.performed_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(input.pageSize)
            .offset(input.page * input.pageSize)
            .execute()
        : db
            .selectFrom('maintenances as r')
            .selectAll('r')
            .where('r.equipment_id', '=', equipmentId)
            .orderBy('r.performed_at', 'desc')
            .orderBy('r.id', 'desc')
            .limit(input.pageSize)
            .offset(input.page * input.pageSize)
            .execute(),
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('equipment_id', '=', equipmentId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: (rows as unknown as T[]).map(map),
    total: count.n,
    page: input.page,
    pageSize: input.pageSize,
  };
}

interface RecordRow {
  id: number;
  user_name: string | null;
  user_email: string | null;
  created_at: Date;
  performed_at: Date;
  identified_by: IdentifiedBy | null;
  scanned_at: Date | null;
  answers: StoredAnswer[];
  attributes: AttributeRecord[];
}
type InspectionRow = RecordRow & {
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  improper: boolean;
  /** the equipment's, read with the record */
  reference_latitude: number | null;
  reference_longitude: number | null;
  reference_source: 'MEDIAN' | 'ADMIN' | null;
};
type MaintenanceRow = RecordRow & { parts: StoredPart[] };
type InspectionRecord = z.input<typeof inspectionRecordSchema>;
type MaintenanceRecord = z.input<typeof maintenanceRecordSchema>;

/** The times every record answers: its date is when it was performed (issue 20). */
const recordTimesOf = (r: RecordRow) => ({
  createdAt: r.performed_at,
  receivedAt: r.created_at,
  identifiedBy: r.identified_by,
  scannedAt: r.scanned_at,
});

/** An inspection row as the history and its documents show it, with its proof-of-presence flags. */
function toInspectionRecord(r: InspectionRow, limits = presenceLimits()): InspectionRecord {
  return {
    inspectionId: r.id,
    userName: r.user_name,
    userEmail: r.user_email,
    ...recordTimesOf(r),
    presence: presenceFlags(
      {
        identifiedBy: r.identified_by,
        latitude: r.latitude,
        longitude: r.longitude,
        scannedAt: r.scanned_at,
        performedAt: r.performed_at,
      },
      referenceOf(r),
      limits,
    ),
    latitude: r.latitude,
    longitude: r.longitude,
    accuracy: r.accuracy,
    improper: r.improper,
    attributesValues: r.attributes,
    questionsAnswers: r.answers,
  };
}

function toMaintenanceRecord(r: MaintenanceRow): MaintenanceRecord {
  return {
    id: r.id,
    maintenanceId: r.id,
    userName: r.user_name,
    userEmail: r.user_email,
    ...recordTimesOf(r),
    attributesValues: r.attributes,
    questionsAnswers: r.answers,
    partsReplacements: r.parts,
  };
}

export function inspections(ctx: Ctx, input: HistoryInput): Promise<Page<InspectionRecord>> {
  const limits = presenceLimits();
  return historyPage<InspectionRow, InspectionRecord>(ctx, input, 'inspections', (r) =>
    toInspectionRecord(r, limits),
  );
}

export function maintenances(ctx: Ctx, input: HistoryInput): Promise<Page<MaintenanceRecord>> {
  return historyPage<MaintenanceRow, MaintenanceRecord>(ctx, input, 'maintenances', toMaintenanceRecord);
}

/** Whose a record is: its equipment, and the company and product it was recorded for. */
export interface RecordOwner {
  equipmentId: number;
  companyId: number;
  productId: number;
}

const ownerOf = (r: { equipment_id: number; company_id: number; product_id: number }): RecordOwner => ({
  equipmentId: r.equipment_id,
  companyId: r.company_id,
  productId: r.product_id,
});

/**
 * One inspection by id, exactly as the history lists it, with its owner (the documents domain
 * holds it to the caller's scope and renders it); null when the tenant has none of that id.
 */
export async function inspectionRecordById(
  db: Db,
  id: number,
): Promise<{ record: InspectionRecord; owner: RecordOwner } | null> {
  const r = await db
    .selectFrom('inspections as r')
    .innerJoin('equipment as e', 'e.id', 'r.equipment_id')
    .selectAll('r')
    .select(['e.reference_latitude', 'e.reference_longitude', 'e.reference_source'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return r ? { record: toInspectionRecord(r), owner: ownerOf(r) } : null;
}

/** One maintenance by id, as the history lists it, with its owner; null when there is none. */
export async function maintenanceRecordById(
  db: Db,
  id: number,
): Promise<{ record: MaintenanceRecord; owner: RecordOwner } | null> {
  const r = await db.selectFrom('maintenances').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { record: toMaintenanceRecord(r), owner: ownerOf(r) } : null;
}

interface SnapshotRow {
  id: number;
  kind: 'CREATED' | 'UPDATED' | 'TAG_REPLACED';
  user_name: string | null;
  user_email: string | null;
  tag_serial: string;
  product_name: string;
  product_sku: string;
  extra_label: string | null;
  extra_code: string | null;
  created_at: Date;
}

export function snapshots(ctx: Ctx, input: HistoryInput): Promise<Page<z.input<typeof snapshotSchema>>> {
  return historyPage<SnapshotRow, z.input<typeof snapshotSchema>>(ctx, input, 'equipment_snapshots', (r) => ({
    id: r.id,
    transaction: r.created_at,
    kind: r.kind,
    userName: r.user_name,
    userEmail: r.user_email,
    tagSerialNumber: r.tag_serial,
    productName: r.product_name,
    productSku: r.product_sku,
    extraLabel: r.extra_label,
    extraCode: r.extra_code,
  }));
}
