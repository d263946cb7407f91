import { type RawBuilder, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb, observeQueries, tenantDb } from '../../../src/server/db/database.ts';
import { LIST_COUNT_CAP, MANY_MATCHES_PAGE_END } from '../../../src/server/kit/list.ts';
import type { ProductDto } from '../../../src/shared/catalogue/types.ts';
import type { Page } from '../../../src/shared/list.ts';
import { loginAs, rest } from '../../helpers/api.ts';
import { otherTenant } from '../qr/helpers.ts';
import { createCategory, createType } from './helpers.ts';

/**
 * The products page for a text that matches more rows than the count's cap (issue 32, kit/list.ts
 * `manyMatches`): the count runs first and, when it is capped, the page runs a statement whose plan
 * does not depend on the text (one generic plan) instead of the one planned per call. Same rows,
 * same order, same total as the rule of seed 001 §5 — checked here against plain SQL over the
 * stored document for every sort, both directions, pages inside and past `MANY_MATCHES_PAGE_END`,
 * the filters, and a short (whole value) text. A tenant of its own, so its 3,000 products do not
 * reach other files' lists.
 */
let token: string;
let db: ReturnType<typeof tenantDb>;
let schema: string;
let categoryA: number;
let typeA: number;

/** The same sort expressions as the page (domains/catalogue/products.ts), written here again. */
const SORTS: Record<string, string> = {
  sku: 'core.search_text(p.sku)',
  name: 'core.search_text(p.name)',
  isDvExclusive: 'p.is_dv_exclusive',
  updateDate: 'p.updated_at',
  enabled: 'p.enabled',
};

beforeAll(async () => {
  const t = await otherTenant();
  token = await loginAs(t.email);
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', t.groupId)
    .executeTakeFirstOrThrow();
  db = tenantDb(g.schema_name);
  schema = g.schema_name.startsWith('cg_') ? g.schema_name : `cg_${g.schema_name}`;
  categoryA = await createCategory(token, 'Categoria A');
  typeA = await createType(token, 'Subcategoria A', categoryA);
  const categoryB = await createCategory(token, 'Categoria B');
  const typeB = await createType(token, 'Subcategoria B', categoryB);
  // 2,400 products whose name or SKU holds "plátano" in some case and accent (2 in 3 in category
  // A, 2 in 3 enabled, 1 in 7 exclusive, updated_at with ties), 1,100 named exactly "Q7" (and
  // "Q7 extra", which a two-character text must not match), and a few rare ones.
  await sql`insert into ${sql.table(`${schema}.products`)}
      (sku, name, enabled, inspection_schedule, inspection_type_id, is_dv_exclusive, updated_at)
    select case when g % 10 = 0 then 'PLATANO-' || g else 'PL-' || g end,
           case g % 4 when 0 then 'Plátano ' || g when 1 then 'PLATANO verde ' || g
                      when 2 then 'banana platano ' || g else 'Fruta ' || g end,
           g % 3 <> 0, 30, case when g % 3 = 2 then ${typeB}::int else ${typeA}::int end, g % 7 = 0,
           timestamptz '2026-01-01' + (g % 500) * interval '1 minute'
    from generate_series(1, 3200) g
    where g % 4 <> 3 or g % 10 = 0`.execute(db);
  await sql`insert into ${sql.table(`${schema}.products`)}
      (sku, name, enabled, inspection_schedule, inspection_type_id, is_dv_exclusive)
    select 'Q7-' || g, case when g % 2 = 0 then 'Q7' else 'q7' end, true, 30, ${typeA}::int, false
    from generate_series(1, 1100) g
    union all select 'Q7X', 'Q7 extra', true, 30, ${typeA}::int, false
    union all select 'RARO-' || g, 'Produto raríssimo ' || g, true, 30, ${typeA}::int, false
    from generate_series(1, 3) g`.execute(db);
  await sql`analyze ${sql.table(`${schema}.products`)}`.execute(db);
});

