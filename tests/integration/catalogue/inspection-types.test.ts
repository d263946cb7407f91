import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomAnswerDto,
  InspectionQuestionDto,
  InspectionTypeDetailDto,
  InspectionTypeDto,
} from '../../../src/shared/catalogue/types.ts';
import type { Page } from '../../../src/shared/list.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { createCategory, createType, demoDb, tokens, uid } from './helpers.ts';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  t = await tokens();
});

describe('inspection types (subcategories) over REST', () => {
  it('creates (answering the new id), updates and lists by name or category name', async () => {
    const tag = uid();
    const categoryId = await createCategory(t.group, `Alarmes ${tag}`);
    const created = await rest<number>('POST', '/web/inspection-types/', {
      token: t.group,
      body: { name: `Detectores ${tag}`, categoryId },
    });
    expect(created.status).toBe(201);
    expect(typeof created.json.data).toBe('number');
    const id = created.json.data!;
    const row = await demoDb()
      .selectFrom('inspection_types')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: false, category_id: categoryId });

    const upd = await rest<InspectionTypeDto>('PUT', `/web/inspection-types/${id}/`, {
      token: t.group,
      body: { name: `Detectores de Fumaça ${tag}`, categoryId, enabled: true },
    });
    expect(upd.json.data).toMatchObject({ id, enabled: true, categoryName: `Alarmes ${tag}` });

    const byCategory = await rest<Page<InspectionTypeDto>>(
      'GET',
      `/web/inspection-types/?query=${encodeURIComponent(`ALARMES ${tag}`)}`,
      { token: t.group },
    );
    expect(byCategory.json.data!.items.map((x) => x.id)).toEqual([id]);
    const byName = await rest<Page<InspectionTypeDto>>(
      'GET',
      `/web/inspection-types/?query=${encodeURIComponent('fumaca')}&pageSize=100`,
      { token: t.group },
    );
    expect(byName.json.data!.items.map((x) => x.id)).toContain(id);
    const other = await createCategory(t.group, `Bombas ${tag}`);
    const otherType = await createType(t.group, `Bombas de Incêndio ${tag}`, other);
    const desc = await rest<Page<InspectionTypeDto>>(
      'GET',
      `/web/inspection-types/?query=${tag}&sort=categoryName&direction=desc`,
      { token: t.group },
    );
    // "Bombas" sorts after "Alarmes", so it comes first when descending.
    expect(desc.json.data!.items.map((x) => x.id)).toEqual([otherType, id]);
  });

  it('refuses a disabled category for a new subcategory', async () => {
    const categoryId = await createCategory(t.group, `Desabilitada ${uid()}`, false);
    const r = await rest('POST', '/web/inspection-types/', {
      token: t.group,
      body: { name: 'X', categoryId },
    });
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('CATEGORY_DISABLED');
  });

  it('saves each list with its own atomic PUT, and custom answers up to 5', async () => {
    const categoryId = await createCategory(t.group, `Sprinklers ${uid()}`);
    const id = await createType(t.group, 'Bicos', categoryId);
    const qs = await rest<InspectionQuestionDto[]>(
      'PUT',
      `/web/inspection-types/${id}/inspection-questions/`,
      {
        token: t.group,
        body: [{ question: 'Bico obstruído?' }, { question: 'Estado do bulbo', type: 'CUSTOM' }],
      },
    );
    expect(qs.status).toBe(200);
    expect(qs.json.data!.map((q) => [q.question, q.type, q.enabled])).toEqual([
      ['Bico obstruído?', 'YES_NO_NA', true],
      ['Estado do bulbo', 'CUSTOM', true],
    ]);
    const mq = await rest('PUT', `/web/inspection-types/${id}/maintenance-questions/`, {
      token: t.group,
      body: [{ question: 'Trocado?', type: 'TEXT' }],
    });
    expect(mq.status).toBe(200);
    const badType = await rest('PUT', `/web/inspection-types/${id}/maintenance-questions/`, {
      token: t.group,
      body: [{ question: 'Y', type: 'CUSTOM' }],
    });
    expect(badType.status).toBe(400);
    const at = await rest('PUT', `/web/inspection-types/${id}/inspection-type-attribute/`, {
      token: t.group,
      body: [{ attribute: 'Data de instalação', type: 'DATE' }],
    });
    expect(at.status).toBe(200);
    const attrs = await rest<{ attribute: string; type: string }[]>(
      'GET',
      `/web/inspection-types/${id}/inspection-type-attribute/`,
      { token: t.group },
    );
    expect(attrs.json.data!.map((a) => [a.attribute, a.type])).toEqual([['Data de instalação', 'DATE']]);

    const custom = qs.json.data![1]!;
    const answers = ['Íntegro', 'Rompido', 'Pintado', 'Ausente'].map((answer, i) => ({
      answer,
      type: i === 0 ? 'POSITIVE' : 'NEGATIVE',
    }));
    const put = await rest<CustomAnswerDto[]>('PUT', `/web/inspection-custom-answer/${custom.id}`, {
      token: t.group,
      body: answers,
    });
    expect(put.status).toBe(200);
    expect(put.json.data!.map((a) => [a.answer, a.type, a.inspectionQuestionId])).toEqual(
      answers.map((a) => [a.answer, a.type, custom.id]),
    );
    // Five in all is fine; a sixth (even with the others left out of the payload) is not.
    const fifth = await rest<CustomAnswerDto[]>('PUT', `/web/inspection-custom-answer/${custom.id}`, {
      token: t.group,
      body: [{ answer: 'Não se aplica', type: 'NA' }],
    });
    expect(fifth.json.data).toHaveLength(5);
    const sixth = await rest('PUT', `/web/inspection-custom-answer/${custom.id}`, {
      token: t.group,
      body: [{ answer: 'Outro' }],
    });
    expect(sixth.status).toBe(400);
    expect(sixth.json.error?.code).toBe('CUSTOM_ANSWERS_LIMIT');
    const stored = await rest<CustomAnswerDto[]>('GET', `/web/inspection-custom-answer/${custom.id}`, {
      token: t.group,
    });
    expect(stored.json.data).toHaveLength(5);
    const dup = await rest('PUT', `/web/inspection-custom-answer/${custom.id}`, {
      token: t.group,
      body: [{ id: stored.json.data![0]!.id, answer: 'rompido' }],
    });
    expect(dup.json.error?.code).toBe('CATALOGUE_LIST_INVALID');
    // Answers belong to CUSTOM questions only.
    const plain = qs.json.data![0]!;
    const notCustom = await rest('PUT', `/web/inspection-custom-answer/${plain.id}`, {
      token: t.group,
      body: [{ answer: 'Sim' }],
    });
    expect(notCustom.json.error?.code).toBe('CUSTOM_ANSWERS_QUESTION_NOT_CUSTOM');
  });
});

