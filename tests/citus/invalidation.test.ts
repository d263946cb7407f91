import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { citusNodes } from '../../scripts/citus/nodes.ts';
import { config } from '../../src/server/config.ts';
import { citusEnabled } from '../../src/server/db/citus.ts';
import { baseDb, observeQueries } from '../../src/server/db/database.ts';
import { rowChangesSettled } from '../../src/server/db/read-cache.ts';
import { testApp } from '../helpers/api.ts';
import { cachedReadsOnFreshTenant } from '../helpers/cached-reads-tenant.ts';

/**
 * On Citus a company group's tables live on a worker node, where their `rows_changed` trigger
 * runs: its NOTIFY never reaches the coordinator's LISTEN. The product publishes its writes from
 * the coordinator instead (db/write-notify.ts): a write by another process invalidates this
 * process's cached answers; a write that bypasses the product (a bare connection, only the
 * trigger) does not — the trap the issue names, shown here.
 */
const t = cachedReadsOnFreshTenant();

async function categories() {
  const statements: string[] = [];
  const stop = observeQueries((q) => statements.push(q.sql));
  try {
    const res = await testApp().request('/web/categories/?pageSize=10', {
      headers: { Authorization: `Bearer ${t.token}`, 'X-Forwarded-For': '10.28.0.1' },
    });
    const json = (await res.json()) as { data: { total: number } };
    return { status: res.status, total: json.data.total, statements: statements.length };
  } finally {
    stop();
  }
}

describe('Citus: a tenant on a worker', () => {
  it('the database is a Citus one and the new group is a distributed schema placed on a worker', async () => {
    expect(await citusEnabled()).toBe(true);
    const r = await sql<{ port: number }>`select p.nodeport as port
      from pg_dist_shard s join pg_dist_placement pl using (shardid) join pg_dist_node p using (groupid)
      where s.logicalrelid = ${`${t.schema}.categories`}::regclass`.execute(baseDb());
    const [coordinator, ...workers] = citusNodes();
    expect(r.rows).toHaveLength(1);
    expect(workers.map((w) => w.port)).toContain(r.rows[0]!.port);
    expect(r.rows[0]!.port).not.toBe(coordinator!.port);
    const d = await sql<{ n: number }>`select count(*)::int as n from pg_dist_schema
      where schemaid = ${t.schema}::regnamespace`.execute(baseDb());
    expect(d.rows[0]!.n).toBe(1);
  });

  it("another process's write drops this process's cached answer", async () => {
    const first = await categories();
    expect(first.status).toBe(200);
    const again = await categories();
    expect([again.statements, again.total]).toEqual([0, first.total]);
    const w = spawnSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'tests/citus/write-category.ts', t.schema, `Citus ${Date.now()}`],
      { env: process.env, encoding: 'utf8' },
    );
    expect(w.status, `${w.stdout}${w.stderr}`).toBe(0);
    await rowChangesSettled();
    const after = await categories();
    expect(after.statements).toBeGreaterThan(0);
    expect(after.total).toBe(first.total + 1);
  });

  it("a write that bypasses the product's connections is not heard: no tenant trigger reports it", async () => {
    const first = await categories();
    expect((await categories()).statements).toBe(0);
    const name = `Bare ${Date.now()}`;
    const bare = new pg.Client({ connectionString: config().DATABASE_URL });
    await bare.connect();
    try {
      await bare.query(
        `insert into ${pg.escapeIdentifier(t.schema)}.categories (name, enabled) values ($1, true)`,
        [name],
      );
    } finally {
      await bare.end();
    }
    // Every notification committed before this point has arrived: none came for this write.
    await rowChangesSettled();
    const stale = await categories();
    expect([stale.statements, stale.total]).toEqual([0, first.total]);
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${t.schema}.categories`)}
      where name = ${name}`.execute(baseDb());
    expect(row.rows[0]!.n).toBe(1);
    // Its NOTIFY-only triggers were dropped when the schema was distributed (db/citus.ts).
    const triggers = await sql<{ n: number }>`select count(*)::int as n from pg_trigger
      where tgrelid = ${`${t.schema}.categories`}::regclass and tgname = 'rows_changed'`.execute(baseDb());
    expect(triggers.rows[0]!.n).toBe(0);
  });
});
