/**
 * Issue 27 item 4: a field record's answer and attribute errors name the question or attribute by
 * id (`params.questionId`, `params.attributeId`) besides its text, so two questions with the same
 * wording are told apart; codes and messages stay as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rest } from '../../helpers/api.ts';
import { createCategory, createType, productBody } from '../catalogue/helpers.ts';
import { createTag, demoCompany, demoDb, register, tokens, uid } from './helpers.ts';

type Rows = { id: number }[];

async function put(token: string, path: string, body: unknown): Promise<Rows> {
  const r = await rest<Rows>('PUT', path, { token, body });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

let t: Awaited<ReturnType<typeof tokens>>;
let demo: Awaited<ReturnType<typeof demoCompany>>;
let wording: string;
let twin: string;
let first: number;
let second: number;
let maintenanceTwins: [number, number];
let attrs: { made: number; recharged: number };
let productId: number;

beforeAll(async () => {
  t = await tokens();
  demo = await demoCompany();
  const tag = uid();
  const categoryId = await createCategory(t.group, `Sinalização ${tag}`);
  const typeId = await createType(t.group, `Placas ${tag}`, categoryId);
  wording = `A placa está visível? ${tag}`;
  twin = wording.toLowerCase();
  // The same text twice in one type is refused by the database (`inspection_questions_text_uq`) and
  // the same wording in another case by the catalogue's lists; older data may hold the latter: the
  // second question is given the first one's wording in lower case in the database.
  const qs = await put(t.group, `/web/inspection-types/${typeId}/inspection-questions/`, [
    { question: wording, type: 'YES_NO_NA' },
    { question: `${wording} (2)`, type: 'YES_NO_NA' },
  ]);
  [first, second] = [qs[0]!.id, qs[1]!.id];
  await demoDb()
    .updateTable('inspection_questions')
    .set({ question: twin })
    .where('id', '=', second)
    .execute();
  const mq = await put(t.group, `/web/inspection-types/${typeId}/maintenance-questions/`, [
    { question: wording, type: 'YES_NO_NA' },
    { question: `${wording} (2)`, type: 'YES_NO_NA' },
  ]);
  maintenanceTwins = [mq[0]!.id, mq[1]!.id];
  await demoDb()
    .updateTable('maintenance_questions')
    .set({ question: twin })
    .where('id', '=', maintenanceTwins[1])
    .execute();
  const a = await put(t.group, `/web/inspection-types/${typeId}/inspection-type-attribute/`, [
    { attribute: `Data de fabricação ${tag}`, type: 'DATE' },
    { attribute: `Data de recarga ${tag}`, type: 'DATE' },
  ]);
  attrs = { made: a[0]!.id, recharged: a[1]!.id };
  const p = await rest<number>('POST', '/web/products/', {
    token: t.group,
    body: productBody(categoryId, typeId, { name: `Placa ${tag}`, sku: `PL-${tag}`, inspectionSchedule: 30 }),
  });
  if (p.status !== 201) throw new Error(`product: ${p.status} ${JSON.stringify(p.json)}`);
  productId = p.json.data!;
});

async function equipment(): Promise<string> {
  const serial = await createTag(demo);
  await register(t.company, { tagSerialNumber: serial, productId });
  return serial;
}

describe('errors name the question or attribute by id (issue 27 item 4)', () => {
  it('two inspection questions of the same wording: the invalid or missing one is named by its id', async () => {
    const serial = await equipment();
    const form = await rest<{ questions: { id: number; question: string }[] }>(
      'GET',
      `/web/equipments/${serial}/inspection-form`,
      { token: t.operator },
    );
    expect(form.json.data!.questions).toMatchObject([
      { id: first, question: wording },
      { id: second, question: twin },
    ]);
    const post = (body: Record<string, unknown>) =>
      rest('POST', `/web/equipments/${serial}/inspections`, { token: t.operator, body });

    const invalid = await post({
      answers: [
        { questionId: first, answer: 'YES' },
        { questionId: second, answer: 'TALVEZ' },
      ],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatchObject({
      code: 'INSPECTION_ANSWER_INVALID',
      message: `Resposta inválida para a pergunta: ${twin}`,
      params: { question: twin, questionId: second },
    });

    const missing = await post({ answers: [{ questionId: second, answer: 'NO' }] });
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatchObject({
      code: 'INSPECTION_ANSWER_MISSING',
      message: `Responda a pergunta: ${wording}`,
      params: { question: wording, questionId: first },
    });

    const ok = await post({
      answers: [
        { questionId: first, answer: 'YES' },
        { questionId: second, answer: 'no' },
      ],
    });
    expect(ok.status).toBe(201);
  });

  it('the same for maintenance questions', async () => {
    const serial = await equipment();
    const r = await rest('POST', `/web/equipments/${serial}/maintenances`, {
      token: t.operator,
      body: { answers: [{ questionId: maintenanceTwins[0], answer: 'YES' }] },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: 'INSPECTION_ANSWER_MISSING',
      params: { question: twin, questionId: maintenanceTwins[1] },
    });
  });

  it('an attribute error names the attribute by id (inspection and registration)', async () => {
    const serial = await equipment();
    const r = await rest('POST', `/web/equipments/${serial}/inspections`, {
      token: t.operator,
      body: {
        answers: [
          { questionId: first, answer: 'YES' },
          { questionId: second, answer: 'YES' },
        ],
        attributes: [
          { attributeId: attrs.made, value: '2024-01-10' },
          { attributeId: attrs.recharged, value: '2026-02-30' },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({
      code: 'EQUIPMENT_ATTRIBUTE_INVALID',
      params: { attributeId: attrs.recharged },
    });
    const unknown = await rest('POST', '/web/equipments/', {
      token: t.company,
      body: {
        tagSerialNumber: await createTag(demo),
        productId,
        attributes: [{ attributeId: 2_000_000_000, value: 'x' }],
      },
    });
    expect(unknown.json.error).toMatchObject({
      code: 'EQUIPMENT_ATTRIBUTE_INVALID',
      params: { attribute: '2000000000', attributeId: 2_000_000_000 },
    });
  });
});
