import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Issue 32 (refining issue 33's recycling): a pool connection is replaced once it has served
 * DATABASE_POOL_MAX_SCHEMAS company groups, not after a fixed number of checkouts — a load that
 * stays in one group keeps its backends (and their prepared, planned statements). This file's
 * pool: one connection, replaced past 2 schemas, no checkout limit.
 */
let db: typeof import('../../../src/server/db/database.ts');
let recycle: typeof import('../../../src/server/db/schema-recycle.ts');

beforeAll(async () => {
  process.env.DATABASE_POOL_SIZE = '1';
  process.env.DATABASE_POOL_MAX_SCHEMAS = '2';
  process.env.DATABASE_POOL_MAX_USES = '0';
  (await import('../../../src/server/config.ts')).resetConfig();
  db = await import('../../../src/server/db/database.ts');
  recycle = await import('../../../src/server/db/schema-recycle.ts');
  await db.closeDb();
});

afterAll(async () => {
  delete process.env.DATABASE_POOL_MAX_SCHEMAS;
  delete process.env.DATABASE_POOL_MAX_USES;
  await db?.closeDb();
});

/** Runs a statement naming `schema` (in a comment: the connection reads the text, not the plan). */
async function runIn(schema: string): Promise<{ pid: number; served: number }> {
  const c = await db.getPool().connect();
  try {
    const pid = (await c.query<{ pid: number }>(`select pg_backend_pid() as pid /* ${schema}.equipment */`))
      .rows[0]!.pid;
    return { pid, served: recycle.schemasServed(c) };
  } finally {
    c.release();
  }
}

describe('pool connections recycled by the company groups they served', () => {
  it('keeps a connection through many checkouts in the same groups, and replaces it past the limit', async () => {
    const first = await runIn('cg_alpha');
    for (let i = 0; i < 300; i++) expect((await runIn(i % 2 ? 'cg_alpha' : 'cg_beta')).pid).toBe(first.pid);
    expect((await runIn('cg_beta')).served).toBe(2);
    // A third group: this checkout still runs on it, and its release ends it.
    const third = await runIn('cg_gamma');
    expect(third.pid).toBe(first.pid);
    expect(third.served).toBe(3);
    const next = await runIn('cg_alpha');
    expect(next.pid).not.toBe(first.pid);
    expect(next.served).toBe(1);
  });
});
