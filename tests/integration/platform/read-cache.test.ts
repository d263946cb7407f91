import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { baseDb, observeQueries } from '../../../src/server/db/database.ts';
import { rowChangesSettled } from '../../../src/server/db/read-cache.ts';
import { DEMO, loginAs, testApp } from '../../helpers/api.ts';
import { cachedReadsOnFreshTenant } from '../../helpers/cached-reads-tenant.ts';

/**
 * List counts and the logged user's counters are reused for a few seconds (issue 12; the other
 * integration tests run with READ_CACHE_MS=0, since they write fixtures with their own SQL and read
 * at once). A write through the app shows on the next read at once; any other write once its
 * NOTIFY has landed — never only after the cache's time.
 */
const t = cachedReadsOnFreshTenant();

async function call(path: string, init: RequestInit = {}) {
  const statements: string[] = [];
  const stop = observeQueries((q) => statements.push(q.sql));
  try {
    const res = await testApp().request(path, {
      ...init,
      headers: { Authorization: `Bearer ${t.token}`, 'X-Forwarded-For': '10.6.6.6', ...init.headers },
    });
    const json = (await res.json()) as { data: Record<string, unknown> & { total?: number } };
    return {
      status: res.status,
      data: json.data,
      counts: statements.filter((s) => s.startsWith('select count(*)')).length,
      counters: statements.filter((s) => s.includes('tag_monthly_counts')).length,
      statements: statements.length,
    };
  } finally {
    stop();
  }
}

const categoryBySql = (name: string) =>
  sql`insert into ${sql.table(`${t.schema}.categories`)} (name, enabled) values (${name}, true)`.execute(
    baseDb(),
  );

