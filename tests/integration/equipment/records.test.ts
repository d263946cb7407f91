import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../../src/server/db/days.ts';
import { addDays, addMonths } from '../../../src/shared/equipment/status.ts';
import { DEMO, rest, trpcClient } from '../../helpers/api.ts';
import { productBody } from '../catalogue/helpers.ts';
import {
  type Catalogue,
  createTag,
  demoDb,
  equipmentSetup,
  foreignTag,
  goodAnswers,
  otherDemoCompany,
  register,
  type Setup,
} from './helpers.ts';

let t: Setup['t'];
let c: Catalogue;
let demo: Setup['demo'];
beforeAll(async () => {
  ({ t, demo, c } = await equipmentSetup());
});

async function equipmentOn(productId = c.productId, over: Record<string, unknown> = {}) {
  const serial = await createTag(demo);
  const id = await register(t.company, { tagSerialNumber: serial, productId, ...over });
  return { serial, id };
}

const inspectPath = (serial: string) => `/web/equipments/${serial}/inspections`;

describe('inspection form and inspection', () => {
  it('the form lists the enabled questions in order with enabled custom answers, and the attributes', async () => {
    const { serial } = await equipmentOn();
    const r = await rest<{
      questions: { id: number; type: string; customAnswers: { id: number }[] }[];
      attributes: { id: number; value: string | null }[];
      equipment: { tagSerialNumber: string };
    }>('GET', `/web/equipments/${serial}/inspection-form`, { token: t.operator });
    expect(r.status).toBe(200);
    expect(r.json.data!.equipment.tagSerialNumber).toBe(serial);
    expect(r.json.data!.questions.map((q) => q.id)).toEqual([
      c.questions.seal,
      c.questions.cylinder,
      c.questions.notes,
      c.questions.access,
    ]);
    expect(r.json.data!.questions[1]!.customAnswers.map((a) => a.id)).toEqual([
      c.cylinder.ok,
      c.cylinder.dented,
      c.cylinder.na,
    ]);
    expect(r.json.data!.attributes.map((a) => a.id)).toEqual([
      c.attributes.manufacturing,
      c.attributes.recharge,
      c.attributes.number,
    ]);
  });

  it('an operator inspects (201 {data:{id}}): record with texts, location, attributes; the equipment moves', async () => {
    const { serial, id } = await equipmentOn(c.productId, {
      attributes: [{ attributeId: c.attributes.recharge, value: '2025-01-20' }],
    });
    const recharged = addDays(today(), -10);
    const r = await rest<{ id: number }>('POST', inspectPath(serial), {
      token: t.operator,
      body: {
        answers: [
          { questionId: c.questions.access, answer: 'yes' },
          { questionId: c.questions.seal, answer: 'YES' },
          { questionId: c.questions.cylinder, answer: String(c.cylinder.ok) },
          { questionId: c.questions.notes, answer: '  Sem observações ' },
        ],
        attributes: [{ attributeId: c.attributes.recharge, value: recharged }],
        latitude: -23.55052,
        longitude: -46.633308,
        accuracy: 12.5,
      },
    });
    expect(r.status).toBe(201);
    expect(r.json.data).toEqual({ id: expect.any(Number), serviceOrderNumber: null });
    const rec = await demoDb()
      .selectFrom('inspections')
      .selectAll()
      .where('id', '=', r.json.data!.id)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({
      equipment_id: id,
      user_email: DEMO.operator,
      user_name: 'Otávio Operador',
      latitude: -23.55052,
      longitude: -46.633308,
      accuracy: 12.5,
      improper: false,
    });
    expect(rec.answers).toEqual([
      {
        questionId: c.questions.seal,
        type: 'YES_NO_NA',
        question: c.names.seal,
        answer: 'YES',
        answerType: null,
      },
      {
        questionId: c.questions.cylinder,
        type: 'CUSTOM',
        question: c.names.cylinder,
        answer: 'Conforme',
        answerType: 'POSITIVE',
      },
      {
        questionId: c.questions.notes,
        type: 'TEXT',
        question: c.names.notes,
        answer: 'Sem observações',
        answerType: null,
      },
      {
        questionId: c.questions.access,
        type: 'YES_NO_NA',
        question: c.names.access,
        answer: 'YES',
        answerType: null,
      },
    ]);
    expect(rec.attributes).toEqual([
      { attributeId: c.attributes.recharge, attribute: 'Data de recarga', value: recharged },
    ]);
    const day = today();
    const e = await trpcClient(t.operator).equipment.get.query({ tag: serial });
    expect(e).toMatchObject({
      status: 'VALID',
      nextInspectionDate: addDays(day, 30),
      lastInspectionExpirationStatus: 'VALID',
      lastInspectionDaysToExpire: 30,
      // The recharge date moved: + 12 months.
      dueDate: addMonths(recharged, 12),
      lastInspection: { userName: 'Otávio Operador', userEmail: DEMO.operator },
    });
    expect(e.inspectionTypeAttribute.find((a) => a.attributeId === c.attributes.recharge)?.value).toBe(
      recharged,
    );
    // The catalogue changes later; the record keeps its texts.
    await rest('PUT', `/web/inspection-types/${c.typeId}/inspection-questions/`, {
      token: t.group,
      body: [
        { id: c.questions.seal, question: `${c.names.seal} (novo texto)`, type: 'YES_NO_NA', enabled: true },
      ],
    });
    const hist = await rest<{ items: { questionsAnswers: { question: string }[] }[] }>(
      'GET',
      `/web/equipments/${serial}/inspections`,
      { token: t.operator },
    );
    expect(hist.json.data!.items[0]!.questionsAnswers[0]!.question).toBe(c.names.seal);
    await rest('PUT', `/web/inspection-types/${c.typeId}/inspection-questions/`, {
      token: t.group,
      body: [{ id: c.questions.seal, question: c.names.seal, type: 'YES_NO_NA', enabled: true }],
    });
  });

  it('a NO or a NEGATIVE custom answer makes the equipment IMPROPER; a proper inspection clears it', async () => {
    const { serial } = await equipmentOn();
    const api = trpcClient(t.operator);
    const answers = goodAnswers(c);
    await api.equipment.inspect.mutate({
      tag: serial,
      answers: answers.map((a) => (a.questionId === c.questions.seal ? { ...a, answer: 'NO' } : a)),
    });
    expect((await api.equipment.get.query({ tag: serial })).status).toBe('IMPROPER');
    await api.equipment.inspect.mutate({ tag: serial, answers });
    expect((await api.equipment.get.query({ tag: serial })).status).toBe('VALID');
    await api.equipment.inspect.mutate({
      tag: serial,
      answers: answers.map((a) =>
        a.questionId === c.questions.cylinder ? { ...a, answer: c.cylinder.dented } : a,
      ),
    });
    expect((await api.equipment.get.query({ tag: serial })).status).toBe('IMPROPER');
    // A custom answer of type NA is not negative.
    await api.equipment.inspect.mutate({
      tag: serial,
      answers: answers.map((a) =>
        a.questionId === c.questions.cylinder ? { ...a, answer: c.cylinder.na } : a,
      ),
    });
    expect((await api.equipment.get.query({ tag: serial })).status).toBe('VALID');
    const page = await api.equipment.inspections.query({ tag: serial });
    expect(page.total).toBe(4);
    expect(page.items.map((i) => i.improper)).toEqual([false, true, false, true]);
  });

  it('missing or wrong answers are 400 naming the question; nothing is recorded', async () => {
    const { serial, id } = await equipmentOn();
    const answers = goodAnswers(c);
    const post = (body: Record<string, unknown>) =>
      rest('POST', inspectPath(serial), { token: t.company, body });
    const cases: [unknown[], string, string][] = [
      [answers.filter((a) => a.questionId !== c.questions.notes), 'INSPECTION_ANSWER_MISSING', c.names.notes],
      [
        answers.map((a) => (a.questionId === c.questions.seal ? { ...a, answer: 'TALVEZ' } : a)),
        'INSPECTION_ANSWER_INVALID',
        c.names.seal,
      ],
      [
        answers.map((a) => (a.questionId === c.questions.seal ? { ...a, answer: 1 } : a)),
        'INSPECTION_ANSWER_INVALID',
        c.names.seal,
      ],
      [
        answers.map((a) =>
          a.questionId === c.questions.cylinder ? { ...a, answer: c.cylinder.disabledAnswer } : a,
        ),
        'INSPECTION_ANSWER_INVALID',
        c.names.cylinder,
      ],
      [
        answers.map((a) => (a.questionId === c.questions.cylinder ? { ...a, answer: 'Conforme' } : a)),
        'INSPECTION_ANSWER_INVALID',
        c.names.cylinder,
      ],
      [
        [...answers, { questionId: c.questions.seal, answer: 'NO' }],
        'INSPECTION_ANSWER_INVALID',
        c.names.seal,
      ],
      [[...answers, { questionId: 2_000_000_000, answer: 'YES' }], 'INSPECTION_ANSWER_INVALID', '2000000000'],
    ];
    for (const [a, code, question] of cases) {
      const r = await post({ answers: a });
      expect(r.status, `${code} ${question}`).toBe(400);
      expect(r.json.error, question).toMatchObject({ code, params: { question } });
      expect(r.json.error?.message).toContain(question);
    }
    const attr = await post({
      answers,
      attributes: [{ attributeId: c.attributes.manufacturing, value: '31/12/2024' }],
    });
    expect(attr.json.error).toMatchObject({
      code: 'EQUIPMENT_ATTRIBUTE_INVALID',
      params: { attribute: 'Data de fabricação' },
    });
    const n = await demoDb().selectFrom('inspections').select('id').where('equipment_id', '=', id).execute();
    expect(n).toEqual([]);
  });

  it('a disabled tag is 409 TAG_DISABLED; an unused tag 409 TAG_NOT_USED; out of reach 404', async () => {
    const { serial } = await equipmentOn();
    await demoDb().updateTable('tags').set({ enabled: false }).where('serial_number', '=', serial).execute();
    const r = await rest('POST', inspectPath(serial), {
      token: t.operator,
      body: { answers: goodAnswers(c) },
    });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'TAG_DISABLED', params: { serial } });
    expect(
      (await rest('GET', `/web/equipments/${serial}/inspection-form`, { token: t.operator })).json.error
        ?.code,
    ).toBe('TAG_DISABLED');
    const unused = await createTag(demo);
    const u = await rest('POST', inspectPath(unused), {
      token: t.operator,
      body: { answers: goodAnswers(c) },
    });
    expect(u.status).toBe(409);
    expect(u.json.error?.code).toBe('TAG_NOT_USED');
    const g = await rest('GET', `/web/equipments/${unused}`, { token: t.operator });
    expect(g.status).toBe(404);
    expect(g.json.error?.code).toBe('EQUIPMENT_NOT_FOUND');
    const foreign = await foreignTag();
    const sister = await createTag({ ...demo, companyId: await otherDemoCompany(demo.groupId) });
    for (const s of [foreign.serial, sister]) {
      const f = await rest('POST', inspectPath(s), { token: t.operator, body: { answers: goodAnswers(c) } });
      expect(f.status).toBe(404);
      expect(f.json.error?.code).toBe('TAG_NOT_FOUND');
    }
  });
});

