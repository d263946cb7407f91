/**
 * Where a field write's cost goes (issue 32): `npx tsx bench/write-probe.ts`. Seeds the demo
 * tenant with 100 equipment, closes today's visits (the common path), then for `KIND` (inspection,
 * the default, or maintenance) prints one call's statements, the write statement's EXPLAIN
 * ANALYZE with its triggers' times (replayed in a rolled-back transaction on the row's new
 * version), and with `CPU=n` the in-process profile of n calls (bench/cpu-profile.ts). `CITUS=1`
 * runs it on the local Citus cluster (`npm run citus:cluster -- start`).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { cpuProfile } from './cpu-profile.ts';

const KIND = process.env.KIND ?? 'inspection';
// CITUS=1: in a throwaway database of the local cluster (`npm run citus:cluster -- start`).
if (process.env.CITUS) {
  const { citusNodes, nodeUrl } = await import('../scripts/citus/nodes.ts');
  process.env.CITUS_TEST = '1';
  process.env.TEST_ADMIN_DATABASE_URL = nodeUrl(citusNodes()[0]!, 'postgres');
}
// (read when test-env is imported)
const { applyEnv, createTestEnvironment } = await import('../tests/helpers/test-env.ts');
const env = await createTestEnvironment('wprobe');
applyEnv({ ...env.env, LOG_LEVEL: 'error', LOGIN_FREE_PER_PAIR: '100000' });
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { demoCompany } = await import('../tests/integration/qr/helpers.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, getPool, observeQueries } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { createApp } = await import('../src/server/app.ts');
const { today } = await import('../src/server/db/days.ts');
try {
  await migrateAll();
  await seedDemo();
  const company = { id: (await demoCompany()).companyId };
  const day = today();
  await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at, created_at)
    select 'T' || lpad(g::text, 8, '0'), ${company.id}::bigint, true, now(), now() from generate_series(1, 100) g`.execute(
    baseDb(),
  );
  await sql`
    with p as (select array_agg(id order by id) ids from (select * from cg_demo.products) x)
    insert into cg_demo.equipment (tag_id, company_id, product_id, extra_label, due_date, last_inspection_at,
      last_inspection_day, last_inspection_improper, next_inspection_date, search, created_at)
    select t.id, ${company.id}::bigint, p.ids[1 + g % array_length(p.ids, 1)], 'Local ' || g, ${day}::date + 200,
      now(), ${day}::date, false, ${day}::date + 30, '|local ' || g || '|', now()
    from generate_series(1, 100) g join cg_demo.tags t on t.serial_number = 'T' || lpad(g::text, 8, '0') cross join p`.execute(
    baseDb(),
  );
  // EXTRA=n adds n more equipment to the company (the throughput bench's company has 10,000).
  const extra = Number(process.env.EXTRA ?? 0);
  if (extra > 0) {
    await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at, created_at)
      select 'U' || lpad(g::text, 8, '0'), ${company.id}::bigint, true, now(), now()
      from generate_series(1, ${extra}::int) g`.execute(baseDb());
    await sql`
      with p as (select array_agg(id order by id) ids from cg_demo.products)
      insert into cg_demo.equipment (tag_id, company_id, product_id, extra_label, due_date, last_inspection_at,
        last_inspection_day, last_inspection_improper, next_inspection_date, search, created_at)
      select t.id, ${company.id}::bigint, p.ids[1 + g % array_length(p.ids, 1)], 'Local ' || g, ${day}::date + 200,
        now(), ${day}::date, false, ${day}::date + 30, '|local ' || g || '|', now()
      from generate_series(1, ${extra}::int) g join cg_demo.tags t on t.serial_number = 'U' || lpad(g::text, 8, '0')
      cross join p`.execute(baseDb());
  }
  // OPEN_VISIT=1 keeps the seed's visit of today open: each record then checks whether it emptied it.
  if (!process.env.OPEN_VISIT)
    await sql`update cg_demo.visits set closed_status = 'DONE', closed_at = now(), missing_count = 0
      where closed_status is null`.execute(baseDb());
  await sql`vacuum analyze`.execute(baseDb());
  const app = createApp();
  const r = await app.request('/web/authentication/', {
    method: 'POST',
    headers: { Email: 'company.admin@equipcheck.dev', 'X-Forwarded-For': '10.9.9.9' },
    body: 'Demo@123',
  });
  const token = ((await r.json()) as { data: string }).data;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const serial = (i: number) => `T${String(1 + (i % 100)).padStart(8, '0')}`;
  type Form = { data: { questions: { id: number; type: string; customAnswers?: { id: number }[] }[] } };
  const bodies: string[] = [];
  for (let i = 0; i < 100; i++) {
    const form = (await (
      await app.request(`/web/equipments/${serial(i)}/${KIND}-form`, { headers })
    ).json()) as Form;
    const answers = form.data.questions.map((q) => ({
      questionId: q.id,
      answer: q.type === 'YES_NO_NA' ? 'YES' : q.type === 'CUSTOM' ? q.customAnswers![0]!.id : 'ok',
    }));
    bodies.push(
      JSON.stringify(
        KIND === 'inspection' ? { answers, latitude: -23.5, longitude: -46.6, accuracy: 8 } : { answers },
      ),
    );
  }
  let n = 0;
  const call = () => {
    const i = n++;
    return app.request(`/web/equipments/${serial(i)}/${KIND}s`, {
      method: 'POST',
      headers,
      body: bodies[i % 100],
    });
  };
  for (let i = 0; i < 200; i++) await (await call()).arrayBuffer();
  // How each pooled connection plans its prepared statements: a custom plan is planned again on
  // every call (Postgres keeps choosing it while the generic plan's estimate looks worse).
  {
    const clients = await Promise.all(
      Array.from({ length: getPool().totalCount }, () => getPool().connect()),
    );
    const plans = new Map<string, { generic: number; custom: number }>();
    for (const c of clients) {
      const r = await c.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
      );
      for (const row of r.rows) {
        const key = row.statement.replace(/\s+/g, ' ').slice(0, 90);
        const p = plans.get(key) ?? { generic: 0, custom: 0 };
        p.generic += Number(row.generic_plans);
        p.custom += Number(row.custom_plans);
        plans.set(key, p);
      }
    }
    for (const c of clients) c.release();
    console.log('\nPrepared statements (generic / custom plans, summed over the pool):');
    for (const [k, p] of plans)
      console.log(`  ${String(p.generic).padStart(6)} / ${String(p.custom).padStart(6)}  ${k}`);
  }
  const seen: { sql: string; parameters: readonly unknown[]; ms: number }[] = [];
  const target = serial(n);
  const before = await sql<{ xmin: string }>`select e.xmin::text from cg_demo.equipment e join cg_demo.tags t
    on t.id = e.tag_id where t.serial_number = ${target}`.execute(baseDb());
  const stop = observeQueries((q) => seen.push(q));
  const res = await call();
  stop();
  const body = (await res.json()) as { data: { id: number } };
  console.log(`\nPOST ${KIND} → ${res.status}, ${seen.length} statements`);
  for (const q of seen) console.log(`  ${q.ms.toFixed(2)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 200)}`);
  // The write statement replayed on the row's new version and a fresh record id, rolled back.
  const write = seen.find((q) => q.sql.includes('write_guard'));
  if (write) {
    const after = await sql<{ xmin: string }>`select e.xmin::text from cg_demo.equipment e join cg_demo.tags t
      on t.id = e.tag_id where t.serial_number = ${target}`.execute(baseDb());
    const client = await getPool().connect();
    try {
      await client.query('begin');
      const next = await client.query(`select nextval('cg_demo.${KIND}s_id_seq')::int as id`);
      const params = write.parameters.map((p) =>
        p === before.rows[0]!.xmin ? after.rows[0]!.xmin : p === body.data.id ? next.rows[0].id : p,
      );
      const plan = await client.query(`explain (analyze, buffers) ${write.sql}`, params as unknown[]);
      console.log(`\n${write.sql}\n\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    } catch (e) {
      console.log(`replay failed: ${String(e)}`);
    } finally {
      await client.query('rollback');
      client.release();
    }
  }
  // The other statements' plans (their effects rolled back).
  for (const q of seen.filter((q) => q !== write && /^\s*(select|update|insert|with)\b/i.test(q.sql))) {
    const client = await getPool().connect();
    try {
      await client.query('begin');
      const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
      console.log(`\n${q.sql.slice(0, 300)}\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    } finally {
      await client.query('rollback');
      client.release();
    }
  }
  if (process.env.CPU) {
    // Under CITUS=1, the CPU each node's Postgres spent per call too (coordinator, workers).
    const nodes = process.env.CITUS ? citusNodeCpu() : null;
    await cpuProfile(Number(process.env.CPU), call);
    if (nodes) console.log(`  Postgres CPU µs/call by node: ${nodes(Number(process.env.CPU))}`);
  }
} finally {
  await closeDb();
  await closeRedis();
  // KEEP=1 leaves the database for a closer look in psql (its URL printed).
  if (process.env.KEEP) console.log(`kept ${env.env.DATABASE_URL}`);
  else await env.teardown();
}

/**
 * CPU of each local Citus node's processes (its postmaster, whose children's times include the
 * exited backends', and its live backends) from now: answers a reader of µs per call.
 */