describe('the read cache', () => {
  it('counts a list once per filter: paging and sorting reuse it', async () => {
    await categoryBySql(`Cat A ${Date.now()}`);
    await rowChangesSettled();
    const first = await call('/web/categories/?pageSize=10');
    expect([first.status, first.counts, first.data.total]).toEqual([200, 1, 1]);
    expect((await call('/web/categories/?pageSize=10')).counts).toBe(0);
    expect((await call('/web/categories/?pageSize=10&page=1&sort=updateDate&direction=desc')).counts).toBe(0);
    // Another filter is another count.
    expect((await call('/web/categories/?pageSize=10&query=zzz')).counts).toBe(1);
  });

  it('a create through the app shows in the next total at once', async () => {
    const before = (await call('/web/categories/?pageSize=10')).data.total!;
    const created = await call('/web/categories/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Cat B ${Date.now()}`, enabled: true }),
    });
    expect(created.status).toBe(201);
    const after = await call('/web/categories/?pageSize=10');
    expect([after.data.total, after.counts]).toEqual([before + 1, 1]);
  });

  it("a write through the app drops what read the schema it wrote, and leaves another group's answers", async () => {
    const mine = t.token;
    const demo = await loginAs(DEMO.companyAdmin);
    const tags = '/web/tags/?pageSize=10';
    try {
      t.token = demo;
      await call(tags);
      expect((await call(tags)).statements).toBe(0);
      t.token = mine;
      const path = '/web/categories/?pageSize=10&sort=name';
      const before = await call(path);
      expect((await call(path)).statements).toBe(0);
      const created = await call('/web/categories/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Cat W ${Date.now()}`, enabled: true }),
      });
      expect(created.status).toBe(201);
      await rowChangesSettled();
      const after = await call(path);
      expect(after.statements).toBeGreaterThan(0);
      expect(after.data.total).toBe(before.data.total! + 1);
      // The demo group's page and its caller's session are still answered from memory.
      t.token = demo;
      expect((await call(tags)).statements).toBe(0);
    } finally {
      t.token = mine;
    }
  });

  it('a row written by another process shows once its notification has landed', async () => {
    const before = (await call('/web/categories/?pageSize=10')).data.total!;
    expect((await call('/web/categories/?pageSize=10')).counts).toBe(0);
    await categoryBySql(`Cat C ${Date.now()}`);
    await rowChangesSettled();
    const after = await call('/web/categories/?pageSize=10');
    expect([after.data.total, after.counts]).toEqual([before + 1, 1]);
  });

  it("the logged user's tag counters are reused until the group's tags change", async () => {
    const first = await call('/web/logged-user/');
    expect(first.data.generated_tag_qty).toBe(0);
    const again = await call('/web/logged-user/');
    expect(again.counters).toBe(0);
    const company = (first.data as { companyId: number }).companyId;
    await sql`insert into ${sql.table(`${t.schema}.tags`)} (serial_number, company_id, enabled, created_at)
      select 'RC' || g || ${String(Date.now())}, ${company}::bigint, true, now() from generate_series(1, 3) g`.execute(
      baseDb(),
    );
    await rowChangesSettled();
    const after = await call('/web/logged-user/');
    expect([after.data.generated_tag_qty, after.counters]).toEqual([3, 1]);
  });

  it('a list page answers again from memory, until a schema it read changes', async () => {
    const path = '/web/categories/?pageSize=10&sort=name';
    const first = await call(path);
    expect(first.statements).toBeGreaterThan(0);
    const again = await call(path);
    expect([again.statements, again.data]).toEqual([0, first.data]);
    // Another input is another answer.
    expect((await call(`${path}&query=cat`)).statements).toBeGreaterThan(0);
    await categoryBySql(`Cat D ${Date.now()}`);
    await rowChangesSettled();
    const after = await call(path);
    expect(after.statements).toBeGreaterThan(0);
    expect(after.data.total).toBe(first.data.total! + 1);
  });

  it('a repeated answer is the same JSON text, serialized once, and a changed one is new text', async () => {
    const path = '/web/categories/?pageSize=10&sort=name';
    const text = async () => {
      const res = await testApp().request(path, {
        headers: { Authorization: `Bearer ${t.token}`, 'X-Forwarded-For': '10.6.6.6' },
      });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json']);
      return res.text();
    };
    const first = await text();
    expect(await text()).toBe(first);
    const name = `Cat T ${Date.now()}`;
    await categoryBySql(name);
    await rowChangesSettled();
    const after = await text();
    expect(JSON.parse(after).data.total).toBe(JSON.parse(first).data.total + 1);
    expect(after).not.toBe(first);
  });

  it('a change to core (a company name on the equipment rows) drops the answers that read it', async () => {
    // The demo company has equipment: its rows read core.companies (an empty page reads no core).
    const mine = t.token;
    t.token = await loginAs(DEMO.companyAdmin);
    try {
      const path = '/web/equipments/?pageSize=10';
      expect(((await call(path)).data as { items: unknown[] }).items.length).toBeGreaterThan(0);
      expect((await call(path)).statements).toBe(0);
      await sql`update core.companies set updated_at = updated_at where false`.execute(baseDb());
      await rowChangesSettled();
      expect((await call(path)).statements).toBeGreaterThan(0);
    } finally {
      t.token = mine;
    }
  });

  it('Cache-Control: no-cache always reads the database', async () => {
    const path = '/web/categories/?pageSize=10&sort=name';
    await call(path);
    const fresh = await call(path, { headers: { 'Cache-Control': 'no-cache' } });
    expect(fresh.statements).toBeGreaterThan(0);
  });

  it('another user does not get this user’s answer', async () => {
    const path = '/web/tags/?pageSize=10';
    await call(path);
    expect((await call(path)).statements).toBe(0);
    const mine = t.token;
    t.token = await loginAs(DEMO.companyAdmin);
    try {
      const theirs = await call(path);
      expect(theirs.statements).toBeGreaterThan(0);
      expect((await call(path)).statements).toBe(0);
    } finally {
      t.token = mine;
    }
  });
});
