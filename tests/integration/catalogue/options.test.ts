import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';

/**
 * The reports' catalogue selects (issue 13): every tenant role reads the names of categories,
 * subcategories and a subcategory's products; the registrations themselves stay the admins'.
 */
describe('catalogue options for the report filters', () => {
  it('an operator reads the cascade, but not the product registrations', async () => {
    const token = await loginAs(DEMO.operator);
    const categories = await rest<{ id: number; name: string; enabled: boolean }[]>(
      'GET',
      '/web/categories/options/',
      { token },
    );
    expect(categories.status).toBe(200);
    const fire = categories.json.data!.find((c) => c.name === 'Combate a Incêndio');
    expect(fire).toBeDefined();
    const types = await rest<{ id: number; name: string }[]>(
      'GET',
      `/web/inspection-types/options/?categoryId=${fire!.id}`,
      {
        token,
      },
    );
    const extinguishers = types.json.data?.find((t) => t.name === 'Extintores');
    expect(extinguishers).toBeDefined();
    const products = await rest<{ id: number; name: string; sku: string; enabled: boolean }[]>(
      'GET',
      `/web/products/options/?inspectionTypeId=${extinguishers!.id}`,
      { token },
    );
    expect(products.status).toBe(200);
    expect(products.json.data!.length).toBeGreaterThan(0);
    expect(Object.keys(products.json.data![0]!).sort()).toEqual(['enabled', 'id', 'name', 'sku']);
    // The registrations stay admin-only.
    expect((await rest('GET', '/web/products/', { token })).status).toBe(403);
  });

  it('a subcategory is required and another tenant sees only its own products', async () => {
    const token = await loginAs(DEMO.operator);
    const missing = await rest('GET', '/web/products/options/', { token });
    expect(missing.status).toBe(400);
    const none = await rest<unknown[]>('GET', '/web/products/options/?inspectionTypeId=2147483647', {
      token,
    });
    expect([none.status, none.json.data]).toEqual([200, []]);
  });
});
