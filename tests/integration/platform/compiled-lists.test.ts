import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb, observeQueries, tenantDb } from '../../../src/server/db/database.ts';
import { compiledList, pageStatements, triStateIs } from '../../../src/server/kit/list.ts';
import type { TriState } from '../../../src/shared/list.ts';
import { otherTenant } from '../qr/helpers.ts';

/**
 * Lists compiled once per shape (issue 32, kit/list.ts `compiledList`): the SQL text is cached per
 * tenant and shape, the values are filled per call. A call must answer its own values' rows, two
 * shapes must never share a text, and two tenants never (each text names its schema).
 */
interface Input {
  page: number;
  pageSize: number;
  sort: string;
  direction: 'asc' | 'desc';
  query?: string;
  prefix?: string;
  minId?: number;
  enabled: TriState;
}

// The categories whose name starts with `prefix` (a parameter), from id `minId` (a parameter),
// by the enabled yes/no/all filter (the shape), searched by name.
const categoriesPage = compiledList<Input, { id: number; name: string; enabled: boolean }>(
  ['prefix', 'minId'],
  (db, input) =>
    pageStatements(
      db
        .selectFrom('categories as c')
        .where(triStateIs(sql.ref('c.enabled'), input.enabled))
        .$if(!!input.prefix, (q) => q.where(sql<boolean>`c.name like ${input.prefix} || '%'`))
        .$if(input.minId !== undefined, (q) => q.where('c.id', '>=', input.minId!)),
      input,
      {
        search: [sql.ref('c.name')],
        sorts: { name: sql.ref('c.name'), id: sql.ref('c.id') },
        tiebreak: sql.ref('c.id'),
        select: (q) => q.select(['c.id', 'c.name', 'c.enabled']),
      },
    ),
);

const base: Input = { page: 0, pageSize: 10, sort: 'name', direction: 'asc', enabled: 'all' };
const demo = () => tenantDb('demo');
let other: ReturnType<typeof tenantDb>;
let otherSchema: string;
let a: string;
let b: string;

async function addCategories(db: ReturnType<typeof tenantDb>, names: [string, boolean][]) {
  return db
    .insertInto('categories')
    .values(names.map(([name, enabled]) => ({ name, enabled })))
    .returning(['id', 'name'])
    .execute();
}

/** The call's answer and the texts/values of its statements. */
async function run(db: ReturnType<typeof tenantDb>, input: Input) {
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const stop = observeQueries((q) => seen.push(q));
  try {
    const page = await categoriesPage(db, input);
    return {
      page,
      names: page.items.map((r) => r.name),
      page0: seen.find((q) => !q.sql.includes('count(*)'))!,
    };
  } finally {
    stop();
  }
}

beforeAll(async () => {
  const tag = randomBytes(3).toString('hex');
  a = `Shape A ${tag} `;
  b = `Shape B ${tag} `;
  await addCategories(demo(), [
    [`${a}1`, true],
    [`${a}2`, false],
    [`${a}3`, true],
    [`${b}1`, true],
    [`${b}2`, true],
  ]);
  const t = await otherTenant();
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', t.groupId)
    .executeTakeFirstOrThrow();
  other = tenantDb(g.schema_name);
  otherSchema = g.schema_name.startsWith('cg_') ? g.schema_name : `cg_${g.schema_name}`;
  await addCategories(other, [
    [`${a}other`, true],
    [`${b}other`, true],
  ]);
});

