/**
 * The field record's answer and attribute rules (issue 27 item 4), written once: the server checks a
 * record with them (`equipment/records/*`: `checkAnswers`, `checkAttributeValues`) and the field
 * forms check the same before a record is sent or queued (`client/features/field/field-rules.ts`),
 * so a record made without signal is not refused later for a rule the phone could have told.
 * Pure and zod-free; a problem names its question or attribute by id (and by text, for the message).
 */
import { isRealDate } from '../dates.ts';

export type QuestionType = 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
export type CustomAnswerType = 'POSITIVE' | 'NEGATIVE' | 'NA';

export interface RuleQuestion {
  id: number;
  question: string;
  type: QuestionType;
  /** a CUSTOM question's enabled answers; left out when the side does not know them (no check) */
  customAnswers?: readonly { id: number; answer: string; type: CustomAnswerType }[];
}

/** An answer as a record sends it: YES/NO/NA, a text, or a custom answer's id (number or digits). */
export interface GivenAnswer {
  questionId: number;
  answer: string | number | null | undefined;
}

/** An answer as it is recorded: the question's and answer's texts as they are now. */
export interface CheckedAnswer {
  questionId: number;
  type: QuestionType;
  question: string;
  answer: string;
  answerType: CustomAnswerType | null;
}

export const YES_NO_NA = ['YES', 'NO', 'NA'] as const;

/**
 * The value an answer records for its question — YES/NO/NA (any case), a text (trimmed, may be
 * blank), or one of the question's custom answers (by id, number or digits) — or null when it is
 * none of them.
 */
export function answerValue(
  q: RuleQuestion,
  raw: GivenAnswer['answer'],
): { answer: string; answerType: CustomAnswerType | null } | null {
  if (q.type === 'YES_NO_NA') {
    const v = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
    return (YES_NO_NA as readonly string[]).includes(v) ? { answer: v, answerType: null } : null;
  }
  if (q.type === 'CUSTOM') {
    const id =
      typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
    const ca = (q.customAnswers ?? []).find((c) => c.id === id);
    return ca ? { answer: ca.answer, answerType: ca.type } : null;
  }
  return { answer: String(raw ?? '').trim(), answerType: null };
}

/** A choice (yes/no/NA, custom) left unmade; a text answer may be blank. */
export function isBlankAnswer(q: RuleQuestion, raw: GivenAnswer['answer']): boolean {
  return q.type !== 'TEXT' && (raw === '' || raw === null || raw === undefined);
}

export type AnswerProblemCode = 'INSPECTION_ANSWER_INVALID' | 'INSPECTION_ANSWER_MISSING';

/** What is wrong with a record's answers: the code, and the question by id and by its text. */
export interface AnswerProblem {
  code: AnswerProblemCode;
  questionId: number;
  /** the question's text (the id as text for an answer to no question of the form) */
  question: string;
}

/**
 * The server's check of a record's answers against the enabled questions: each answer names one of
 * them, once, with a value of its type (`answerValue`), else INSPECTION_ANSWER_INVALID for the first
 * such answer; then every question must be answered, else INSPECTION_ANSWER_MISSING for the first
 * one left out. The answers come back in the questions' order, with their texts as they are now.
 */
export function checkAnswers(
  questions: readonly RuleQuestion[],
  answers: readonly GivenAnswer[],
): { ok: true; answers: CheckedAnswer[] } | { ok: false; problem: AnswerProblem } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, CheckedAnswer>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    const value = q && !given.has(q.id) ? answerValue(q, a.answer) : null;
    if (!q || !value) {
      const problem: AnswerProblem = {
        code: 'INSPECTION_ANSWER_INVALID',
        questionId: a.questionId,
        question: q?.question ?? String(a.questionId),
      };
      return { ok: false, problem };
    }
    given.set(q.id, { questionId: q.id, type: q.type, question: q.question, ...value });
  }
  for (const q of questions)
    if (!given.has(q.id))
      return {
        ok: false,
        problem: { code: 'INSPECTION_ANSWER_MISSING', questionId: q.id, question: q.question },
      };
  return { ok: true, answers: questions.map((q) => given.get(q.id)!) };
}

