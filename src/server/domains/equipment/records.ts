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
  inspectionFormSchema,
  inspectionInputSchema,
  inspectionRecordSchema,
  maintenanceFormSchema,
  maintenanceInputSchema,
  maintenanceRecordSchema,
  snapshotSchema,
} from '../../../shared/equipment/schemas.ts';
import { isExtinguisherType, isNegativeAnswer } from '../../../shared/equipment/status.ts';
import type { Page } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import type { StoredAnswer, StoredAttribute, StoredPart } from './tables.ts';
import {
  checkAttributeValues,
  currentAttributeValues,
  resolveDueDate,
  saveAttributeValues,
  typeAttributes,
} from './attributes.ts';
import { actorOf, type Ctx, type Db, inTenantTx } from './common.ts';
import { loadOneEquipment } from './dto.ts';
import { equipmentIdOnTag, findTagInScope, lockEquipmentOnTag } from './lookup.ts';
import { productDates } from './product-rules.ts';
import { today } from '../../db/days.ts';

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

/** The inspection type's enabled inspection or maintenance questions, in order. */
/** The enabled questions of an inspection type, in their order (the seed reads them too). */
export function enabledQuestions(
  db: Db,
  table: 'inspection_questions' | 'maintenance_questions',
  inspectionTypeId: number,
) {
  return db
    .selectFrom(table)
    .select(['id', 'question', 'type'])
    .where('inspection_type_id', '=', inspectionTypeId)
    .where('enabled', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The inspection type's enabled questions in order, with their enabled custom answers. */
async function inspectionQuestions(db: Db, inspectionTypeId: number): Promise<Question[]> {
  const qs = await enabledQuestions(db, 'inspection_questions', inspectionTypeId);
  const custom = qs.some((q) => q.type === 'CUSTOM')
    ? await db
        .selectFrom('inspection_custom_answers')
        .select(['id', 'inspection_question_id', 'answer', 'type'])
        .where(
          'inspection_question_id',
          'in',
          qs.filter((q) => q.type === 'CUSTOM').map((q) => q.id),
        )
        .where('enabled', '=', true)
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  return qs.map((q) => ({
    ...q,
    customAnswers:
      q.type === 'CUSTOM'
        ? custom
            .filter((c) => c.inspection_question_id === q.id)
            .map((c) => ({ id: c.id, answer: c.answer, type: c.type }))
        : [],
  }));
}

async function maintenanceQuestions(db: Db, inspectionTypeId: number): Promise<Question[]> {
  const qs = await enabledQuestions(db, 'maintenance_questions', inspectionTypeId);
  return qs.map((q) => ({ ...q, customAnswers: [] }));
}

function productParts(db: Db, productId: number) {
  return db
    .selectFrom('maintenance_parts')
    .select(['id', 'name', 'unit'])
    .where('product_id', '=', productId)
    .where('enabled', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
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

/**
 * POST /web/equipments/{tag}/inspections: checks the answers, records the inspection (texts as
 * they are now, `improper` when any answer is NO or a NEGATIVE custom answer, the location when
 * given, the equipment's attribute values after this inspection's changes) and moves the
 * equipment's last inspection and stored dates, all in one transaction. For extinguishers without
 * a typed due date, the due date follows the new attribute values.
 */
export async function inspect(ctx: Ctx, input: InspectionInput): Promise<{ id: number }> {
  return inTenantTx(ctx, async (trx) => {
    const { equipment: e } = await lockEquipmentOnTag(ctx, trx, input.tag, { needEnabled: true });
    const answers = checkAnswers(await inspectionQuestions(trx, e.inspection_type_id), input.answers);
    const held = await currentAttributeValues(trx, e.id);
    const values = checkAttributeValues(
      await typeAttributes(trx, e.inspection_type_id),
      input.attributes,
      new Set(held.map((v) => v.attributeId)),
    );
    if (values.length) await saveAttributeValues(trx, e.id, values);
    const after = values.length ? await currentAttributeValues(trx, e.id) : held;
    const improper = answers.some(isNegativeAnswer);
    const now = new Date();
    const day = today(now);
    const row = await trx
      .insertInto('inspections')
      .values({
        equipment_id: e.id,
        company_id: e.company_id,
        product_id: e.product_id,
        ...actorOf(ctx),
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        accuracy: input.accuracy ?? null,
        improper,
        answers: JSON.stringify(answers),
        attributes: JSON.stringify(storedAttributes(after)),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
    await trx
      .updateTable('equipment')
      .set({
        last_inspection_id: row.id,
        last_inspection_at: now,
        last_inspection_day: day,
        last_inspection_user_id: ctx.auth.user.id,
        last_inspection_improper: improper,
        due_date_manual: due.due_date_manual,
        ...productDates(e, day, due.due_date),
        updated_at: sql`now()`,
      })
      .where('id', '=', e.id)
      .execute();
    return { id: row.id };
  });
}

/**
 * POST /web/equipments/{tag}/maintenances: answers to the maintenance questions (YES_NO_NA, TEXT;
 * every enabled one answered) and the parts replaced — enabled parts of the product, each once —
 * kept with their names and units as they are now.
 */
export async function maintain(ctx: Ctx, input: MaintenanceInput): Promise<{ id: number }> {
  return inTenantTx(ctx, async (trx) => {
    const { equipment: e } = await lockEquipmentOnTag(ctx, trx, input.tag, { needEnabled: true });
    const answers = checkAnswers(await maintenanceQuestions(trx, e.inspection_type_id), input.answers);
    const available = new Map((await productParts(trx, e.product_id)).map((p) => [p.id, p]));
    const seen = new Set<number>();
    const parts: StoredPart[] = input.parts.map(({ partId, quantity }) => {
      const p = available.get(partId);
      if (!p || seen.has(partId)) throw new AppError('MAINTENANCE_PART_INVALID');
      seen.add(partId);
      return { partId, part: p.name, quantity, unit: p.unit };
    });
    const now = new Date();
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
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('equipment')
      .set({
        last_maintenance_id: row.id,
        last_maintenance_at: now,
        last_maintenance_user_id: ctx.auth.user.id,
        updated_at: sql`now()`,
      })
      .where('id', '=', e.id)
      .execute();
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

/** One page of an equipment's records, newest first, with the exact total (per equipment: small). */
async function historyPage<T extends { id: number }, U>(
  ctx: Ctx,
  input: HistoryInput,
  table: 'inspections' | 'maintenances' | 'equipment_snapshots',
  map: (row: T) => U,
): Promise<Page<U>> {
  const db = ctx.auth.tenant;
  const equipmentId = await equipmentIdOnTag(ctx, input.tag);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(table)
      .selectAll()
      .where('equipment_id', '=', equipmentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
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
  answers: StoredAnswer[];
  attributes: AttributeRecord[];
}
type InspectionRow = RecordRow & {
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  improper: boolean;
};
type MaintenanceRow = RecordRow & { parts: StoredPart[] };
type InspectionRecord = z.input<typeof inspectionRecordSchema>;
type MaintenanceRecord = z.input<typeof maintenanceRecordSchema>;

/** An inspection row as the history and its documents show it. */
function toInspectionRecord(r: InspectionRow): InspectionRecord {
  return {
    inspectionId: r.id,
    userName: r.user_name,
    userEmail: r.user_email,
    createdAt: r.created_at,
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
    createdAt: r.created_at,
    attributesValues: r.attributes,
    questionsAnswers: r.answers,
    partsReplacements: r.parts,
  };
}

export function inspections(ctx: Ctx, input: HistoryInput): Promise<Page<InspectionRecord>> {
  return historyPage<InspectionRow, InspectionRecord>(ctx, input, 'inspections', toInspectionRecord);
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
  const r = await db.selectFrom('inspections').selectAll().where('id', '=', id).executeTakeFirst();
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