describe('lists compiled once per shape', () => {
  it('two calls of one shape run the same text with their own values, and answer their own rows', async () => {
    const first = await run(demo(), { ...base, prefix: a });
    const second = await run(demo(), { ...base, prefix: b });
    expect(first.names).toEqual([`${a}1`, `${a}2`, `${a}3`]);
    expect(first.page.total).toBe(3);
    expect(second.names).toEqual([`${b}1`, `${b}2`]);
    expect(second.page.total).toBe(2);
    expect(second.page0.sql).toBe(first.page0.sql);
    expect(first.page0.parameters).toContain(a);
    expect(second.page0.parameters).toContain(b);
    expect(second.page0.parameters).not.toContain(a);
    // A second value slot in the same shape: each call's own id.
    const ids = (await run(demo(), { ...base, prefix: a, sort: 'id' })).page.items.map((r) => r.id);
    const from2 = await run(demo(), { ...base, prefix: a, sort: 'id', minId: ids[1]! });
    const from3 = await run(demo(), { ...base, prefix: a, sort: 'id', minId: ids[2]! });
    expect(from2.page.items.map((r) => r.id)).toEqual(ids.slice(1));
    expect(from3.page.items.map((r) => r.id)).toEqual(ids.slice(2));
    expect(from3.page0.sql).toBe(from2.page0.sql);
  });

  it('different shapes never share a text: filters present or not, a yes/no/all value, search kind, sort, page', async () => {
    const calls = {
      all: await run(demo(), { ...base, prefix: a }),
      yes: await run(demo(), { ...base, prefix: a, enabled: 'yes' }),
      no: await run(demo(), { ...base, prefix: a, enabled: 'no' }),
      noPrefix: await run(demo(), { ...base, query: `${a}2` }),
      whole: await run(demo(), { ...base, query: 'zz' }),
      desc: await run(demo(), { ...base, prefix: a, direction: 'desc' }),
      page1: await run(demo(), { ...base, prefix: a, pageSize: 10, page: 1 }),
      emptyPrefix: await run(demo(), { ...base, prefix: '', query: `${b}1` }),
    };
    expect(calls.yes.names).toEqual([`${a}1`, `${a}3`]);
    expect(calls.no.names).toEqual([`${a}2`]);
    expect(calls.noPrefix.names).toEqual([`${a}2`]);
    expect(calls.whole.names).toEqual([]);
    expect(calls.desc.names).toEqual([`${a}3`, `${a}2`, `${a}1`]);
    expect(calls.page1.names).toEqual([]);
    expect(calls.page1.page.total).toBe(3);
    // An empty value is part of the shape (the filter is off), not a parameter of the prefix's text.
    expect(calls.emptyPrefix.names).toEqual([`${b}1`]);
    // Each its own statement (a yes/no value may share a text, with its own value in it).
    const statements = Object.values(calls).map(
      (c) => `${c.page0.sql} ${JSON.stringify(c.page0.parameters)}`,
    );
    expect(new Set(statements).size).toBe(statements.length);
    expect(calls.yes.page0.parameters).toContain(true);
    expect(calls.no.page0.parameters).toContain(false);
    for (const other of [calls.all, calls.noPrefix, calls.whole, calls.desc, calls.page1])
      expect(other.page0.sql).not.toBe(calls.yes.page0.sql);
    expect(calls.whole.page0.sql).not.toBe(calls.noPrefix.page0.sql);
    // An empty prefix is no prefix: the same text as the call without one.
    expect(calls.emptyPrefix.page0.sql).toBe(calls.noPrefix.page0.sql);
  });

  it('tenants never share a text: the same shape names each schema and answers its rows', async () => {
    const mine = await run(demo(), { ...base, prefix: a });
    const theirs = await run(other, { ...base, prefix: a });
    expect(mine.names).toEqual([`${a}1`, `${a}2`, `${a}3`]);
    expect(theirs.names).toEqual([`${a}other`]);
    expect(mine.page0.sql).toContain('"cg_demo"."categories"');
    expect(theirs.page0.sql).toContain(`"${otherSchema}"."categories"`);
    expect(theirs.page0.sql).not.toContain('cg_demo');
    // …and back: the demo tenant's text is still its own.
    expect((await run(demo(), { ...base, prefix: b })).page0.sql).toBe(mine.page0.sql);
  });
});
