import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as coreMigration from '../../../migrations/core/0010_search_text_compatibility.ts';
import * as tenantMigration from '../../../migrations/tenant/0010_search_text_compatibility.ts';
import { baseDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import type { Page } from '../../../src/shared/list.ts';
import { normalizeSearch } from '../../../src/shared/text.ts';
import { rest, testApp } from '../../helpers/api.ts';
import { createTag, equipmentSetup, register, uid } from '../equipment/helpers.ts';
import { createCategory } from './helpers.ts';

/**
 * Issue 26 item 18: the accent-insensitive search folds compatibility characters — "Extintor CO₂"
 * is found by `co2`, `CO2` and `co₂` — on the stored side (generated search documents, the
 * equipment's document, indexes) and on the query side, and migration 0010 rebuilds what older
 * rows stored with the old `core.search_text`.
 */
describe('search folds compatibility characters (CO₂ → co2)', () => {
  testApp();

  it('products and equipment named "Extintor CO₂" are found by co2, CO2 and co₂ on both doors', async () => {
    const { t, demo, c } = await equipmentSetup();
    const tag = uid();
    const name = `Extintor CO₂ ${tag}`;
    const created = await rest<number>('POST', '/web/products/', {
      token: t.group,
      body: {
        sku: `CO2-${tag}`,
        name,
        enabled: true,
        inspectionSchedule: 30,
        daysNotificationNextInspectionDate: 5,
        categoryId: c.categoryId,
        inspectionTypeId: c.typeId,
      },
    });
    expect(created.status).toBe(201);
    const productId = created.json.data!;
    const equipmentId = await register(t.company, { tagSerialNumber: await createTag(demo), productId });

    for (const q of [`co2 ${tag}`, `CO2 ${tag}`, `co₂ ${tag}`, `Co₂ ${tag}`]) {
      const products = await rest<Page<{ id: number; name: string }>>(
        'GET',
        `/web/products/?query=${encodeURIComponent(q)}`,
        { token: t.group },
      );
      expect(products.status).toBe(200);
      expect(
        products.json.data!.items.map((p) => p.name),
        q,
      ).toEqual([name]);
      const equipment = await rest<Page<{ id: number }>>(
        'GET',
        `/web/equipments/?query=${encodeURIComponent(q)}`,
        { token: t.group },
      );
      expect(equipment.status).toBe(200);
      expect(
        equipment.json.data!.items.map((e) => e.id),
        q,
      ).toEqual([equipmentId]);
    }
    const trpc = await testApp().request(
      `/trpc/catalogue.products.list?input=${encodeURIComponent(JSON.stringify({ json: { query: `co2 ${tag}` } }))}`,
      { headers: { Authorization: `Bearer ${t.group}` } },
    );
    const body = (await trpc.json()) as { result: { data: { json: { items: { name: string }[] } } } };
    expect(body.result.data.json.items.map((p) => p.name)).toEqual([name]);
    // The client's own folding (local lists, sort keys) agrees.
    expect(normalizeSearch(name)).toBe(`extintor co2 ${tag}`);
    expect(normalizeSearch('ﬁltro ㎏ Água')).toBe('filtro kg agua');
  });

  it('migration 0010 rebuilds what the old core.search_text stored (documents, equipment columns, indexes)', async () => {
    const { t, demo, c } = await equipmentSetup();
    const tag = uid();
    const categoryId = await createCategory(t.group, `Categoria CO₂ ${tag}`);
    const created = await rest<number>('POST', '/web/products/', {
      token: t.group,
      body: {
        sku: `M-${tag}`,
        name: `Extintor CO₂ ${tag}`,
        enabled: true,
        inspectionSchedule: 30,
        daysNotificationNextInspectionDate: 5,
        categoryId: c.categoryId,
        inspectionTypeId: c.typeId,
      },
    });
    expect(created.status).toBe(201);
    const productId = created.json.data!;
    const equipmentId = await register(t.company, { tagSerialNumber: await createTag(demo), productId });
    const schema = tenantSchemaName('demo');
    const s = sql.id(schema);

    // All of it in one transaction that is rolled back: the other test files never see the old
    // function.
    const rollback = new Error('rollback');
    const seen = await baseDb()
      .transaction()
      .execute(async (trx) => {
        const state = async () => {
          const p = await sql<{
            search: string;
          }>`select search from ${s}.products where id = ${productId}`.execute(trx);
          const e = await sql<{ search: string; product_sort: string }>`
            select search, product_sort from ${s}.equipment where id = ${equipmentId}`.execute(trx);
          await sql`set local enable_seqscan = off`.execute(trx);
          const viaIndex = await sql<{ id: number }>`select id from ${s}.categories
            where core.search_text(name) like ${`%co2 ${tag}%`}`.execute(trx);
          await sql`set local enable_seqscan = on`.execute(trx);
          return {
            product: p.rows[0]!.search,
            equipment: e.rows[0]!.search,
            productSort: e.rows[0]!.product_sort,
            categoryByIndex: viaIndex.rows.map((r) => Number(r.id)),
          };
        };
        // What a database migrated before 0010 holds: everything computed by the old definition.
        await sql`create or replace function core.search_text(text) returns text
          language sql immutable parallel safe strict
          as $$ select lower(core.immutable_unaccent($1)) $$`.execute(trx);
        await sql`update ${s}.products set name = name where id = ${productId}`.execute(trx);
        await sql`update ${s}.equipment set product_sort = core.search_text('Extintor CO₂ ' || ${tag}::text),
          search = replace(search, ${`co2 ${tag}`}, ${`co₂ ${tag}`}) where id = ${equipmentId}`.execute(trx);
        await sql`reindex index ${sql.id(schema, 'categories_name_search_idx')}`.execute(trx);
        const before = await state();

        await coreMigration.up(trx);
        await tenantMigration.up(trx, schema);
        const after = await state();
        throw Object.assign(rollback, { seen: { before, after } });
      })
      .catch((err: Error & { seen?: unknown }) => {
        if (err !== rollback) throw err;
        return err.seen as {
          before: { product: string; equipment: string; productSort: string; categoryByIndex: number[] };
          after: { product: string; equipment: string; productSort: string; categoryByIndex: number[] };
        };
      });

    console.log(`search rebuild: ${JSON.stringify(seen)}`);
    expect(seen.before.product).toContain(`co₂ ${tag}`);
    expect(seen.before.equipment).toContain(`co₂ ${tag}`);
    expect(seen.before.productSort).toBe(`extintor co₂ ${tag}`);
    expect(seen.before.categoryByIndex).toEqual([]);
    expect(seen.after.product).toBe(`|m-${tag}|extintor co2 ${tag}|`);
    expect(seen.after.equipment).toContain(`|extintor co2 ${tag}|`);
    expect(seen.after.productSort).toBe(`extintor co2 ${tag}`);
    expect(seen.after.categoryByIndex).toEqual([categoryId]);
  });
});
