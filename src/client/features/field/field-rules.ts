/**
 * Pure rules of the field flow (unit-tested in tests/unit/field.test.ts): what a scanned label
 * says, the date texts of seed 001 §4, the shared answer rules as form issues, where a server error
 * of a record goes.
 */
import { z } from 'zod';
import { serialField } from '../../../shared/equipment/schemas.ts';
import {
  extinguisherDateKind,
  extinguisherDueDate,
  invalidDateAttribute,
} from '../../../shared/equipment/status.ts';
import { errorText } from '../../../shared/errors.ts';
import { answerProblems, type GivenAnswer, type RuleQuestion } from '../../../shared/field/answer-rules.ts';
import { requestReplacementSchema } from '../../../shared/tags/schemas.ts';

export { normalizeTypedSerial, serialFromScan } from './scan-rules.ts';

// The date texts of seed 001 §4 are shared with the reports and the exports.
export { type DateNote, dateNote } from '../../../shared/equipment/date-cell.ts';

/** A question of a field form (the shared rules' question; custom answers when the form has them). */
export type FieldQuestion = RuleQuestion;

/**
 * The field record's answer rules (`src/shared/field/answer-rules.ts`, the server's own) as issues
 * of a form's refinement: a choice left unmade is INSPECTION_ANSWER_MISSING, a value that is not one
 * of the question's INSPECTION_ANSWER_INVALID — on `answers.<index>.answer`, with the server's text
 * in the user's language.
 */
export function addAnswerIssues(
  ctx: z.RefinementCtx,
  questions: readonly FieldQuestion[],
  answers: readonly GivenAnswer[],
  lang: string,
): void {
  for (const p of answerProblems(questions, answers))
    ctx.addIssue({
      code: 'custom',
      path: ['answers', p.index, 'answer'],
      message: errorText(p.code, lang, { question: p.question }) ?? p.question,
    });
}

/**
 * The form field a server error of a field record belongs to, by the id it names (issue 27 item 4):
 * an answer error (`questionId`) on `answers.<i>.answer`, an attribute error (`attributeId`) on
 * `attributes.<i>.value`, where `i` is the question's or attribute's place in the form; null when
 * the error names none of the form's. Two questions with the same text are told apart.
 */
export function errorFieldPath(
  error: { code?: string; params?: Readonly<Record<string, string | number>> },
  questions: readonly { id: number }[],
  attributes: readonly { id: number }[],
): `answers.${number}.answer` | `attributes.${number}.value` | null {
  const { code, params } = error;
  if ((code === 'INSPECTION_ANSWER_MISSING' || code === 'INSPECTION_ANSWER_INVALID') && params) {
    const i = questions.findIndex((q) => q.id === Number(params.questionId));
    return i >= 0 ? `answers.${i}.answer` : null;
  }
  if ((code === 'EQUIPMENT_ATTRIBUTE_INVALID' || code === 'EQUIPMENT_RETEST_BEFORE_MANUFACTURE') && params) {
    const i = attributes.findIndex((a) => a.id === Number(params.attributeId));
    return i >= 0 ? `attributes.${i}.value` : null;
  }
  return null;
}

/** A location as the inspection sends it, rounded like a phone reports it (7 decimals ≈ 1 cm). */
export function locationOf(coords: { latitude: number; longitude: number; accuracy: number }): {
  latitude: number;
  longitude: number;
  accuracy: number;
} {
  const r = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  return {
    latitude: r(coords.latitude, 7),
    longitude: r(coords.longitude, 7),
    accuracy: Math.max(0, r(coords.accuracy, 1)),
  };
}

/**
 * The due date an extinguisher gets from the attribute values typed so far (ABNT NBR 12962, as the
 * server computes it when no date is typed); null when none can be computed.
 */
export function extinguisherDefault(
  attributes: readonly { attribute: string; type: string }[],
  values: readonly { value?: string | null }[],
): string | null {
  const dates: { rechargeDate?: string; retestDate?: string; manufacturingDate?: string } = {};
  attributes.forEach((a, i) => {
    const v = values[i]?.value ?? '';
    if (a.type !== 'DATE' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return;
    const kind = extinguisherDateKind(a.attribute);
    if (kind === 'recharge') dates.rechargeDate = v;
    else if (kind === 'retest') dates.retestDate = v;
    else if (kind === 'manufacturing') dates.manufacturingDate = v;
  });
  return extinguisherDueDate(dates);
}

/** A typed quantity ("2", "1,5", "0.25") as a number; NaN when it is not one. */
export function parseQuantity(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The replacement request's form: the shared input, with the old serial typed as a person reads it
 * (blank when the old label is unreadable); at least the old serial or a description, so the admin
 * can find the equipment.
 */
export const replaceFormSchema = requestReplacementSchema
  .extend({
    oldSerial: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
      .pipe(z.union([z.literal(''), serialField]))
      .transform((v) => v || null),
  })
  .refine((v) => v.oldSerial !== null || v.description !== null, {
    path: ['description'],
    message: 'REQUIRED',
  });

/**
 * The server's refusal of a DATE attribute typed as no real day (EQUIPMENT_ATTRIBUTE_INVALID), added
 * on its field before saving: a record queued without signal would otherwise be refused later.
 */
export function addInvalidDateIssue(
  ctx: z.RefinementCtx,
  values: readonly { attribute: string; type: string; value: string | null | undefined }[],
  lang: string,
): void {
  const bad = invalidDateAttribute(values);
  if (bad < 0) return;
  ctx.addIssue({
    code: 'custom',
    path: ['attributes', bad, 'value'],
    message: errorText('EQUIPMENT_ATTRIBUTE_INVALID', lang, { attribute: values[bad]!.attribute }) ?? 'DATE',
  });
}