function citusNodeCpu(): (calls: number) => string {
  const ticks = (pid: number, own: boolean) => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime (fields 14, 15); cutime, cstime (16, 17) for the postmaster
    return Number(f[11]) + Number(f[12]) + (own ? Number(f[13]) + Number(f[14]) : 0);
  };
  const read = () => {
    const by = new Map<string, number>();
    const postmasters = new Map<number, string>();
    const all: { pid: number; ppid: number }[] = [];
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
        const m = cmd.match(/equipcheck-citus\/(\w+)/);
        if (m) postmasters.set(Number(d), m[1]!);
        const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
        all.push({ pid: Number(d), ppid });
      } catch {
        // gone meanwhile
      }
    }
    for (const [pid, name] of postmasters) {
      let t = ticks(pid, true);
      for (const c of all.filter((x) => x.ppid === pid)) {
        try {
          t += ticks(c.pid, false);
        } catch {
          // exited meanwhile (its time is in the postmaster's children times from now)
        }
      }
      by.set(name, t);
    }
    return by;
  };
  const before = read();
  return (calls) => {
    const after = read();
    return [...after]
      .map(([name, t]) => `${name} ${Math.round((((t - (before.get(name) ?? 0)) * 10) / calls) * 1000)}`)
      .join(', ');
  };
}
