import { beforeAll, describe, expect, it } from 'vitest';
import type { MaintenancePartDto, ProductDto } from '../../../src/shared/catalogue/types.ts';
import type { Page } from '../../../src/shared/list.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { createCategory, createType, demoDb, productBody, tokens, uid } from './helpers.ts';

let t: Awaited<ReturnType<typeof tokens>>;
let categoryId: number;
let typeId: number;
beforeAll(async () => {
  t = await tokens();
  categoryId = await createCategory(t.group, `Produtos ${uid()}`);
  typeId = await createType(t.group, 'Cilindros', categoryId);
});

async function create(token: string, over: Record<string, unknown> = {}) {
  const r = await rest<number>('POST', '/web/products/', {
    token,
    body: productBody(categoryId, typeId, over),
  });
  if (r.status !== 201) throw new Error(`product: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

describe('products', () => {
  it('creates with every field, reads it back, and applies the due-date rule', async () => {
    const sku = `EXT-${uid()}`;
    const id = await create(t.group, {
      sku,
      name: 'Extintor Espuma Mecânica 9 L',
      shortDescription: 'Classe A e B',
      isDueDate: true,
      daysNotificationDueDate: 20,
      inspectionSchedule: 90,
      manufacturingNumber: 'MF-1',
      manufacturer: 'Kidde',
      retestDate: '2027-01-31',
    });
    const r = await rest<ProductDto>('GET', `/web/products/${id}/`, { token: t.group });
    expect(r.json.data).toMatchObject({
      sku,
      name: 'Extintor Espuma Mecânica 9 L',
      isDueDate: true,
      daysNotificationDueDate: 20,
      daysNotificationNextInspectionDate: 5,
      inspectionSchedule: 90,
      categoryId,
      inspectionTypeId: typeId,
      isDvExclusive: false,
      retestDate: '2027-01-31',
      image: null,
      readOnly: false,
    });
    // Without an expiration date the days-before-due-date are dropped.
    const upd = await rest<ProductDto>('PUT', `/web/products/${id}/`, {
      token: t.group,
      body: productBody(categoryId, typeId, { sku, isDueDate: false, daysNotificationDueDate: 9 }),
    });
    expect(upd.status).toBe(200);
    expect(upd.json.data!.daysNotificationDueDate).toBeNull();
  });

  it('validates required fields, periodicity choices and non-negative days', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ isDueDate: true }, 'daysNotificationDueDate'],
      [{ inspectionSchedule: 45 }, 'inspectionSchedule'],
      [{ daysNotificationNextInspectionDate: -1 }, 'daysNotificationNextInspectionDate'],
      [{ daysNotificationNextInspectionDate: undefined }, 'daysNotificationNextInspectionDate'],
      [{ sku: '' }, 'sku'],
      [{ name: '  ' }, 'name'],
    ];
    for (const [over, path] of cases) {
      const r = await rest('POST', '/web/products/', {
        token: t.group,
        body: productBody(categoryId, typeId, over),
      });
      expect(r.status, path).toBe(400);
      expect(r.json.error?.issues?.map((i) => i.path)).toContain(path);
    }
  });

  it('refuses a subcategory of another category, a disabled subcategory and a duplicate SKU', async () => {
    const otherCategory = await createCategory(t.group, `Outra ${uid()}`);
    const mismatch = await rest('POST', '/web/products/', {
      token: t.group,
      body: productBody(otherCategory, typeId),
    });
    expect(mismatch.json.error?.code).toBe('PRODUCT_CATEGORY_MISMATCH');
    const disabledType = await createType(t.group, `Desabilitado ${uid()}`, categoryId, false);
    const disabled = await rest('POST', '/web/products/', {
      token: t.group,
      body: productBody(categoryId, disabledType),
    });
    expect(disabled.json.error?.code).toBe('INSPECTION_TYPE_DISABLED');
    const sku = `DUP-${uid()}`;
    await create(t.group, { sku });
    const dup = await rest('POST', '/web/products/', {
      token: t.group,
      body: productBody(categoryId, typeId, { sku: sku.toLowerCase() }),
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error?.code).toBe('PRODUCT_SKU_EXISTS');
  });

  it('searches SKU or name without accents, and filters by category and subcategory', async () => {
    const tag = uid();
    const id = await create(t.group, { name: `Hidrante Açu ${tag}`, sku: `HID-${tag}` });
    const byName = await rest<Page<ProductDto>>(
      'GET',
      `/web/products/?query=${encodeURIComponent(`acu ${tag}`)}`,
      { token: t.group },
    );
    expect(byName.json.data!.items.map((p) => p.id)).toEqual([id]);
    const bySku = await rest<Page<ProductDto>>(
      'GET',
      `/web/products/?query=hid-${tag}&categoryId=${categoryId}&inspectionTypeId=${typeId}`,
      { token: t.group },
    );
    expect(bySku.json.data!.items.map((p) => p.id)).toEqual([id]);
    const otherType = await rest<Page<ProductDto>>(
      'GET',
      `/web/products/?query=hid-${tag}&inspectionTypeId=999999`,
      { token: t.group },
    );
    expect(otherType.json.data!.total).toBe(0);
    const sorted = await trpcClient(t.group).catalogue.products.list.query({
      categoryId,
      sort: 'sku',
      direction: 'desc',
      pageSize: 100,
    });
    const skus = sorted.items.map((p) => p.sku);
    expect(sorted.total).toBe(skus.length);
    expect(skus.length).toBeGreaterThan(1);
  });

  it('saves maintenance parts (disable, never delete; distinct names) and saves product + parts at once', async () => {
    const id = await create(t.group);
    const parts = await rest<MaintenancePartDto[]>('PUT', `/web/products/${id}/maintenance-parts/`, {
      token: t.group,
      body: [{ name: 'Gatilho' }, { name: 'Pó', unit: 'KILOGRAMS' }],
    });
    expect(parts.json.data!.map((p) => [p.name, p.unit, p.enabled])).toEqual([
      ['Gatilho', 'NA', true],
      ['Pó', 'KILOGRAMS', true],
    ]);
    const again = await rest<MaintenancePartDto[]>('PUT', `/web/products/${id}/maintenance-parts/`, {
      token: t.group,
      body: parts.json.data!.map((p) => ({ ...p, enabled: p.name !== 'Gatilho' })),
    });
    expect(again.json.data!.map((p) => p.enabled)).toEqual([false, true]);
    const dup = await rest('PUT', `/web/products/${id}/maintenance-parts/`, {
      token: t.group,
      body: [{ name: 'po' }],
    });
    expect(dup.json.error?.code).toBe('CATALOGUE_LIST_INVALID');
    const badUnit = await rest('PUT', `/web/products/${id}/maintenance-parts/`, {
      token: t.group,
      body: [{ name: 'x', unit: 'GALLONS' }],
    });
    expect(badUnit.status).toBe(400);

    const api = trpcClient(t.company);
    const saved = await api.catalogue.products.save.mutate({
      product: productBody(categoryId, typeId, { name: 'Produto com peças' }) as never,
      maintenanceParts: [{ name: 'Mangueira', unit: 'METRES' }],
    });
    expect(await api.catalogue.products.maintenanceParts.query({ id: saved.id })).toMatchObject([
      { name: 'Mangueira', unit: 'METRES', enabled: true },
    ]);
    // A bad part list rolls back the product change too.
    await expect(
      api.catalogue.products.save.mutate({
        id: saved.id,
        product: productBody(categoryId, typeId, { sku: 'ROLLBACK', name: 'Outro nome' }) as never,
        maintenanceParts: [{ name: 'mangueira' }],
      }),
    ).rejects.toMatchObject({ data: { code: 'CATALOGUE_LIST_INVALID' } });
    const row = await demoDb()
      .selectFrom('products')
      .select(['name', 'sku'])
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Produto com peças');
  });
});

describe('provider-exclusive products', () => {
  it('only the provider admin sets the flag', async () => {
    for (const token of [t.group, t.company]) {
      const r = await rest('POST', '/web/products/', {
        token,
        body: productBody(categoryId, typeId, { isDvExclusive: true }),
      });
      expect(r.status).toBe(403);
      expect(r.json.error?.code).toBe('PRODUCT_EXCLUSIVE_FORBIDDEN');
    }
    const id = await create(t.admin, { isDvExclusive: true });
    const row = await demoDb()
      .selectFrom('products')
      .select('is_dv_exclusive')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.is_dv_exclusive).toBe(true);
  });

  it('is read-only for other roles: listed with readOnly, every edit refused with 403', async () => {
    const sku = `EXC-${uid()}`;
    const id = await create(t.admin, { isDvExclusive: true, sku });
    const seen = await rest<Page<ProductDto>>('GET', `/web/products/?query=${sku}`, { token: t.group });
    expect(seen.json.data!.items[0]).toMatchObject({ id, isDvExclusive: true, readOnly: true });
    const asAdmin = await rest<ProductDto>('GET', `/web/products/${id}/`, { token: t.admin });
    expect(asAdmin.json.data!.readOnly).toBe(false);

    const put = await rest('PUT', `/web/products/${id}/`, {
      token: t.company,
      body: productBody(categoryId, typeId, { sku, name: 'Tentativa' }),
    });
    expect(put.status).toBe(403);
    expect(put.json.error?.code).toBe('PRODUCT_EXCLUSIVE_READ_ONLY');
    const parts = await rest('PUT', `/web/products/${id}/maintenance-parts/`, {
      token: t.group,
      body: [{ name: 'x' }],
    });
    expect(parts.json.error?.code).toBe('PRODUCT_EXCLUSIVE_READ_ONLY');
    await expect(
      trpcClient(t.group).catalogue.products.save.mutate({
        id,
        product: productBody(categoryId, typeId, { sku }) as never,
      }),
    ).rejects.toMatchObject({ data: { code: 'PRODUCT_EXCLUSIVE_READ_ONLY', httpStatus: 403 } });
    const row = await demoDb()
      .selectFrom('products')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Tentativa');

    // The provider admin may edit it and clear the flag; a non-provider cannot set it back.
    const ok = await rest<ProductDto>('PUT', `/web/products/${id}/`, {
      token: t.admin,
      body: productBody(categoryId, typeId, { sku, isDvExclusive: false }),
    });
    expect(ok.json.data!.isDvExclusive).toBe(false);
    const setBack = await rest('PUT', `/web/products/${id}/`, {
      token: t.group,
      body: productBody(categoryId, typeId, { sku, isDvExclusive: true }),
    });
    expect(setBack.json.error?.code).toBe('PRODUCT_EXCLUSIVE_FORBIDDEN');
  });
});
