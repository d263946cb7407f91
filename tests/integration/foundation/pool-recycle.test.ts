// biome-ignore-all lint/suspicious/noExplicitAny: a table made by the test itself
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 33 item 2: a backend keeps the catalog cache of every company group it served, so pool
 * connections are recycled (DATABASE_POOL_MAX_USES, DATABASE_POOL_MAX_LIFETIME_SECONDS), and the
 * prepared statements of a connection are a bounded LRU (db/prepared.ts). This file's pool: one
 * connection, replaced after 3 checkouts.
 */
let db: typeof import('../../../src/server/db/database.ts');
let prepared: typeof import('../../../src/server/db/prepared.ts');

beforeAll(async () => {
  process.env.DATABASE_POOL_SIZE = '1';
  process.env.DATABASE_POOL_MAX_USES = '3';
  (await import('../../../src/server/config.ts')).resetConfig();
  db = await import('../../../src/server/db/database.ts');
  prepared = await import('../../../src/server/db/prepared.ts');
  await db.closeDb();
});

afterAll(async () => {
  await db?.closeDb();
});

async function backendPid(): Promise<number> {
  const c = await db.getPool().connect();
  try {
    return (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  } finally {
    c.release();
  }
}

describe('pool recycling and the bounded prepared-statement cache', () => {
  it('a connection checked out DATABASE_POOL_MAX_USES times is replaced by a new backend', async () => {
    const first = await backendPid();
    expect(await backendPid()).toBe(first);
    expect(await backendPid()).toBe(first);
    // The third release ended it: the next checkout is another backend.
    const second = await backendPid();
    expect(second).not.toBe(first);
    expect(await backendPid()).toBe(second);
  });

  it('keeps at most PREPARED_PER_CONNECTION statements, the recently used ones, and answers past that', async () => {
    const c = await db.getPool().connect();
    try {
      const cap = prepared.PREPARED_PER_CONNECTION;
      // Distinct texts (as many tenants' schema-qualified statements are), each run twice: named.
      const text = (i: number) => `select $1::int + ${i} as v`;
      const hot = text(-1);
      for (let i = 0; i < cap + 50; i++) {
        for (let k = 0; k < 2; k++) expect((await c.query(text(i), [1])).rows[0].v).toBe(1 + i);
        // A hot statement used all along stays prepared.
        expect((await c.query(hot, [1])).rows[0].v).toBe(0);
      }
      const stats = prepared.preparedCache(c)!;
      expect(stats.size).toBe(cap);
      expect(stats.evicted).toBeGreaterThanOrEqual(50);
      const onServer = await c.query<{ n: number; hot: number }>(
        `select count(*)::int as n, count(*) filter (where statement = $1)::int as hot from pg_prepared_statements`,
        [hot],
      );
      expect(onServer.rows[0]!.n).toBe(cap);
      expect(onServer.rows[0]!.hot).toBe(1);
      // An evicted text runs again (unnamed, then named anew) and answers.
      for (let k = 0; k < 3; k++) expect((await c.query(text(0), [1])).rows[0].v).toBe(1);
    } finally {
      c.release(true);
    }
  });

  it('a text run once on a connection is not prepared', async () => {
    const c = await db.getPool().connect();
    try {
      const text = `select $1::int * 7 as v /* once ${Date.now()} */`;
      expect((await c.query(text, [2])).rows[0].v).toBe(14);
      const r = await c.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(r.rows[0]!.n).toBe(0);
    } finally {
      c.release(true);
    }
  });

  it('Kysely queries keep answering across recycled connections', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await (db.baseDb() as Kysely<any>)
        .selectFrom('core.company_groups')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(r.n)).toBeGreaterThan(0);
    }
  });
});