describe('inspection type save over tRPC (one transaction)', () => {
  it('creates the type with questions, custom answers, maintenance questions and attributes at once', async () => {
    const api = trpcClient(t.company);
    const categoryId = await createCategory(t.group, `Portas Corta-Fogo ${uid()}`);
    const saved = await api.catalogue.inspectionTypes.save.mutate({
      name: 'Portas',
      categoryId,
      enabled: true,
      inspectionQuestions: [
        { question: 'Fecha sozinha?' },
        {
          question: 'Estado da barra antipânico',
          type: 'CUSTOM',
          customAnswers: [{ answer: 'Funciona' }, { answer: 'Travada', type: 'NEGATIVE' }],
        },
      ],
      maintenanceQuestions: [{ question: 'Dobradiças lubrificadas?' }],
      attributes: [{ attribute: 'Data de instalação', type: 'DATE' }],
    });
    expect(
      saved.inspectionQuestions.map((q) => [
        q.question,
        q.type,
        q.customAnswers.map((a) => [a.answer, a.type]),
      ]),
    ).toEqual([
      ['Fecha sozinha?', 'YES_NO_NA', []],
      [
        'Estado da barra antipânico',
        'CUSTOM',
        [
          ['Funciona', 'POSITIVE'],
          ['Travada', 'NEGATIVE'],
        ],
      ],
    ]);
    expect(saved.maintenanceQuestions.map((q) => q.question)).toEqual(['Dobradiças lubrificadas?']);
    expect(saved.attributes.map((a) => [a.attribute, a.type])).toEqual([['Data de instalação', 'DATE']]);
    const detail = await rest<InspectionTypeDetailDto>('GET', `/web/inspection-types/${saved.id}/`, {
      token: t.group,
    });
    expect(detail.json.data!.inspectionQuestions[1]!.customAnswers).toHaveLength(2);
  });

  it('leaves nothing behind when any part fails (a 6th custom answer at the end)', async () => {
    const api = trpcClient(t.group);
    const categoryId = await createCategory(t.group, `Transação ${uid()}`);
    const id = await createType(t.group, 'Original', categoryId);
    const six = Array.from({ length: 6 }, (_, i) => ({ answer: `Resposta ${i}` }));
    await expect(
      api.catalogue.inspectionTypes.save.mutate({
        id,
        name: 'Renomeado',
        categoryId,
        enabled: true,
        inspectionQuestions: [{ question: 'Nova pergunta', type: 'CUSTOM', customAnswers: six }],
        maintenanceQuestions: [{ question: 'Nova manutenção' }],
        attributes: [{ attribute: 'Novo atributo' }],
      }),
    ).rejects.toMatchObject({ data: { code: 'CUSTOM_ANSWERS_LIMIT', httpStatus: 400 } });
    const row = await demoDb()
      .selectFrom('inspection_types')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Original');
    for (const table of [
      'inspection_questions',
      'maintenance_questions',
      'inspection_type_attributes',
    ] as const) {
      const n = await demoDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('inspection_type_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
  });

  it('marks duplicated rows of a list in the issues and saves nothing', async () => {
    const api = trpcClient(t.group);
    const categoryId = await createCategory(t.group, `Duplicadas ${uid()}`);
    await expect(
      api.catalogue.inspectionTypes.save.mutate({
        name: 'Dup',
        categoryId,
        enabled: true,
        maintenanceQuestions: [{ question: 'Igual' }, { question: 'IGUAL' }],
      }),
    ).rejects.toMatchObject({
      data: {
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'maintenanceQuestions.0.question' }, { path: 'maintenanceQuestions.1.question' }],
      },
    });
    const n = await demoDb()
      .selectFrom('inspection_types')
      .select('id')
      .where('category_id', '=', categoryId)
      .execute();
    expect(n).toHaveLength(0);
  });

  it('disables rows instead of deleting them, and a name clash within a category is a 409', async () => {
    const api = trpcClient(t.group);
    const categoryId = await createCategory(t.group, `Desativar ${uid()}`);
    const saved = await api.catalogue.inspectionTypes.save.mutate({
      name: 'Tipo A',
      categoryId,
      enabled: true,
      inspectionQuestions: [{ question: 'P1' }, { question: 'P2' }],
    });
    const [p1, p2] = saved.inspectionQuestions;
    const again = await api.catalogue.inspectionTypes.save.mutate({
      id: saved.id,
      name: 'Tipo A',
      categoryId,
      enabled: true,
      inspectionQuestions: [
        { id: p2!.id, question: 'P2', enabled: false },
        { id: p1!.id, question: 'P1 editada' },
      ],
    });
    expect(again.inspectionQuestions.map((q) => [q.id, q.question, q.enabled])).toEqual([
      [p2!.id, 'P2', false],
      [p1!.id, 'P1 editada', true],
    ]);
    await createType(t.group, 'Tipo B', categoryId);
    await expect(
      api.catalogue.inspectionTypes.save.mutate({ name: 'tipo b', categoryId, enabled: true }),
    ).rejects.toMatchObject({
      data: { code: 'INSPECTION_TYPE_NAME_EXISTS', httpStatus: 409 },
    });
  });
});
