/**
 * What a field record is made of (issue 11 items 1, 6): the inspection and maintenance forms of a
 * tag's equipment, the loaders the offline working set reads them through, and the check of what a
 * record sends against them. The answer rules themselves are the field record's, shared with the
 * client (`src/shared/field/answer-rules.ts`, issue 27 item 4); here they answer the catalogue's
 * codes, naming the question by text and by id.
 */
import { equipmentCycles } from '../due-cycles.ts';
import type { z } from 'zod';
import type {
  Equipment,
  inspectionFormSchema,
  maintenanceFormSchema,
} from '../../../../shared/equipment/schemas.ts';
import {
  type CustomAnswerType,
  type GivenAnswer,
  checkAnswers as checkAnswerRules,
  type RuleQuestion,
} from '../../../../shared/field/answer-rules.ts';
import { AppError } from '../../../errors.ts';
import type { StoredAnswer, StoredAttribute } from '../tables.ts';
import type { Ctx, Db } from '../common.ts';
import { loadOneEquipment } from '../dto.ts';
import { findTagInScope } from '../lookup.ts';

/** A question as the forms and the check read it: with its enabled custom answers ([] for others). */
export interface Question extends RuleQuestion {
  customAnswers: { id: number; answer: string; type: CustomAnswerType }[];
}

/**
 * Checks answers against the enabled questions (`checkAnswers` of the shared rules): an answer names
 * one of them, once, with a value of its type, else 400 INSPECTION_ANSWER_INVALID; then every
 * question must have its answer, else 400 INSPECTION_ANSWER_MISSING naming the first one left out —
 * both with the question's text (`question`) and id (`questionId`). Answers come back in the
 * questions' order, with their texts as they are now.
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: readonly GivenAnswer[],
): StoredAnswer[] {
  const checked = checkAnswerRules(questions, answers);
  if (checked.ok) return checked.answers;
  const { code, question, questionId } = checked.problem;
  throw new AppError(code, { params: { question, questionId } });
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
export async function inspectionQuestions(db: Db, inspectionTypeId: number): Promise<Question[]> {
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

export async function maintenanceQuestions(db: Db, inspectionTypeId: number): Promise<Question[]> {
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

export async function productParts(db: Db, productId: number) {
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
  const [questions, parts, cycles] = await Promise.all([
    maintenanceQuestions(ctx.auth.tenant, equipment.product.inspectionTypeId),
    productParts(ctx.auth.tenant, equipment.product.id),
    equipmentCycles(ctx.auth.tenant, equipment.id),
  ]);
  return {
    equipment,
    questions: questions.map(({ customAnswers: _c, ...q }) => q),
    parts,
    cycles,
  };
}

export const storedAttributes = (
  values: { attributeId: number; attribute: string; value: string }[],
): StoredAttribute[] =>
  values.map((v) => ({ attributeId: v.attributeId, attribute: v.attribute, value: v.value }));
