/**
 * Connection memory at many company groups (issue 33 item 2): `npm run bench -- tenant-memory`
 * (also part of `npm run bench -- tenants`). A throwaway database with N tenants (default 1,000;
 * `N=`) made from the tenant template (src/server/db/many-tenants.ts); then, for each mode,
 * DURATION seconds (default 120) of "requests" round-robin over the tenants through the real
 * tenant query path (tenantDb: the schema-qualified compiler, the prepared-statement cache, the
 * pool), CONCURRENCY at once (default 10 = the pool's size). Every SAMPLE seconds it prints the sum
 * of the private memory (RssAnon, /proc/<pid>/status) of this process's Postgres backends, their
 * count, and this process's RSS. Modes: the pool as configured by default (recycled) and with
 * recycling off (DATABASE_POOL_MAX_USES=0, DATABASE_POOL_MAX_LIFETIME_SECONDS=0: the old pool).
 * `MODES=recycled` or `MODES=unbounded` runs one.
 */
import { readFileSync } from 'node:fs';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 1000);
const DURATION = Number(process.env.DURATION ?? 120);
const SAMPLE = Number(process.env.SAMPLE ?? 15);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const MODES = (process.env.MODES ?? 'recycled,unbounded').split(',');

const env = await createTestEnvironment('tmem');
applyEnv({ ...env.env, LOG_LEVEL: 'error', READ_CACHE_MS: '0', DATABASE_POOL_SIZE: String(CONCURRENCY) });
const { resetConfig, config } = await import('../src/server/config.ts');
const migrate = await import('../src/server/db/migrate.ts');
const { sql } = await import('kysely');
const { baseDb, closeDb, tenantDb, applicationName } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');

/** Private memory (kB) of a process, from /proc (Postgres runs on this machine). */
function rssAnonKb(pid: number): number {
  try {
    const m = /RssAnon:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

async function backends(): Promise<number[]> {
  const r = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and application_name = ${applicationName()}`.execute(baseDb());
  return r.rows.map((x) => x.pid);
}

/** One "request" of a tenant: the reads an equipment page and its dashboard counters make. */
async function request(schema: string, k: number): Promise<void> {
  const db = tenantDb(schema);
  await db
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .leftJoin('tags as t', 't.id', 'e.tag_id')
    .select(['e.id', 'e.due_date', 'p.name', 't.serial_number'])
    .where('e.company_id', '=', k)
    .orderBy('e.due_date')
    .limit(20)
    .execute();
  await db
    .selectFrom('inspections')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('company_id', '=', k)
    .executeTakeFirst();
  await db.selectFrom('products').select(['id', 'name']).where('enabled', '=', true).limit(50).execute();
}

try {
  await migrate.migrateCore();
  const started = Date.now();
  const { createManyTenants } = await import('../src/server/db/many-tenants.ts');
  const many = await createManyTenants(N);
  const made = { schemas: many.map((t) => t.schemaName), companyIds: many.map((t) => t.companyId) };
  await closeDb();
  console.log(`${N} tenants made from the template in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  for (const mode of MODES) {
    if (mode === 'unbounded')
      applyEnv({ DATABASE_POOL_MAX_USES: '0', DATABASE_POOL_MAX_LIFETIME_SECONDS: '0' });
    else {
      delete process.env.DATABASE_POOL_MAX_USES;
      delete process.env.DATABASE_POOL_MAX_LIFETIME_SECONDS;
    }
    resetConfig();
    const c = config();
    console.log(
      `\n${mode}: pool ${c.DATABASE_POOL_SIZE}, maxUses ${c.DATABASE_POOL_MAX_USES || '∞'}, maxLifetime ${c.DATABASE_POOL_MAX_LIFETIME_SECONDS || '∞'} s, ${CONCURRENCY} at once, ${DURATION} s`,
    );
    console.log('   s | requests | rounds over the tenants | backends | backends RssAnon MB | server RSS MB');
    let served = 0;
    let next = 0;
    const end = Date.now() + DURATION * 1000;
    const sample = async (t: number) => {
      const pids = await backends();
      const mb = pids.reduce((s, p) => s + rssAnonKb(p), 0) / 1024;
      console.log(
        `${String(t).padStart(4)} | ${String(served).padStart(8)} | ${(served / N).toFixed(1).padStart(23)} | ${String(pids.length).padStart(8)} | ${mb.toFixed(0).padStart(19)} | ${(process.memoryUsage().rss / 1048576).toFixed(0).padStart(13)}`,
      );
    };
    const t0 = Date.now();
    let nextSample = SAMPLE;
    const sampler = (async () => {
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, 250));
        const t = Math.round((Date.now() - t0) / 1000);
        if (t >= nextSample) {
          nextSample += SAMPLE;
          await sample(t);
        }
      }
    })();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const i = next++;
          await request(made.schemas[i % N]!, made.companyIds[i % N]!);
          served++;
        }
      }),
    );
    await sampler;
    await sample(Math.round((Date.now() - t0) / 1000));
    await closeDb();
  }
} finally {
  await closeDb();
  await closeRedis();
  await env.teardown();
}
