import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CategoryDto,
  InspectionTypeDto,
  OptionDto,
  ProductDto,
} from '../../../src/shared/catalogue/types.ts';
import type { Page } from '../../../src/shared/list.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { createCategory, createType, productBody, tokens, uid } from './helpers.ts';

/**
 * A page past the end still says how many rows match (the total comes from its own count, not
 * from the rows of the page), with no items. Rows are tagged so other files' data does not count.
 */
let t: Awaited<ReturnType<typeof tokens>>;
const tag = `Fim${uid()}`;
beforeAll(async () => {
  t = await tokens();
  const categoryId = await createCategory(t.group, `${tag} Categoria A`);
  await createCategory(t.group, `${tag} Categoria B`);
  await createCategory(t.group, `${tag} Categoria C`);
  const typeId = await createType(t.group, `${tag} Subcategoria`, categoryId);
  for (const n of ['1', '2']) {
    const r = await rest('POST', '/web/products/', {
      token: t.group,
      body: productBody(categoryId, typeId, { name: `${tag} Produto ${n}`, sku: `${tag}-${n}` }),
    });
    expect(r.status).toBe(201);
  }
});

describe('a page past the last one', () => {
  it('GET /web/categories/?page=99 answers the true total with empty items', async () => {
    const r = await rest<Page<CategoryDto>>('GET', `/web/categories/?query=${tag}&page=99`, {
      token: t.group,
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ items: [], total: 3, page: 99, pageSize: 10, totalCapped: false });
    // Unfiltered: whatever the number of categories, page 99 of 10 is past it, and the total is not 0.
    const all = await rest<Page<CategoryDto>>('GET', '/web/categories/?page=99', { token: t.group });
    expect(all.json.data!.items).toEqual([]);
    expect(all.json.data!.total).toBeGreaterThanOrEqual(3);
  });

  it('GET /web/products/?page=99 (and the seed’s size alias) answers the true total with empty items', async () => {
    const r = await rest<Page<ProductDto>>('GET', `/web/products/?query=${tag}&page=99&size=10`, {
      token: t.group,
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ items: [], total: 2, page: 99, pageSize: 10, totalCapped: false });
    const first = await rest<Page<ProductDto>>('GET', `/web/products/?query=${tag}`, { token: t.group });
    expect(first.json.data!.items.map((p) => p.name)).toEqual([`${tag} Produto 1`, `${tag} Produto 2`]);
    expect(first.json.data!.total).toBe(2);
  });

  it('the subcategories list and tRPC give the same totals past the end', async () => {
    const r = await rest<Page<InspectionTypeDto>>('GET', `/web/inspection-types/?query=${tag}&page=5`, {
      token: t.group,
    });
    expect(r.json.data).toEqual({ items: [], total: 1, page: 5, pageSize: 10, totalCapped: false });
    const api = trpcClient(t.company);
    const categories = await api.catalogue.categories.list.query({ query: tag, page: 99 });
    expect([categories.items, categories.total]).toEqual([[], 3]);
    const products = await api.catalogue.products.list.query({ query: tag, page: 1, pageSize: 10 });
    expect([products.items, products.total]).toEqual([[], 2]);
  });
});

describe('select options', () => {
  it('GET /web/categories/options/ answers every category (the path is not taken for an id)', async () => {
    const r = await rest<OptionDto[]>('GET', '/web/categories/options/', { token: t.company });
    expect(r.status).toBe(200);
    const ours = r.json.data!.filter((o) => o.name.startsWith(tag));
    expect(ours.map((o) => o.name)).toEqual([
      `${tag} Categoria A`,
      `${tag} Categoria B`,
      `${tag} Categoria C`,
    ]);
    expect(Object.keys(ours[0]!).sort()).toEqual(['enabled', 'id', 'name']);
  });
});
