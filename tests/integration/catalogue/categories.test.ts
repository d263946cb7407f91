import { beforeAll, describe, expect, it } from 'vitest';
import type { CategoryAttributeDto, CategoryDto } from '../../../src/shared/catalogue/types.ts';
import type { Page } from '../../../src/shared/list.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { createCategory, demoDb, tokens, uid } from './helpers.ts';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  t = await tokens();
});

describe('catalogue access', () => {
  // Only the product image is readable by operators (tags and replacement requests show it).
  it('refuses operators on every catalogue call, REST and tRPC, with 403', async () => {
    for (const [method, path] of [
      ['GET', '/web/categories/'],
      ['POST', '/web/categories/'],
      ['GET', '/web/inspection-types/'],
      ['GET', '/web/products/'],
      ['PUT', '/web/products/1/image/'],
      ['GET', '/web/inspection-custom-answer/1'],
    ] as const) {
      const r = await rest(method, path, {
        token: t.operator,
        body: method === 'POST' ? { name: 'x' } : undefined,
      });
      expect(r.status, path).toBe(403);
      expect(r.json.error?.code).toBe('FORBIDDEN');
    }
    await expect(trpcClient(t.operator).catalogue.categories.list.query({})).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    await expect(
      trpcClient(t.operator).catalogue.products.save.mutate({ product: {} as never }),
    ).rejects.toMatchObject({ data: { httpStatus: 403 } });
  });

  it('answers 401 without a session', async () => {
    const r = await rest('GET', '/web/categories/');
    expect(r.status).toBe(401);
  });

  it('lets all three admin roles manage the group catalogue', async () => {
    for (const token of [t.admin, t.group, t.company]) {
      const id = await createCategory(token, `Acesso ${uid()}`);
      const r = await rest<CategoryDto>('GET', `/web/categories/${id}/`, { token });
      expect(r.status).toBe(200);
    }
  });
});