describe('maintenance', () => {
  it('records answers and parts with their names and units (operator); refuses parts not of the product', async () => {
    const { serial, id } = await equipmentOn();
    const form = await trpcClient(t.operator).equipment.maintenanceForm.query({ tag: serial });
    expect(form.questions.map((q) => q.id)).toEqual([c.maintenance.recharged, c.maintenance.description]);
    expect(form.parts.map((p) => [p.id, p.unit])).toEqual([
      [c.parts.powder, 'KILOGRAMS'],
      [c.parts.gauge, 'UNITS'],
    ]);
    const answers = [
      { questionId: c.maintenance.recharged, answer: 'YES' },
      { questionId: c.maintenance.description, answer: 'Recarga completa' },
    ];
    const post = (body: Record<string, unknown>) =>
      rest<{ id: number }>('POST', `/web/equipments/${serial}/maintenances`, { token: t.operator, body });
    for (const parts of [
      [{ partId: c.parts.disabled, quantity: 1 }],
      [{ partId: 2_000_000_000, quantity: 1 }],
      [
        { partId: c.parts.gauge, quantity: 1 },
        { partId: c.parts.gauge, quantity: 2 },
      ],
    ]) {
      const r = await post({ answers, parts });
      expect(r.status).toBe(400);
      expect(r.json.error?.code).toBe('MAINTENANCE_PART_INVALID');
    }
    const missing = await post({ answers: answers.slice(0, 1) });
    expect(missing.json.error).toMatchObject({
      code: 'INSPECTION_ANSWER_MISSING',
      params: { question: c.names.description },
    });
    const ok = await post({
      answers,
      parts: [
        { partId: c.parts.powder, quantity: 4.5 },
        { partId: c.parts.gauge, quantity: 1 },
      ],
    });
    expect(ok.status).toBe(201);
    const page = await rest<{
      total: number;
      items: {
        maintenanceId: number;
        userEmail: string;
        partsReplacements: unknown[];
        questionsAnswers: unknown[];
      }[];
    }>('GET', `/web/equipments/${serial}/maintenances`, { token: t.company });
    expect(page.json.data!.total).toBe(1);
    expect(page.json.data!.items[0]).toMatchObject({
      maintenanceId: ok.json.data!.id,
      userEmail: DEMO.operator,
      partsReplacements: [
        { partId: c.parts.powder, part: 'Carga de pó', quantity: 4.5, unit: 'KILOGRAMS' },
        { partId: c.parts.gauge, part: 'Manômetro', quantity: 1, unit: 'UNITS' },
      ],
      questionsAnswers: [
        { question: c.names.recharged, type: 'YES_NO_NA', answer: 'YES' },
        { question: c.names.description, type: 'TEXT', answer: 'Recarga completa' },
      ],
    });
    const e = await demoDb()
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(e.last_maintenance_id).toBe(ok.json.data!.id);
    const dto = await trpcClient(t.company).equipment.get.query({ tag: serial });
    expect(dto.lastMaintenance).toMatchObject({ userName: 'Otávio Operador', userEmail: DEMO.operator });
  });
});

