import { describe, expect, it } from 'vitest';
import { tenantDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { PASSWORD, addCompany, demoGroup, letters, makeUser, otherGroup } from './fixtures.ts';

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * The organisations lists count with the shared list helper: a page past the end is empty but
 * still says how many rows match (the old `count(*) over()` answered 0 there).
 */
async function expectTrueTotal(path: string, token: string, expected: number) {
  const first = await rest<Page<unknown>>('GET', `${path}&page=0`, { token });
  expect(first.status, JSON.stringify(first.json)).toBe(200);
  expect(first.json.data!.total, `${path} page 0`).toBe(expected);
  const past = await rest<Page<unknown>>('GET', `${path}&page=99`, { token });
  expect(past.status, JSON.stringify(past.json)).toBe(200);
  expect(past.json.data, `${path} page 99`).toMatchObject({ items: [], total: expected, page: 99 });
}

describe('list totals past the last page', () => {
  it('GET /web/companies/?page=99 answers the true total', async () => {
    const token = await loginAs(DEMO.admin);
    const demo = await demoGroup();
    const tag = letters(10);
    for (let i = 0; i < 3; i++) await addCompany(demo.groupId, `Total ${tag} ${i}`);
    await expectTrueTotal(`/web/companies/?query=${tag}`, token, 3);
    const all = await rest<Page<unknown>>('GET', '/web/companies/?page=99', { token });
    expect(all.json.data!.items).toEqual([]);
    expect(all.json.data!.total).toBeGreaterThanOrEqual(3);
    const viaTrpc = await trpcClient(token).organisations.companies.list.query({ query: tag, page: 99 });
    expect(viaTrpc).toMatchObject({ items: [], total: 3 });
  });

  it('GET /web/company-groups/?page=99 answers the true total', async () => {
    const token = await loginAs(DEMO.admin);
    const other = await otherGroup();
    await expectTrueTotal(`/web/company-groups/?query=${other.schemaName}`, token, 1);
    // Found through one of its companies' names as well.
    await addCompany(other.companyGroupId, `Filial ${other.schemaName}x`);
    await expectTrueTotal(`/web/company-groups/?query=filial%20${other.schemaName}x`, token, 1);
  });

  it('GET /web/company-users/?page=99 answers the true total', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const tag = letters(10);
    for (let i = 0; i < 2; i++)
      await makeUser({ groupId: demo.groupId, companyId: demo.companyId, name: `Total ${tag} ${i}` });
    await expectTrueTotal(`/web/company-users/?query=${tag}`, token, 2);
  });

  it('GET /web/users/?page=99 answers the true total', async () => {
    const token = await loginAs(DEMO.admin);
    const tag = letters(10);
    for (let i = 0; i < 4; i++) await makeUser({ status: 'PENDING', name: `Total ${tag} ${i}` });
    await expectTrueTotal(`/web/users/?query=${tag}`, token, 4);
  });

  it('keeps one order across pages (stable tiebreak on equal sort values)', async () => {
    const token = await loginAs(DEMO.admin);
    const tag = letters(10);
    const ids: number[] = [];
    // Same name for all: only the tiebreak orders them.
    for (let i = 0; i < 12; i++) ids.push((await makeUser({ status: 'PENDING', name: `Igual ${tag}` })).id);
    const seen: number[] = [];
    for (const page of [0, 1]) {
      const r = await rest<Page<{ id: number }>>(
        'GET',
        `/web/users/?query=${tag}&sort=name&pageSize=10&page=${page}`,
        { token },
      );
      seen.push(...r.json.data!.items.map((u) => u.id));
    }
    expect(seen).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('tags used', () => {
  it("counts a company's tags in use by the tag domain's rule (enabled and bound to equipment)", async () => {
    const other = await otherGroup();
    const tenant = tenantDb(other.schemaName);
    const serial = () => `ORG${letters(9).toUpperCase()}`;
    await tenant
      .insertInto('tags')
      .values([
        { serial_number: serial(), company_id: other.companyId, enabled: true, activated_at: new Date() },
        { serial_number: serial(), company_id: other.companyId, enabled: true, activated_at: new Date() },
        { serial_number: serial(), company_id: other.companyId, enabled: true, activated_at: null },
        { serial_number: serial(), company_id: other.companyId, enabled: false, activated_at: new Date() },
      ] as never)
      .execute();
    const second = await addCompany(other.companyGroupId, `Sem tags ${other.schemaName}`);
    const token = await loginAs(other.email, PASSWORD);
    const r = await rest<Page<{ id: number; tagsUsed: number }>>(
      'GET',
      '/web/companies/?sort=tagsUsed&direction=desc&pageSize=100',
      { token },
    );
    expect(r.json.data!.items.map((c) => [c.id, c.tagsUsed])).toEqual([
      [other.companyId, 2],
      [second, 0],
    ]);
  });
});
