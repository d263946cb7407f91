import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tenantDb } from '../../../src/server/db/database.ts';
import { STANDARD_CATALOGUE } from '../../../src/server/domains/catalogue/standard.ts';
import { cyclePreset } from '../../../src/shared/cycles/presets.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { letters, PASSWORD, uniqueEmail } from './fixtures.ts';

/*
 * Issue 16 item 15: a new company group may start with the provider's standard catalogue (one
 * definition, STANDARD_CATALOGUE, the demo seed installs too) instead of an empty one.
 */
const payload = (extra: Record<string, unknown> = {}) => {
  const schema = letters(12);
  return {
    schema,
    email: uniqueEmail('std-cat'),
    body: {
      companyName: `Catálogo ${schema}`,
      companyGroup: schema,
      companyTagsLimit: 10,
      responsibleName: 'Resp Catálogo',
      responsiblePhone: '(11) 3333-4444',
      responsibleOccupation: 'Gerente',
      responsiblePassword: PASSWORD,
      ...extra,
    },
  };
};

/** The catalogue of a tenant as plain data: what the definition describes. */
/** The definition as the database holds it: a type's preset (issue 30) as the codes of its cycles. */
function expectedCatalogue() {
  return JSON.parse(
    JSON.stringify(
      STANDARD_CATALOGUE.map((c) => ({
        ...c,
        types: c.types.map((t) =>
          t.cycles ? { ...t, cycles: cyclePreset(t.cycles).cycles.map((x) => x.code) } : t,
        ),
      })),
    ),
  );
}

async function catalogueOf(schema: string) {
  const db = tenantDb(schema);
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name', 'enabled'])
    .orderBy('id')
    .execute();
  const out = [];
  for (const c of categories) {
    const attrs = (table: 'category_inspection_attributes' | 'category_maintenance_attributes') =>
      db
        .selectFrom(table)
        .select('name')
        .where('category_id', '=', c.id)
        .orderBy('position')
        .execute()
        .then((r) => r.map((x) => x.name));
    const types = await db
      .selectFrom('inspection_types')
      .select(['id', 'name'])
      .where('category_id', '=', c.id)
      .orderBy('id')
      .execute();
    const typeData = [];
    for (const t of types) {
      const questions = await db
        .selectFrom('inspection_questions')
        .select(['id', 'question', 'type', 'opens_service_order'])
        .where('inspection_type_id', '=', t.id)
        .orderBy('position')
        .execute();
      const qs = [];
      for (const q of questions) {
        const answers = await db
          .selectFrom('inspection_custom_answers')
          .select(['answer', 'type'])
          .where('inspection_question_id', '=', q.id)
          .orderBy('position')
          .execute();
        qs.push([q.question, q.type, ...answers.map((a) => [a.answer, a.type])]);
      }
      const maintenance = await db
        .selectFrom('maintenance_questions')
        .select(['question', 'type'])
        .where('inspection_type_id', '=', t.id)
        .orderBy('position')
        .execute();
      const attributes = await db
        .selectFrom('inspection_type_attributes')
        .select(['attribute', 'type'])
        .where('inspection_type_id', '=', t.id)
        .orderBy('position')
        .execute();
      const cycles = await db
        .selectFrom('maintenance_cycles')
        .select('code')
        .where('inspection_type_id', '=', t.id)
        .where('product_id', 'is', null)
        .orderBy('position')
        .execute();
      typeData.push({
        name: t.name,
        ...(cycles.length ? { cycles: cycles.map((x) => x.code) } : {}),
        questions: qs,
        opensServiceOrder: questions.filter((q) => q.opens_service_order).map((q) => q.question),
        maintenance: maintenance.map((m) => [m.question, m.type]),
        attributes: attributes.map((a) => [a.attribute, a.type]),
      });
    }
    out.push({
      name: c.name,
      inspection: await attrs('category_inspection_attributes'),
      maintenance: await attrs('category_maintenance_attributes'),
      types: typeData,
    });
  }
  return out;
}

