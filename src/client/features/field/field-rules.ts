/**
 * Pure rules of the field flow (unit-tested in tests/unit/field.test.ts): what a scanned label
 * says, the date texts of seed 001 §4, the answers still missing before an inspection is sent.
 */
import { z } from 'zod';
import { serialField } from '../../../shared/equipment/schemas.ts';
import {
  extinguisherDateKind,
  extinguisherDueDate,
  invalidDateAttribute,
} from '../../../shared/equipment/status.ts';
import { errorText } from '../../../shared/errors.ts';
import { requestReplacementSchema } from '../../../shared/tags/schemas.ts';

export { normalizeTypedSerial, serialFromScan } from './scan-rules.ts';

// The date texts of seed 001 §4 are shared with the reports and the exports.
export { type DateNote, dateNote } from '../../../shared/equipment/date-cell.ts';

export interface FieldQuestion {
  id: number;
  question: string;
  type: 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
}

/**
 * The questions without an answer, with their index: yes/no/NA and custom-answer questions need a
 * choice; a text answer may be blank (the server accepts it), as long as the question is sent.
 */
export function missingAnswers(
  questions: readonly FieldQuestion[],
  answers: readonly { questionId: number; answer: string | number }[],
): { index: number; question: FieldQuestion }[] {
  const byId = new Map(answers.map((a) => [a.questionId, a.answer]));
  const out: { index: number; question: FieldQuestion }[] = [];
  questions.forEach((q, index) => {
    const a = byId.get(q.id);
    if (a === undefined) out.push({ index, question: q });
    else if (q.type !== 'TEXT' && (a === '' || a === null)) out.push({ index, question: q });
  });
  return out;
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