describe('update and history', () => {
  it('admins edit product, labels, attributes; a snapshot records each change; operators are refused', async () => {
    const { serial, id } = await equipmentOn(c.productId, {
      extraLabel: 'Antes',
      attributes: [
        { attributeId: c.attributes.number, value: 'N-1' },
        { attributeId: c.attributes.recharge, value: '2025-01-01' },
      ],
    });
    const body = {
      productId: c.noDueId,
      extraLabel: 'Depois',
      extraCode: 'C-9',
      attributes: [{ attributeId: c.attributes.number, value: 'N-2' }],
    };
    const op = await rest('PUT', `/web/equipments/${serial}/`, { token: t.operator, body });
    expect(op.status).toBe(403);
    const r = await rest<{
      product: { id: number };
      extraLabel: string;
      dueDate: string | null;
      inspectionTypeAttribute: { attributeId: number; value: string | null }[];
    }>('PUT', `/web/equipments/${serial}/`, { token: t.company, body });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ product: { id: c.noDueId }, extraLabel: 'Depois', dueDate: null });
    // The full set: the recharge date left out is cleared.
    expect(r.json.data!.inspectionTypeAttribute.filter((a) => a.value !== null)).toEqual([
      expect.objectContaining({ attributeId: c.attributes.number, value: 'N-2' }),
    ]);
    // An edit of the attributes alone writes no snapshot.
    await trpcClient(t.group).equipment.update.mutate({ tag: serial, ...body, attributes: [] });
    const snaps = await trpcClient(t.operator).equipment.snapshots.query({ tag: serial });
    expect(snaps.items.map((s) => [s.kind, s.extraLabel, s.productName])).toEqual([
      ['UPDATED', 'Depois', expect.stringContaining('Sem Validade')],
      ['CREATED', 'Antes', expect.stringContaining('PQS')],
    ]);
    expect(snaps.items[0]).toMatchObject({
      userEmail: DEMO.companyAdmin,
      tagSerialNumber: serial,
      extraCode: 'C-9',
    });
    const row = await demoDb()
      .selectFrom('equipment')
      .select('search')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.search).toContain('|depois|c-9|extintor sem validade');
  });

  it('history pages newest first', async () => {
    const { serial } = await equipmentOn();
    const api = trpcClient(t.operator);
    for (let i = 0; i < 12; i++) await api.equipment.inspect.mutate({ tag: serial, answers: goodAnswers(c) });
    const p0 = await rest<{
      items: { inspectionId: number; createdAt: string }[];
      total: number;
      pageSize: number;
    }>('GET', `/web/equipments/${serial}/inspections?page=0&size=10`, { token: t.operator });
    const p1 = await api.equipment.inspections.query({ tag: serial, page: 1, pageSize: 10 });
    expect(p0.json.data!.total).toBe(12);
    expect(p0.json.data!.items).toHaveLength(10);
    expect(p1.items).toHaveLength(2);
    const ids = [...p0.json.data!.items.map((i) => i.inspectionId), ...p1.items.map((i) => i.inspectionId)];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('product edits move their equipment', () => {
  it('a schedule or notice change moves next_inspection_date; a rename the search text', async () => {
    const { serial, id } = await equipmentOn();
    await trpcClient(t.operator).equipment.inspect.mutate({ tag: serial, answers: goodAnswers(c) });
    const before = await demoDb()
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.next_inspection_date).toBe(addDays(before.last_inspection_day!, 30));
    const product = await rest<{ sku: string; name: string }>('GET', `/web/products/${c.productId}/`, {
      token: t.group,
    });
    const body = productBody(c.categoryId, c.typeId, {
      sku: product.json.data!.sku,
      name: `${product.json.data!.name} Renomeado`,
      inspectionSchedule: 90,
      daysNotificationNextInspectionDate: 20,
      isDueDate: true,
      daysNotificationDueDate: 10,
    });
    const put = await rest('PUT', `/web/products/${c.productId}/`, { token: t.group, body });
    expect(put.status).toBe(200);
    const after = await demoDb()
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.next_inspection_date).toBe(addDays(before.last_inspection_day!, 90));
    expect(after.inspection_notice_date).toBe(addDays(before.last_inspection_day!, 70));
    expect(after.search).toContain('renomeado');
    const e = await trpcClient(t.operator).equipment.get.query({ tag: serial });
    expect(e.lastInspectionDaysToExpire).toBe(
      90 - (Date.parse(today()) - Date.parse(before.last_inspection_day!)) / 86_400_000,
    );
    // Back as it was, for the other tests of this file.
    await rest('PUT', `/web/products/${c.productId}/`, {
      token: t.group,
      body: {
        ...body,
        name: product.json.data!.name,
        inspectionSchedule: 30,
        daysNotificationNextInspectionDate: 5,
      },
    });
    const back = await demoDb()
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(back.next_inspection_date).toBe(before.next_inspection_date);
    expect(back.search).toBe(before.search);
  });
});

