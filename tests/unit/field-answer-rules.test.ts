/**
 * The field record's answer rules (issue 27 item 4), shared by the server's check and the field
 * forms: src/shared/field/answer-rules.ts; where the client puts a server error: field-rules.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addAnswerIssues, errorFieldPath } from '../../src/client/features/field/field-rules.ts';
import type { OutboxRecord } from '../../src/client/features/field/offline/queue-rules.ts';
import { inspectionInputSchema, registerEquipmentSchema } from '../../src/shared/equipment/schemas.ts';
import {
  answerProblems,
  answerValue,
  attributeProblem,
  checkAnswers,
  isImproper,
  type RuleQuestion,
} from '../../src/shared/field/answer-rules.ts';

const seal: RuleQuestion = { id: 1, question: 'Lacre intacto?', type: 'YES_NO_NA' };
const notes: RuleQuestion = { id: 2, question: 'Observações', type: 'TEXT' };
const pressure: RuleQuestion = {
  id: 3,
  question: 'Pressão',
  type: 'CUSTOM',
  customAnswers: [
    { id: 17, answer: 'Na faixa verde', type: 'POSITIVE' },
    { id: 18, answer: 'Fora da faixa', type: 'NEGATIVE' },
    { id: 19, answer: 'Sem manômetro', type: 'NA' },
  ],
};
const questions = [seal, notes, pressure];

describe('answer values', () => {
  it('yes/no/NA in any case, a trimmed text, a custom answer by id (number or digits); else null', () => {
    expect(answerValue(seal, ' no ')).toEqual({ answer: 'NO', answerType: null });
    expect(answerValue(seal, 'TALVEZ')).toBeNull();
    expect(answerValue(seal, 1)).toBeNull();
    expect(answerValue(notes, '  amassado ')).toEqual({ answer: 'amassado', answerType: null });
    expect(answerValue(notes, '')).toEqual({ answer: '', answerType: null });
    expect(answerValue(pressure, 18)).toEqual({ answer: 'Fora da faixa', answerType: 'NEGATIVE' });
    expect(answerValue(pressure, '19')).toEqual({ answer: 'Sem manômetro', answerType: 'NA' });
    expect(answerValue(pressure, 20)).toBeNull();
    expect(answerValue(pressure, 'Na faixa verde')).toBeNull();
  });
});

describe("the server's check", () => {
  const good = [
    { questionId: 3, answer: 17 },
    { questionId: 1, answer: 'yes' },
    { questionId: 2, answer: ' ok ' },
  ];

  it('answers come back in the questions order with their texts as they are now', () => {
    expect(checkAnswers(questions, good)).toEqual({
      ok: true,
      answers: [
        { questionId: 1, type: 'YES_NO_NA', question: 'Lacre intacto?', answer: 'YES', answerType: null },
        { questionId: 2, type: 'TEXT', question: 'Observações', answer: 'ok', answerType: null },
        {
          questionId: 3,
          type: 'CUSTOM',
          question: 'Pressão',
          answer: 'Na faixa verde',
          answerType: 'POSITIVE',
        },
      ],
    });
  });

  it('the first invalid answer (wrong value, twice, no such question) before the first missing one, by id and text', () => {
    const invalid = (questionId: number, question: string) => ({
      ok: false,
      problem: { code: 'INSPECTION_ANSWER_INVALID', questionId, question },
    });
    expect(checkAnswers(questions, [{ questionId: 1, answer: 'TALVEZ' }])).toEqual(
      invalid(1, 'Lacre intacto?'),
    );
    expect(checkAnswers(questions, [...good, { questionId: 1, answer: 'NO' }])).toEqual(
      invalid(1, 'Lacre intacto?'),
    );
    expect(checkAnswers(questions, [...good, { questionId: 99, answer: 'YES' }])).toEqual(invalid(99, '99'));
    expect(checkAnswers(questions, [{ questionId: 1, answer: 'NA' }])).toEqual({
      ok: false,
      problem: { code: 'INSPECTION_ANSWER_MISSING', questionId: 2, question: 'Observações' },
    });
    // Two questions with the same text are told apart by id.
    const twins: RuleQuestion[] = [seal, { ...seal, id: 4 }];
    expect(
      checkAnswers(twins, [
        { questionId: 1, answer: 'YES' },
        { questionId: 4, answer: 'TALVEZ' },
      ]),
    ).toEqual(invalid(4, 'Lacre intacto?'));
  });

  it('improper: a NO or a NEGATIVE custom answer; NA and texts are not', () => {
    const answers = (over: { questionId: number; answer: string | number }[]) => {
      const r = checkAnswers(questions, [
        ...good.filter((g) => !over.some((o) => o.questionId === g.questionId)),
        ...over,
      ]);
      return r.ok ? r.answers : [];
    };
    expect(isImproper(answers([]))).toBe(false);
    expect(isImproper(answers([{ questionId: 1, answer: 'NO' }]))).toBe(true);
    expect(isImproper(answers([{ questionId: 3, answer: 18 }]))).toBe(true);
    expect(
      isImproper(
        answers([
          { questionId: 3, answer: 19 },
          { questionId: 2, answer: 'NO' },
        ]),
      ),
    ).toBe(false);
  });
});

describe("the form's check", () => {
  it('choices must be made, a text may be blank but must be sent; a value not of the question is invalid', () => {
    const bare = questions.map(({ customAnswers: _c, ...q }) => q);
    expect(
      answerProblems(bare, [
        { questionId: 1, answer: '' },
        { questionId: 2, answer: '' },
        { questionId: 3, answer: '' },
      ]).map((m) => [m.index, m.code]),
    ).toEqual([
      [0, 'INSPECTION_ANSWER_MISSING'],
      [2, 'INSPECTION_ANSWER_MISSING'],
    ]);
    expect(
      answerProblems(bare, [
        { questionId: 1, answer: 'YES' },
        { questionId: 3, answer: 17 },
      ]).map((m) => [m.questionId, m.question]),
    ).toEqual([[2, 'Observações']]);
    // Without the question's custom answers the form cannot judge one; with them it does.
    expect(
      answerProblems(bare, [
        { questionId: 1, answer: 'NA' },
        { questionId: 2, answer: '' },
        { questionId: 3, answer: 99 },
      ]),
    ).toEqual([]);
    expect(
      answerProblems(questions, [
        { questionId: 1, answer: 'NA' },
        { questionId: 2, answer: '' },
        { questionId: 3, answer: 99 },
      ]),
    ).toEqual([{ code: 'INSPECTION_ANSWER_INVALID', questionId: 3, question: 'Pressão', index: 2 }]);
  });

  it('as form issues on answers.<index>.answer with the server text of the language', () => {
    const schema = z
      .object({
        answers: z.array(z.object({ questionId: z.number(), answer: z.union([z.string(), z.number()]) })),
      })
      .superRefine((v, ctx) => addAnswerIssues(ctx, questions, v.answers, 'en'));
    const r = schema.safeParse({
      answers: [
        { questionId: 1, answer: 'YES' },
        { questionId: 2, answer: '' },
        { questionId: 3, answer: '' },
      ],
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['answers.2.answer', 'Answer the question: Pressão'],
    ]);
  });
});

describe('attributes', () => {
  const attrs = [
    { id: 10, attribute: 'Número do cilindro', type: 'TEXT' as const, enabled: true },
    { id: 11, attribute: 'Data de fabricação', type: 'DATE' as const, enabled: true },
    { id: 12, attribute: 'Antigo', type: 'TEXT' as const, enabled: false },
  ];

  it('each one of the type, once, enabled or kept, a DATE a real day (empty clears); the first problem by id', () => {
    expect(
      attributeProblem(attrs, [
        { attributeId: 11, value: '2024-02-29' },
        { attributeId: 10, value: 'x' },
      ]),
    ).toBeNull();
    expect(attributeProblem(attrs, [{ attributeId: 11, value: '' }])).toBeNull();
    expect(
      attributeProblem(attrs, [
        { attributeId: 10, value: 'x' },
        { attributeId: 11, value: '2026-02-30' },
      ]),
    ).toEqual({
      code: 'EQUIPMENT_ATTRIBUTE_INVALID',
      attributeId: 11,
      attribute: 'Data de fabricação',
      index: 1,
    });
    expect(attributeProblem(attrs, [{ attributeId: 12, value: 'y' }])?.attributeId).toBe(12);
    expect(attributeProblem(attrs, [{ attributeId: 12, value: 'y' }], new Set([12]))).toBeNull();
    expect(
      attributeProblem(attrs, [
        { attributeId: 10, value: 'a' },
        { attributeId: 10, value: 'b' },
      ])?.index,
    ).toBe(1);
    expect(attributeProblem(attrs, [{ attributeId: 77, value: 'a' }])).toMatchObject({
      attributeId: 77,
      attribute: '77',
    });
  });
});

describe('a server error goes on the field of the id it names (issue 27 item 4)', () => {
  const twins = [
    { id: 5, question: 'Extintor sinalizado?' },
    { id: 6, question: 'Extintor sinalizado?' },
  ];
  const attributes = [{ id: 10 }, { id: 11 }];

  it('the second of two questions with the same text gets its own error; attributes by id too', () => {
    expect(
      errorFieldPath(
        { code: 'INSPECTION_ANSWER_INVALID', params: { question: 'Extintor sinalizado?', questionId: 6 } },
        twins,
        attributes,
      ),
    ).toBe('answers.1.answer');
    expect(
      errorFieldPath(
        { code: 'INSPECTION_ANSWER_MISSING', params: { question: 'Extintor sinalizado?', questionId: 5 } },
        twins,
        attributes,
      ),
    ).toBe('answers.0.answer');
    expect(
      errorFieldPath(
        { code: 'EQUIPMENT_ATTRIBUTE_INVALID', params: { attribute: 'x', attributeId: 11 } },
        twins,
        attributes,
      ),
    ).toBe('attributes.1.value');
    expect(
      errorFieldPath(
        { code: 'EQUIPMENT_RETEST_BEFORE_MANUFACTURE', params: { attribute: 'x', attributeId: 10 } },
        twins,
        attributes,
      ),
    ).toBe('attributes.0.value');
    // An id the form does not have, no id, or another code: not a field's error.
    expect(
      errorFieldPath(
        { code: 'INSPECTION_ANSWER_INVALID', params: { question: '99', questionId: 99 } },
        twins,
        attributes,
      ),
    ).toBeNull();
    expect(
      errorFieldPath(
        { code: 'INSPECTION_ANSWER_INVALID', params: { question: 'Extintor sinalizado?' } },
        twins,
        attributes,
      ),
    ).toBeNull();
    expect(errorFieldPath({ code: 'TAG_DISABLED', params: { serial: 'X' } }, twins, attributes)).toBeNull();
  });
});

describe('the outbox union (issue 27 item 4)', () => {
  it('a record queued before the union was typed has the same shape: its input is the POST input as sent', () => {
    // As an older build stored it in IndexedDB (input then typed Record<string, unknown>).
    const stored: unknown[] = JSON.parse(`[
      {"id":"0b3e","owner":7,"seq":1714560000000,"kind":"inspect","serial":"ABCD2345","title":"Extintor PQS",
       "input":{"tag":"ABCD2345","answers":[{"questionId":1,"answer":"YES"}],"attributes":[],"latitude":null,
                "longitude":null,"accuracy":null,"performedAt":"2025-05-01T12:00:00.000Z","identifiedBy":"TYPED",
                "scannedAt":"2025-05-01T11:59:00.000Z"},
       "createdAt":"2025-05-01T12:00:00.000Z","identifiedBy":"TYPED","status":"waiting","attempts":0,
       "lastAttemptAt":null,"error":null},
      {"id":"1c4f","owner":7,"seq":1714560000001,"kind":"register","serial":"EFGH6789","title":"Extintor CO2",
       "input":{"tagSerialNumber":"EFGH6789","productId":3,"extraLabel":"","extraCode":"","dueDate":null,
                "attributes":[{"attributeId":11,"value":"2024-02-29"}]},
       "createdAt":"2025-05-01T12:01:00.000Z","status":"waiting","attempts":0,"lastAttemptAt":null,"error":null}
    ]`);
    const [inspect, register] = stored as OutboxRecord[];
    expect(inspect?.kind === 'inspect' && inspectionInputSchema.safeParse(inspect.input).success).toBe(true);
    expect(register?.kind === 'register' && registerEquipmentSchema.safeParse(register.input).success).toBe(
      true,
    );
  });
});
