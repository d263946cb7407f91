/**
 * The dashboard on a large tenant (issue 15; `npm run bench -- dashboard`): a throwaway database's
 * demo group gets a company of N (default 100,000) equipment with ~11 inspections each (~1,056,000;
 * bench/large-tenant.ts), by 40 inspectors, last inspections spread over two years; then every
 * dashboard call is timed through the real app in-process (p50/p95 of RUNS calls each, the read
 * cache off: every call reaches Postgres), for the company and the whole group, and the inspection
 * POST (which now keeps the counters) sequentially. `npx tsx bench/dashboard.ts`; KEEP=1 keeps the
 * database.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 100_000);
const EACH = Number(process.env.INSPECTIONS_EACH ?? 11);
const RUNS = Number(process.env.RUNS ?? 60);
const TARGET_P95_MS = 300;

const env = await createTestEnvironment('dashbench');
applyEnv({
  ...env.env,
  LOGIN_FREE_PER_PAIR: '100000',
  LOGIN_FREE_PER_IP: '100000',
  LOG_LEVEL: 'error',
  READ_CACHE_MS: '0',
});
const { fillLargeTenant } = await import('./large-tenant.ts');
const { baseDb, closeDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { closeQueue } = await import('../src/server/jobs/queue.ts');
const { createApp } = await import('../src/server/app.ts');
const { addDays } = await import('../src/shared/equipment/status.ts');

interface Row {
  what: string;
  size: string;
  p50: number;
  p95: number;
}

const percentile = (ms: number[], p: number) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * p)]!;

try {
  const lt = await fillLargeTenant({ n: N, each: EACH, inspectors: 40, lastSpreadDays: 730 });
  const db = baseDb();
  // As autovacuum leaves a table after a bulk load: the visibility map lets the range charts read
  // the covering index alone.
  await sql`vacuum analyze cg_demo.equipment, cg_demo.inspections, cg_demo.dashboard_inspected_days, cg_demo.dashboard_equipment_states`.execute(
    db,
  );
  const app = createApp();
  const login = async (email: string) => {
    const r = await app.request('/web/authentication/', {
      method: 'POST',
      headers: { Email: email, 'X-Forwarded-For': '10.1.1.1' },
      body: 'Demo@123',
    });
    return ((await r.json()) as { data: string }).data;
  };
  const group = await login('group.admin@equipcheck.dev');
  const operator = await login('operator@equipcheck.dev');
  const provider = await login('admin@equipcheck.dev');
  const c = `companyId=${lt.companyId}`;
  const month = `dateStart=${addDays(lt.day0, -30)}`;
  const cases: [string, string, string, string][] = [
    ['summary', 'company of 100k', group, `/web/dashboard/?${c}`],
    ['summary', 'whole group', group, '/web/dashboard/'],
    ['summary', 'operator (small company)', operator, '/web/dashboard/'],
    ['monthly inspections', 'company of 100k', group, `/web/dashboard/monthly-inspections/?${c}`],
    ['monthly inspections', 'whole group', group, '/web/dashboard/monthly-inspections/'],
    ['equipment status', 'company of 100k', group, `/web/dashboard/equipment-status/?${c}`],
    ['equipment status', 'whole group', group, '/web/dashboard/equipment-status/'],
    [
      'equipment status',
      'provider, companyGroupId',
      provider,
      `/web/dashboard/equipment-status/?companyGroupId=${lt.groupId}&${c}`,
    ],
    [
      'employee inspections',
      'company, 2018 → today',
      group,
      `/web/dashboard/employee-inspections-by-month/?${c}`,
    ],
    [
      'employee inspections',
      'company, last 30 days',
      group,
      `/web/dashboard/employee-inspections-by-month/?${c}&${month}`,
    ],
    [
      'employee inspections',
      'whole group, 2018 → today',
      group,
      '/web/dashboard/employee-inspections-by-month/',
    ],
    [
      'product inspections',
      'company, 2018 → today',
      group,
      `/web/dashboard/product-inspections-by-month/?${c}`,
    ],
    [
      'product inspections',
      'company, last 30 days',
      group,
      `/web/dashboard/product-inspections-by-month/?${c}&${month}`,
    ],
    [
      'product inspections',
      'whole group, 2018 → today',
      group,
      '/web/dashboard/product-inspections-by-month/',
    ],
    [
      'inspection-type inspections',
      'company, 2018 → today',
      group,
      `/web/dashboard/inspection-type-inspections/?${c}`,
    ],
    [
      'inspection-type inspections',
      'whole group, 2018 → today',
      group,
      '/web/dashboard/inspection-type-inspections/',
    ],
    ['recent activity', 'company of 100k', group, `/web/dashboard/recent-activity/?${c}`],
    ['recent activity', 'whole group', group, '/web/dashboard/recent-activity/'],
  ];
  const rows: Row[] = [];
  for (const [what, size, token, url] of cases) {
    const ms: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const s = performance.now();
      const r = await app.request(url, {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.1.1.2' },
      });
      const body = await r.text();
      if (r.status !== 200) throw new Error(`${what} ${size}: ${r.status} ${body}`);
      if (i >= 5) ms.push(performance.now() - s);
    }
    rows.push({ what, size, p50: percentile(ms, 0.5), p95: percentile(ms, 0.95) });
  }

  // The write side: an inspection POST now also moves the counters (sequential, warm).
  const serials = (
    await sql<{ serial_number: string }>`select t.serial_number from cg_demo.tags t
      join cg_demo.equipment e on e.tag_id = t.id where e.company_id = ${lt.companyId} order by e.id limit 200`.execute(
      db,
    )
  ).rows.map((r) => r.serial_number);
  const form = async (serial: string) => {
    const r = await app.request(`/web/equipments/${serial}/inspection-form`, {
      headers: { Authorization: `Bearer ${group}`, 'X-Forwarded-For': '10.1.1.2' },
    });
    return (
      (await r.json()) as {
        data: { questions: { id: number; type: string; customAnswers: { id: number }[] }[] };
      }
    ).data.questions;
  };
  const post: number[] = [];
  const answersOf = new Map<string, unknown[]>();
  for (const [i, serial] of serials.entries()) {
    const answers = (await form(serial)).map((q) => ({
      questionId: q.id,
      answer: q.type === 'YES_NO_NA' ? 'YES' : q.type === 'CUSTOM' ? q.customAnswers[0]!.id : 'ok',
    }));
    answersOf.set(serial, answers);
    const s = performance.now();
    const r = await app.request(`/web/equipments/${serial}/inspections`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${group}`,
        'X-Forwarded-For': '10.1.1.2',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ answers }),
    });
    if (r.status !== 201) throw new Error(`POST inspection: ${r.status} ${await r.text()}`);
    if (i >= 10) post.push(performance.now() - s);
  }

  // Concurrency: the counters are rows every inspection of the company updates (its total, today's
  // last-inspection day, its state): 16 POSTs in flight on distinct equipment, with the counter
  // triggers and with them disabled (same data, same process), in turn.
  const IN_FLIGHT = 16;
  const TOTAL = Number(process.env.CONCURRENT_POSTS ?? 480);
  const concurrentRate = async (): Promise<number> => {
    const s = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, w) => {
        for (let i = w; i < TOTAL; i += IN_FLIGHT) {
          const serial = serials[(i % ((serials.length / IN_FLIGHT) | 0)) * IN_FLIGHT + w]!;
          const r = await app.request(`/web/equipments/${serial}/inspections`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${group}`,
              'X-Forwarded-For': '10.1.1.2',
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ answers: answersOf.get(serial) }),
          });
          if (r.status !== 201) throw new Error(`POST inspection: ${r.status} ${await r.text()}`);
        }
      }),
    );
    return TOTAL / ((performance.now() - s) / 1000);
  };
  const counterTriggers = [
    'inspections_dashboard_insert',
    'inspections_dashboard_update',
    'inspections_dashboard_delete',
  ].map((t) => ['inspections', t] as const);
  const equipmentTriggers = [
    'equipment_dashboard_insert',
    'equipment_dashboard_update',
    'equipment_dashboard_delete',
  ].map((t) => ['equipment', t] as const);
  const setTriggers = async (on: boolean) => {
    for (const [table, trigger] of [...counterTriggers, ...equipmentTriggers])
      await sql`alter table ${sql.table(`cg_demo.${table}`)} ${sql.raw(on ? 'enable' : 'disable')} trigger ${sql.id(trigger)}`.execute(
        db,
      );
  };
  const withCounters1 = await concurrentRate();
  await setTriggers(false);
  const without = await concurrentRate();
  await setTriggers(true);
  const withCounters2 = await concurrentRate();

  const fmt = (n: number) => n.toFixed(1);
  const [l1, l5, l15] = os.loadavg();
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, load average ${fmt(l1!)} / ${fmt(l5!)} / ${fmt(l15!)} (1/5/15 min)`,
  );
  console.log(
    `Dashboard, in-process, ${N.toLocaleString('en')} equipment and ${lt.inspections.toLocaleString('en')} inspections in one company (${RUNS} runs each, read cache off):`,
  );
  console.log('| call | scope | p50 ms | p95 ms |');
  console.log('|---|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.what} | ${r.size} | ${fmt(r.p50)} | ${fmt(r.p95)} |`);
  console.log(
    `| POST /web/equipments/{tag}/inspections (keeps the counters) | ${post.length} sequential | ${fmt(percentile(post, 0.5))} | ${fmt(percentile(post, 0.95))} |`,
  );
  console.log(
    `\nInspection POSTs, ${IN_FLIGHT} in flight on distinct equipment of the company, ${TOTAL} each run: with the counters ${Math.round(withCounters1)} and ${Math.round(withCounters2)} req/s, counter triggers disabled ${Math.round(without)} req/s`,
  );
  const worst = Math.max(...rows.map((r) => r.p95));
  console.log(
    `\nTarget (every dashboard call p95 < ${TARGET_P95_MS} ms — worst ${fmt(worst)} ms): ${worst < TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  await closeQueue();
  await closeDb();
  await closeRedis();
  if (process.env.KEEP) console.log(`kept ${env.databaseUrl}`);
  else await env.teardown();
}