async function rowCounts(schema: string) {
  const r = await sql<Record<string, number>>`select
      (select count(*)::int from ${sql.table(`cg_${schema}.categories`)}) as categories,
      (select count(*)::int from ${sql.table(`cg_${schema}.inspection_types`)}) as types,
      (select count(*)::int from ${sql.table(`cg_${schema}.inspection_questions`)}) as questions,
      (select count(*)::int from ${sql.table(`cg_${schema}.inspection_custom_answers`)}) as answers,
      (select count(*)::int from ${sql.table(`cg_${schema}.inspection_type_attributes`)}) as attributes,
      (select count(*)::int from ${sql.table(`cg_${schema}.products`)}) as products`.execute(
    tenantDb(schema),
  );
  return r.rows[0]!;
}

describe('a new company group and the standard catalogue', () => {
  it('created with the option, it has the provider’s standard catalogue (and no products)', async () => {
    const admin = await loginAs(DEMO.admin);
    const { schema, email, body } = payload({ copyStandardCatalogue: true });
    const r = await rest('POST', '/web/company-groups/', {
      token: admin,
      body: { ...body, responsibleEmail: email },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(await catalogueOf(schema)).toEqual(expectedCatalogue());
    const counts = await rowCounts(schema);
    expect(counts.products).toBe(0);
    expect(counts.categories).toBe(3);
    expect(counts.questions).toBeGreaterThan(5);

    // Its admin sees it through the API, enabled, ready to add products to.
    const token = await loginAs(email, PASSWORD);
    const cats = await rest<{ items: { name: string; enabled: boolean }[] }>('GET', '/web/categories/', {
      token,
    });
    expect(cats.json.data!.items.map((c) => [c.name, c.enabled]).sort()).toEqual([
      ['Combate a Incêndio', true],
      ['Hidrantes', true],
      ['Iluminação de Emergência', true],
    ]);
    const types = await trpcClient(token).catalogue.inspectionTypes.options.query({});
    expect(types.map((t) => t.name).sort()).toEqual([
      'Extintores',
      'Luminárias de Emergência',
      'Mangueiras de Incêndio',
    ]);
  });

  it('the demo group was seeded from the same definition', async () => {
    const demo = await catalogueOf('demo');
    // The demo tenant only grows (other files add categories): its first three are the definition.
    expect(demo.slice(0, STANDARD_CATALOGUE.length)).toEqual(expectedCatalogue());
  });

  it('created without the option (the seed’s payload, or unchecked), its catalogue is empty', async () => {
    const admin = await loginAs(DEMO.admin);
    const plain = payload();
    const r = await rest('POST', '/web/company-groups/', {
      token: admin,
      body: { ...plain.body, responsibleEmail: plain.email },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const unchecked = payload({ copyStandardCatalogue: false });
    await trpcClient(admin).organisations.companyGroups.create.mutate({
      ...unchecked.body,
      responsibleEmail: unchecked.email,
    });
    for (const schema of [plain.schema, unchecked.schema])
      expect(await rowCounts(schema)).toEqual({
        categories: 0,
        types: 0,
        questions: 0,
        answers: 0,
        attributes: 0,
        products: 0,
      });
  });

  it('a failed creation leaves no catalogue (or schema) behind', async () => {
    const admin = await loginAs(DEMO.admin);
    const { body } = payload({ copyStandardCatalogue: true });
    // The demo group admin's e-mail is taken: the whole creation is refused.
    const r = await rest('POST', '/web/company-groups/', {
      token: admin,
      body: { ...body, responsibleEmail: DEMO.groupAdmin },
    });
    expect(r.status).toBe(409);
    const schemas = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata
      where schema_name = ${`cg_${body.companyGroup}`}`.execute(tenantDb('demo'));
    expect(schemas.rows[0]!.n).toBe(0);
  });
});