/**
 * The form's check before a record is sent or queued, per question (with its index in the form):
 * a question not sent or a choice left unmade is INSPECTION_ANSWER_MISSING (a text may be blank but
 * must be sent); a value that is not one of the question's is INSPECTION_ANSWER_INVALID (a custom
 * answer only when the form knows the question's answers).
 */
export function answerProblems(
  questions: readonly RuleQuestion[],
  answers: readonly GivenAnswer[],
): (AnswerProblem & { index: number })[] {
  const byId = new Map(answers.map((a) => [a.questionId, a.answer]));
  const out: (AnswerProblem & { index: number })[] = [];
  questions.forEach((q, index) => {
    const problem = (code: AnswerProblemCode) => ({ code, questionId: q.id, question: q.question, index });
    if (!byId.has(q.id) || isBlankAnswer(q, byId.get(q.id))) out.push(problem('INSPECTION_ANSWER_MISSING'));
    else if ((q.type !== 'CUSTOM' || q.customAnswers) && !answerValue(q, byId.get(q.id)))
      out.push(problem('INSPECTION_ANSWER_INVALID'));
  });
  return out;
}

/** An inspection answer is negative when it is NO or a custom answer of type NEGATIVE. */
export function isNegativeAnswer(a: { type: string; answer: string; answerType?: string | null }): boolean {
  if (a.type === 'YES_NO_NA') return a.answer === 'NO';
  if (a.type === 'CUSTOM') return a.answerType === 'NEGATIVE';
  return false;
}

/** An inspection is improper when any of its answers is negative. */
export function isImproper(answers: readonly { type: string; answer: string; answerType?: string | null }[]) {
  return answers.some(isNegativeAnswer);
}

// ── attributes ──────────────────────────────────────────────────────────────────────────────────

export interface RuleAttribute {
  id: number;
  attribute: string;
  type: 'TEXT' | 'DATE';
  /** left out: enabled */
  enabled?: boolean;
}

/** A value an attribute may hold: a DATE is a real day (`YYYY-MM-DD`); empty clears it. */
export function attributeValueValid(type: string, value: string | null | undefined): boolean {
  return type !== 'DATE' || !value || isRealDate(value);
}

/** What is wrong with a record's attribute values: EQUIPMENT_ATTRIBUTE_INVALID, by id and text. */
export interface AttributeProblem {
  code: 'EQUIPMENT_ATTRIBUTE_INVALID';
  attributeId: number;
  attribute: string;
  /** the value's index in what was sent */
  index: number;
}

/**
 * Checks values against the inspection type's attributes: each must be one of them, given once,
 * enabled (or one the equipment already holds a value of: `kept`), with a valid value
 * (`attributeValueValid`). The first value that is not is the problem; null when all are.
 */
export function attributeProblem(
  attrs: readonly RuleAttribute[],
  values: readonly { attributeId: number; value: string | null | undefined }[],
  kept: ReadonlySet<number> = new Set(),
): AttributeProblem | null {
  const byId = new Map(attrs.map((a) => [a.id, a]));
  const seen = new Set<number>();
  for (const [index, { attributeId, value }] of values.entries()) {
    const a = byId.get(attributeId);
    const ok =
      a &&
      !seen.has(attributeId) &&
      (a.enabled !== false || kept.has(attributeId)) &&
      attributeValueValid(a.type, value);
    if (!ok)
      return {
        code: 'EQUIPMENT_ATTRIBUTE_INVALID',
        attributeId,
        attribute: a?.attribute ?? String(attributeId),
        index,
      };
    seen.add(attributeId);
  }
  return null;
}
