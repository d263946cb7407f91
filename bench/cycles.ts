/**
 * Maintenance cycles at scale (issue 30; `npx tsx bench/cycles.ts`): a throwaway database's demo
 * tenant gets N (default 100,000) extinguishers on the demo's "Extintores" type (3 NBR 12962
 * cycles: 3N `equipment_cycles` rows) with recharge and manufacturing dates; times the set-based
 * recompute of all of them (`refreshCycles`, what a type's list save does) and the SQL of a report
 * page filtered by one cycle's status (ids of 10 equipment whose recharge is expired, by due date,
 * and the capped count) with EXPLAIN ANALYZE, then the report page itself (GET /web/equipments/,
 * the real app in-process) filtered by cycle and cycle status: p50/p95 of CALLS (default 200) calls
 * each. After the pages, a list save over all N (the `cycle-refresh` job, a worker in-process): the
 * save's answer time and the job's. KEEP=1 keeps the database.
 */
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 100_000);
const env = await createTestEnvironment('cycbench');
applyEnv({ ...env.env, LOG_LEVEL: 'error' });
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { demoCompany } = await import('../tests/integration/qr/helpers.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, tenantDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { closeQueue } = await import('../src/server/jobs/queue.ts');
const { refreshCycles } = await import('../src/server/domains/equipment/cycles-sql.ts');
const { today } = await import('../src/server/db/days.ts');
const { createApp } = await import('../src/server/app.ts');
const CALLS = Number(process.env.CALLS ?? 200);

/** p50/p95 of `CALLS` calls of the report page with query `q` (after 5 unmeasured ones). */
async function timePage(app: ReturnType<typeof createApp>, token: string, what: string, q: string) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < CALLS + 5; i++) {
    const s = performance.now();
    const r = await app.request(`/web/equipments/?${q}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.1.1.2' },
    });
    const body = (await r.json()) as { data: { total: number } };
    if (r.status !== 200) throw new Error(JSON.stringify(body));
    total = body.data.total;
    if (i >= 5) ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  const at = (f: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * f))]!.toFixed(1);
  console.log(`${what.padEnd(40)} total=${String(total).padStart(6)}  p50=${at(0.5)} ms  p95=${at(0.95)} ms`);
}
/**
 * A list saved over all N extinguishers (the recharge every 6 months, so every row changes): the
 * save's answer time, then the `cycle-refresh` job's (a worker in this process) until it completes.
 * Runs after the report pages (its 200,000 updated rows would slow them until a vacuum), twice:
 * the edited list, then the preset's back.
 */
async function timeCycleRefreshJob(app: ReturnType<typeof createApp>, token: string) {
  const { startWorker } = await import('../src/worker/worker.ts');
  const { coreDb } = await import('../src/server/db/database.ts');
  const type = await sql<{
    id: number;
  }>`select id from cg_demo.inspection_types where name = 'Extintores'`.execute(baseDb());
  const path = `/web/inspection-types/${type.rows[0]!.id}/cycles/`;
  const call = async (method: string, body?: unknown) => {
    const r = await app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'X-Forwarded-For': '10.1.1.3',
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { data: unknown };
    if (r.status !== 200) throw new Error(JSON.stringify(json));
    return json.data;
  };
  const list = (await call('GET')) as { code: string; intervalValue: number }[];
  const worker = startWorker({ concurrency: 1 });
  try {
    for (const cycles of [list.map((c) => (c.code === 'recharge' ? { ...c, intervalValue: 6 } : c)), list]) {
      const t = performance.now();
      const saved = (await call('PUT', { cycles })) as {
        refresh: { jobId: string; equipment: number } | null;
      };
      const answered = performance.now() - t;
      if (!saved.refresh) throw new Error('expected the save to leave its equipment to the job');
      let job: { state: string; progress: number; result: unknown };
      for (;;) {
        job = await coreDb()
          .selectFrom('jobs')
          .select(['state', 'progress', 'result'])
          .where('id', '=', saved.refresh.jobId)
          .executeTakeFirstOrThrow();
        if (job.state === 'completed' || job.state === 'failed') break;
        if (performance.now() - t > 600_000) throw new Error(`job still ${job.state} ${job.progress}%`);
        await new Promise((r) => setTimeout(r, 200));
      }
      console.log(
        `list save over ${saved.refresh.equipment} equipment: answered in ${answered.toFixed(0)} ms; cycle-refresh job ${job.state} in ${((performance.now() - t) / 1000).toFixed(1)} s ${JSON.stringify(job.result)}`,
      );
    }
  } finally {
    await worker.close();
  }
}

try {
  await migrateAll();
  await seedDemo();
  const company = (await demoCompany()).companyId;
  const day = today();
  const t0 = performance.now();
  await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at)
    select 'C' || lpad(g::text, 8, '0'), ${company}::bigint, true, now() from generate_series(1, ${N}::int) g`.execute(
    baseDb(),
  );
  await sql`with p as (select array_agg(p.id order by p.id) ids from cg_demo.products p
      join cg_demo.inspection_types it on it.id = p.inspection_type_id where it.name = 'Extintores' and not p.is_dv_exclusive)
    insert into cg_demo.equipment (tag_id, company_id, product_id, last_inspection_at, last_inspection_day)
    select t.id, ${company}::bigint, p.ids[1 + g % array_length(p.ids, 1)],
      case when g % 10 = 0 then null else now() - (g % 300) * interval '1 day' end,
      case when g % 10 = 0 then null else ${day}::date - (g % 300) end
    from generate_series(1, ${N}::int) g join cg_demo.tags t on t.serial_number = 'C' || lpad(g::text, 8, '0') cross join p`.execute(
    baseDb(),
  );
  await sql`insert into cg_demo.equipment_attribute_values (equipment_id, attribute_id, value)
    select e.id, a.id, to_char(case when a.attribute like '%recarga%' then ${day}::date - (e.id::bigint * 7919 % 500)::int
      else ${day}::date - (e.id::bigint * 104729 % 2000)::int end, 'YYYY-MM-DD')
    from cg_demo.equipment e join cg_demo.tags t on t.id = e.tag_id and t.serial_number ~ '^C[0-9]{8}$'
    join cg_demo.products p on p.id = e.product_id
    join cg_demo.inspection_type_attributes a on a.inspection_type_id = p.inspection_type_id
      and a.attribute in ('Data de recarga', 'Data de fabricação')`.execute(baseDb());
  await sql`analyze`.execute(baseDb());
  console.log(`filled ${N} equipment in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (const run of [1, 2]) {
    const t = performance.now();
    await baseDb()
      .transaction()
      .execute((trx) => refreshCycles(tenantDb('demo', trx), { all: true }));
    const rows = await sql<{ n: number }>`select count(*)::int as n from cg_demo.equipment_cycles`.execute(
      baseDb(),
    );
    console.log(
      `refreshCycles(all) run ${run}: ${((performance.now() - t) / 1000).toFixed(2)} s, ${rows.rows[0]!.n} rows`,
    );
  }
  await sql`analyze cg_demo.equipment_cycles`.execute(baseDb());
  const page = sql`select ec.equipment_id from cg_demo.equipment_cycles ec
    where ec.cycle_code = 'recharge' and ec.due_date < ${day}::date
    order by ec.due_date, ec.equipment_id limit 10`;
  const count = sql`select count(*) from (select 1 from cg_demo.equipment_cycles ec
    where ec.cycle_code = 'recharge' and ec.due_date < ${day}::date limit 10001) x`;
  for (const [what, q] of [
    ['page (recharge EXPIRED, by due date)', page],
    ['capped count (recharge EXPIRED)', count],
  ] as const) {
    const ms: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await q.execute(baseDb());
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(`${what}: p50 ${ms[25]!.toFixed(1)} ms, p95 ${ms[47]!.toFixed(1)} ms`);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${q}`.execute(baseDb());
    console.log(plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
  }

  const app = createApp();
  const login = await app.request('/web/authentication/', {
    method: 'POST',
    headers: { Email: 'group.admin@equipcheck.dev', 'X-Forwarded-For': '10.1.1.1' },
    body: 'Demo@123',
  });
  const token = ((await login.json()) as { data: string }).data;
  for (const [what, q] of [
    ['report page, unfiltered', ''],
    ['cycle=recharge', 'cycle=recharge'],
    ['cycle=recharge&cycleStatus=EXPIRED', 'cycle=recharge&cycleStatus=EXPIRED'],
    ['cycle=recharge&cycleStatus=EXPIRING', 'cycle=recharge&cycleStatus=EXPIRING'],
    ['cycle=recharge&cycleStatus=VALID', 'cycle=recharge&cycleStatus=VALID'],
    ['cycle=inspection&cycleStatus=NA', 'cycle=inspection&cycleStatus=NA'],
    ['cycleStatus=EXPIRED (any cycle)', 'cycleStatus=EXPIRED'],
    ['recharge EXPIRED, sort dueDate asc', 'cycle=recharge&cycleStatus=EXPIRED&sort=dueDate&direction=asc'],
  ] as const)
    await timePage(app, token, what, q);
  // After the pages: its writes (every equipment twice) leave dead rows the pages would read.
  await timeCycleRefreshJob(app, token);
} finally {
  await closeQueue();
  await closeDb();
  await closeRedis();
  if (process.env.KEEP) console.log(`kept ${env.databaseUrl}`);
  else await env.teardown();
}