describe('every call on a tag, both doors', () => {
  it('answers over REST and tRPC alike; a tag out of reach answers exactly like an unknown serial', async () => {
    const { serial } = await equipmentOn();
    const api = trpcClient(t.operator);
    const answers = goodAnswers(c);
    const maint = [
      { questionId: c.maintenance.recharged, answer: 'NO' },
      { questionId: c.maintenance.description, answer: '' },
    ];
    // tRPC
    expect((await api.equipment.inspectionForm.query({ tag: serial })).questions).toHaveLength(4);
    expect((await api.equipment.maintenanceForm.query({ tag: serial })).parts).toHaveLength(2);
    const i = await api.equipment.inspect.mutate({ tag: serial, answers });
    const m = await api.equipment.maintain.mutate({ tag: serial, answers: maint, parts: [] });
    expect((await api.equipment.inspections.query({ tag: serial })).items[0]!.inspectionId).toBe(i.id);
    expect((await api.equipment.maintenances.query({ tag: serial })).items[0]!.maintenanceId).toBe(m.id);
    expect((await api.equipment.snapshots.query({ tag: serial })).items.map((s) => s.kind)).toEqual([
      'CREATED',
    ]);
    // REST
    const get = async (path: string) => {
      const r = await rest<Record<string, unknown>>('GET', path, { token: t.operator });
      expect(r.status, path).toBe(200);
      return r.json.data!;
    };
    expect(await get(`/web/equipments/${serial}/`)).toMatchObject({
      tagSerialNumber: serial,
      status: 'VALID',
    });
    expect(await get(`/web/equipments/${serial}/inspection-form`)).toHaveProperty('questions');
    expect(await get(`/web/equipments/${serial}/maintenance-form`)).toHaveProperty('parts');
    expect(await get(`/web/equipments/${serial}/inspections`)).toMatchObject({ total: 1 });
    expect(await get(`/web/equipments/${serial}/maintenances`)).toMatchObject({ total: 1 });
    expect(await get(`/web/equipments/${serial}/snapshots?size=10&page=0`)).toMatchObject({
      total: 1,
      items: [expect.objectContaining({ kind: 'CREATED', tagSerialNumber: serial })],
    });
    const post = await rest('POST', `/web/equipments/${serial}/maintenances`, {
      token: t.operator,
      body: { answers: maint },
    });
    expect(post.status).toBe(201);

    // Out of reach: another tenant's tag and a sister company's tag (the cross-tenant probe covers
    // another tenant's tag with equipment on it).
    const foreign = await foreignTag();
    const sister = await createTag({ ...demo, companyId: await otherDemoCompany(demo.groupId) });
    const unknown = 'ZZZZZZZZZ';
    const calls: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', '/web/equipments/:tag/', undefined],
      ['GET', '/web/equipments/options/?tag=:tag', undefined],
      ['GET', '/web/equipments/:tag/inspection-form', undefined],
      ['GET', '/web/equipments/:tag/maintenance-form', undefined],
      ['GET', '/web/equipments/:tag/inspections', undefined],
      ['GET', '/web/equipments/:tag/maintenances', undefined],
      ['GET', '/web/equipments/:tag/snapshots', undefined],
      ['PUT', '/web/equipments/:tag/', { productId: c.productId }],
      ['POST', '/web/equipments/:tag/inspections', { answers }],
      ['POST', '/web/equipments/:tag/maintenances', { answers: maint }],
    ];
    for (const [method, path, body] of calls) {
      const token = method === 'PUT' ? t.company : t.operator;
      const call = (s: string) => rest(method, path.replace(':tag', s), { token, body });
      const base = await call(unknown);
      expect(base.status, `${method} ${path}`).toBe(404);
      expect(base.json.error?.code).toBe('TAG_NOT_FOUND');
      for (const s of [foreign.serial, sister]) {
        const r = await call(s);
        expect(r.status, `${method} ${path} ${s}`).toBe(404);
        expect(r.json, `${method} ${path} ${s}`).toEqual(base.json);
      }
    }
  });
});