/** The answer of GET /web/products/ and the text of its page statement. */
async function list(params: Record<string, string | number | undefined>) {
  const seen: string[] = [];
  const stop = observeQueries((q) => seen.push(q.sql));
  try {
    const qs = new URLSearchParams(
      Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const r = await rest<Page<ProductDto>>('GET', `/web/products/?${qs}`, { token });
    expect(r.status).toBe(200);
    const page = seen.find((s) => s.includes('"products"') && !s.includes('count(*)'));
    return { data: r.json.data!, page: page ?? '' };
  } finally {
    stop();
  }
}

/** The rows seed 001 §5 gives: plain SQL over the stored document, no list kit. */
async function expected(opts: {
  pattern: string;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
  where?: RawBuilder<unknown>;
}) {
  const dir = sql.raw(opts.direction);
  const rows = await sql<{ id: number }>`select p.id from ${sql.table(`${schema}.products`)} p
      join ${sql.table(`${schema}.inspection_types`)} t on t.id = p.inspection_type_id
      where p.search like ${opts.pattern} and ${opts.where ?? sql`true`}
      order by ${sql.raw(SORTS[opts.sort]!)} ${dir}, p.id ${dir}
      limit ${opts.pageSize} offset ${opts.page * opts.pageSize}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.products`)} p
      join ${sql.table(`${schema}.inspection_types`)} t on t.id = p.inspection_type_id
      where p.search like ${opts.pattern} and ${opts.where ?? sql`true`}`.execute(db);
  return { ids: rows.rows.map((r) => r.id), matching: total.rows[0]!.n };
}

const OPAQUE = 'like (select ';

describe('products search for a text that matches more rows than the count cap', () => {
  it('answers the same rows, order and capped total for every sort and direction', async () => {
    for (const sort of Object.keys(SORTS))
      for (const direction of ['asc', 'desc'] as const)
        for (const [page, pageSize] of [
          [0, 10],
          [4, 10],
          [9, 10],
          [0, 100],
        ] as const) {
          const { data, page: text } = await list({ query: 'plátano', sort, direction, page, pageSize });
          const want = await expected({ pattern: '%platano%', sort, direction, page, pageSize });
          expect(want.matching).toBeGreaterThan(LIST_COUNT_CAP);
          expect([sort, direction, page, pageSize, data.items.map((p) => p.id)]).toEqual([
            sort,
            direction,
            page,
            pageSize,
            want.ids,
          ]);
          expect(data.total).toBe(LIST_COUNT_CAP);
          expect(data.totalCapped).toBe(true);
          // The page's text does not let Postgres see the search text (one generic plan).
          expect((page + 1) * pageSize).toBeLessThanOrEqual(MANY_MATCHES_PAGE_END);
          expect(text).toContain(OPAQUE);
        }
  });

  it('past MANY_MATCHES_PAGE_END, with a page size of 1,000, and for few matches: the page planned per call', async () => {
    for (const [page, pageSize] of [
      [10, 10],
      [50, 10],
      [0, 1000],
    ] as const) {
      const { data, page: text } = await list({ query: 'PLATANO', sort: 'name', page, pageSize });
      const want = await expected({ pattern: '%platano%', sort: 'name', direction: 'asc', page, pageSize });
      expect(data.items.map((p) => p.id)).toEqual(want.ids);
      expect([data.total, data.totalCapped]).toEqual([Math.max(LIST_COUNT_CAP, (page + 1) * pageSize), true]);
      expect(text).not.toContain(OPAQUE);
      expect(text).toContain("like '%' || core.search_text(");
    }
    const rare = await list({ query: 'raríssimo', sort: 'sku' });
    const want = await expected({
      pattern: '%rarissimo%',
      sort: 'sku',
      direction: 'asc',
      page: 0,
      pageSize: 10,
    });
    expect(rare.data.items.map((p) => p.id)).toEqual(want.ids);
    expect([rare.data.total, rare.data.totalCapped, want.ids.length]).toEqual([3, false, 3]);
    expect(rare.page).not.toContain(OPAQUE);
  });

  it('with the filters: category, subcategory and enabled, each its own count and plan choice', async () => {
    const cases = [
      { params: { categoryId: categoryA }, where: sql`t.category_id = ${categoryA}` },
      { params: { inspectionTypeId: typeA }, where: sql`p.inspection_type_id = ${typeA}` },
      { params: { enabled: 'yes' }, where: sql`p.enabled` },
      // Fewer than the cap match: the total is exact and the planned page answers.
      { params: { enabled: 'no' }, where: sql`not p.enabled` },
    ];
    for (const c of cases)
      for (const page of [0, 3]) {
        const { data, page: text } = await list({ query: 'platano', sort: 'updateDate', page, ...c.params });
        const want = await expected({
          pattern: '%platano%',
          sort: 'updateDate',
          direction: 'asc',
          page,
          pageSize: 10,
          where: c.where,
        });
        expect([c.params, page, data.items.map((p) => p.id)]).toEqual([c.params, page, want.ids]);
        const capped = want.matching > LIST_COUNT_CAP;
        expect([data.total, data.totalCapped]).toEqual([Math.min(want.matching, LIST_COUNT_CAP), capped]);
        expect(text.includes(OPAQUE)).toBe(capped);
      }
  });

  it('a text of fewer than 3 characters matches one whole field, on either page statement', async () => {
    for (const page of [0, 2, 20]) {
      const { data, page: text } = await list({ query: ' q7 ', sort: 'sku', direction: 'desc', page });
      const want = await expected({ pattern: '%|q7|%', sort: 'sku', direction: 'desc', page, pageSize: 10 });
      expect(want.matching).toBe(1100);
      expect(data.items.map((p) => p.id)).toEqual(want.ids);
      expect(data.items.every((p) => p.name.toLowerCase() === 'q7')).toBe(true);
      expect([data.total, data.totalCapped]).toEqual([Math.max(LIST_COUNT_CAP, (page + 1) * 10), true]);
      expect(text.includes(OPAQUE)).toBe((page + 1) * 10 <= MANY_MATCHES_PAGE_END);
    }
  });

  it('LIKE metacharacters stay literal on the opaque page', async () => {
    const { data, page: text } = await list({ query: 'plat%no', sort: 'sku' });
    expect([data.items, data.total]).toEqual([[], 0]);
    expect(text).not.toContain(OPAQUE);
    // …and the opaque text escapes them too: a common text with `_` in it matches nothing here.
    await db
      .insertInto('products')
      .values(
        Array.from({ length: LIST_COUNT_CAP + 1 }, (_, i) => ({
          sku: `US-${i}`,
          name: `under_score ${i}`,
          enabled: true,
          inspection_schedule: 30,
          inspection_type_id: typeA,
        })),
      )
      .execute();
    const literal = await list({ query: 'under_score', sort: 'sku' });
    expect([literal.data.total, literal.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
    expect(literal.page).toContain(OPAQUE);
    expect(literal.data.items.every((p) => p.name.startsWith('under_score '))).toBe(true);
    const wildcard = await list({ query: 'under_scor_', sort: 'sku' });
    expect([wildcard.data.items, wildcard.data.total]).toEqual([[], 0]);
  });
});