describe('categories', () => {
  it('creates disabled by default, updates, and lists with search, filter and sort', async () => {
    const tag = uid();
    const created = await rest<number>('POST', '/web/categories/', {
      token: t.group,
      body: { name: `Sinalização Fotoluminescente ${tag}` },
    });
    expect(created.status).toBe(201);
    const id = created.json.data!;
    const row = await demoDb()
      .selectFrom('categories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(false);

    const upd = await rest<CategoryDto>('PUT', `/web/categories/${id}/`, {
      token: t.group,
      body: { name: `Sinalização Fotoluminescente ${tag}`, enabled: true },
    });
    expect(upd.status).toBe(200);
    expect(upd.json.data).toMatchObject({ id, enabled: true });

    // Accent- and case-insensitive substring from 3 characters.
    const found = await rest<Page<CategoryDto>>(
      'GET',
      `/web/categories/?query=${encodeURIComponent(`SINALIZACAO FOTO`)}&pageSize=100`,
      { token: t.group },
    );
    expect(found.json.data!.items.map((c) => c.id)).toContain(id);
    const byTag = await rest<Page<CategoryDto>>('GET', `/web/categories/?query=${tag}`, { token: t.group });
    expect(byTag.json.data!.items.map((c) => c.id)).toEqual([id]);
    expect(byTag.json.data!.total).toBe(1);
    const disabledOnly = await rest<Page<CategoryDto>>('GET', `/web/categories/?query=${tag}&enabled=false`, {
      token: t.group,
    });
    expect(disabledOnly.json.data!.total).toBe(0);
  });

  it('matches fewer than 3 characters exactly', async () => {
    const id = await createCategory(t.group, 'Zé');
    const exact = await rest<Page<CategoryDto>>('GET', '/web/categories/?query=ze', { token: t.group });
    expect(exact.json.data!.items.map((c) => c.id)).toEqual([id]);
    // 'om' is in 'Combate a Incêndio' but is too short for a substring match.
    const short = await rest<Page<CategoryDto>>('GET', '/web/categories/?query=om', { token: t.group });
    expect(short.json.data!.total).toBe(0);
  });

  it('sorts and pages in SQL', async () => {
    const tag = uid();
    for (const n of ['Bravo', 'alfa', 'Charlie']) await createCategory(t.group, `${tag} ${n}`);
    const asc = await rest<Page<CategoryDto>>(
      'GET',
      `/web/categories/?query=${tag}&sort=name&direction=asc`,
      { token: t.group },
    );
    expect(asc.json.data!.items.map((c) => c.name)).toEqual([
      `${tag} alfa`,
      `${tag} Bravo`,
      `${tag} Charlie`,
    ]);
    const desc = await trpcClient(t.group).catalogue.categories.list.query({
      query: tag,
      sort: 'name',
      direction: 'desc',
      pageSize: 10,
      page: 0,
    });
    expect(desc.items.map((c) => c.name)).toEqual([`${tag} Charlie`, `${tag} Bravo`, `${tag} alfa`]);
    const bad = await rest('GET', '/web/categories/?pageSize=7', { token: t.group });
    expect(bad.status).toBe(400);
  });

  it('refuses a duplicate name (accent- and case-insensitive) with 409 CATEGORY_NAME_EXISTS', async () => {
    const name = `Detecção ${uid()}`;
    await createCategory(t.group, name);
    const r = await rest('POST', '/web/categories/', {
      token: t.group,
      body: { name: name.toUpperCase().replace('ÇÃ', 'CA') },
    });
    expect(r.status).toBe(409);
    expect(r.json.error?.code).toBe('CATEGORY_NAME_EXISTS');
  });

  it('requires a name', async () => {
    const r = await rest('POST', '/web/categories/', { token: t.group, body: { name: '   ' } });
    expect(r.status).toBe(400);
    expect(r.json.error?.issues?.[0]?.path).toBe('name');
  });

  it('saves attribute lists: inserts, updates, never deletes, and keeps them distinct and filled', async () => {
    const id = await createCategory(t.group, `Atributos ${uid()}`);
    const path = `/web/categories/${id}/inspection-attributes/`;
    const first = await rest<CategoryAttributeDto[]>('PUT', path, {
      token: t.group,
      body: [{ name: 'Andar' }, { name: 'Setor' }],
    });
    expect(first.status).toBe(200);
    expect(first.json.data!.map((a) => [a.name, a.enabled])).toEqual([
      ['Andar', true],
      ['Setor', true],
    ]);
    const [andar, setor] = first.json.data!;
    // Setor is left out: it stays (rows with an id are never deleted). Andar is disabled.
    const second = await rest<CategoryAttributeDto[]>('PUT', path, {
      token: t.group,
      body: [{ id: andar!.id, name: 'Andar', enabled: false }, { name: 'Bloco' }],
    });
    expect(second.status).toBe(200);
    expect(second.json.data!.map((a) => [a.name, a.enabled])).toEqual([
      ['Andar', false],
      ['Bloco', true],
      ['Setor', true],
    ]);
    expect(second.json.data!.find((a) => a.name === 'Setor')!.id).toBe(setor!.id);

    const dup = await rest('PUT', path, { token: t.group, body: [{ name: 'Térreo' }, { name: 'terreo ' }] });
    expect(dup.status).toBe(400);
    expect(dup.json.error?.code).toBe('VALIDATION_FAILED');
    expect(dup.json.error?.issues).toEqual([
      { path: '0.name', message: 'DUPLICATE' },
      { path: '1.name', message: 'DUPLICATE' },
    ]);
    const empty = await rest('PUT', path, { token: t.group, body: [{ name: '' }] });
    expect(empty.json.error?.issues).toEqual([{ path: '0.name', message: 'EMPTY' }]);
    // A new row equal to a stored row that was left out of the payload.
    const clash = await rest('PUT', path, { token: t.group, body: [{ name: 'SETOR' }] });
    expect(clash.status).toBe(400);
    expect(clash.json.error?.code).toBe('CATALOGUE_LIST_INVALID');
    expect(clash.json.error?.issues).toEqual([{ path: 'inspectionAttributes.0.name', message: 'DUPLICATE' }]);
    const foreign = await rest('PUT', `/web/categories/${id}/maintenance-attributes/`, {
      token: t.group,
      body: [{ id: andar!.id, name: 'X' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error?.code).toBe('CATALOGUE_LIST_INVALID');

    const count = await demoDb()
      .selectFrom('category_inspection_attributes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
    const maint = await rest<CategoryAttributeDto[]>('GET', `/web/categories/${id}/maintenance-attributes/`, {
      token: t.group,
    });
    expect(maint.json.data).toEqual([]);
  });

  it('saves fields and both lists at once over tRPC, all or nothing', async () => {
    const api = trpcClient(t.company);
    const name = `Tudo ${uid()}`;
    const saved = await api.catalogue.categories.save.mutate({
      name,
      enabled: true,
      inspectionAttributes: [{ name: 'A' }],
      maintenanceAttributes: [{ name: 'B' }],
    });
    expect(saved).toMatchObject({ name, enabled: true });
    // A duplicate in the second list must roll back the rename done first.
    await expect(
      api.catalogue.categories.save.mutate({
        id: saved.id,
        name: `${name} renomeada`,
        enabled: true,
        inspectionAttributes: [{ name: 'C' }],
        maintenanceAttributes: [{ name: 'b' }],
      }),
    ).rejects.toMatchObject({ data: { code: 'CATALOGUE_LIST_INVALID' } });
    const row = await demoDb()
      .selectFrom('categories')
      .select('name')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(name);
    const attrs = await api.catalogue.categories.attributes.query({ id: saved.id, kind: 'inspection' });
    expect(attrs.map((a) => a.name)).toEqual(['A']);
  });

  it('answers 404 for an unknown category', async () => {
    const r = await rest('GET', '/web/categories/99999999/', { token: t.group });
    expect(r.status).toBe(404);
  });
});

describe('demo catalogue seed', () => {
  it('has the fire-fighting category with the extinguishers subcategory and its DATE attributes', async () => {
    const cat = await demoDb()
      .selectFrom('categories')
      .selectAll()
      .where('name', '=', 'Combate a Incêndio')
      .executeTakeFirstOrThrow();
    const type = await demoDb()
      .selectFrom('inspection_types')
      .selectAll()
      .where('name', '=', 'Extintores')
      .where('category_id', '=', cat.id)
      .executeTakeFirstOrThrow();
    const attrs = await demoDb()
      .selectFrom('inspection_type_attributes')
      .select(['attribute', 'type'])
      .where('inspection_type_id', '=', type.id)
      .execute();
    expect(attrs).toEqual(
      expect.arrayContaining([
        { attribute: 'Data de fabricação', type: 'DATE' },
        { attribute: 'Data de recarga', type: 'DATE' },
        { attribute: 'Data da última pesagem', type: 'DATE' },
      ]),
    );
    const names = (await demoDb().selectFrom('categories').select('name').execute()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Iluminação de Emergência', 'Hidrantes']));
    const custom = await demoDb()
      .selectFrom('inspection_custom_answers as a')
      .innerJoin('inspection_questions as q', 'q.id', 'a.inspection_question_id')
      .select(['a.answer', 'a.type'])
      .where('q.inspection_type_id', '=', type.id)
      .execute();
    expect(custom.length).toBeGreaterThanOrEqual(3);
    const products = await demoDb()
      .selectFrom('products')
      .select(['id', 'image_key'])
      .where('inspection_type_id', '=', type.id)
      .execute();
    expect(products.length).toBeGreaterThanOrEqual(3);
    expect(products.every((p) => p.image_key)).toBe(true);
  });
});
