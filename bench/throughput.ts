/**
 * Throughput under 20 concurrent connections (issue 12; `npm run bench -- throughput`): a
 * throwaway database whose demo company holds 40,000 tags (10,000 on equipment) and 100,000
 * products; the product's server and the ceiling (bench/ceiling-server.ts) each run as their own
 * processes with WEB_CONCURRENCY processes; autocannon drives every route for DURATION seconds in
 * one run, side by side. Statements and rows read per call come from one call run in-process
 * and its statements' EXPLAIN ANALYZE (rolled back). `ONLY=a,b` measures the routes whose names
 * hold a or b (`ONLY="a, x;b"`: separated by semicolons when a name holds a comma); `TRY_SQL` runs
 * one statement first (a setting to compare); each route is driven `WARMUP` s (2) unmeasured first.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.DURATION ?? 8);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = 20;
const TAGS = 40_000;
const PRODUCTS = 100_000;
const EQUIPMENT = 10_000;
const processes = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());

const env = await createTestEnvironment('throughput');
const serverEnv = {
  ...env.env,
  // As `npm start` runs it (the test environment's NODE_ENV=test also holds answers to their
  // schemas where production does not: kit/operation.ts `outputCheck`).
  NODE_ENV: 'development',
  LOG_LEVEL: 'error',
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
  LOGIN_FREE_PER_PAIR: '100000',
  WEB_CONCURRENCY: String(processes),
};
applyEnv(serverEnv);
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { demoCompany } = await import('../tests/integration/qr/helpers.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, coreDb, getPool, observeQueries } = await import('../src/server/db/database.ts');
const { createApp } = await import('../src/server/app.ts');
let app0: ReturnType<typeof createApp> | undefined;
const inProcess = () => {
  app0 ??= createApp();
  return app0;
};
const { closeRedis } = await import('../src/server/redis.ts');
const { today } = await import('../src/server/db/days.ts');

const children: ChildProcess[] = [];
function start(args: string[], port: number): Promise<string> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...serverEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    child.stdout?.resume();
    const url = `http://127.0.0.1:${port}`;
    const poll = async () => {
      try {
        const r = await fetch(`${url}/health`).catch(() => fetch(`${url}/ceiling`));
        if (r.status < 500) return resolve(url);
      } catch {}
      setTimeout(poll, 200);
    };
    void poll();
  });
}

/** CPU time (ms) each process has used so far, from /proc (utime + stime, in clock ticks of 10 ms). */
function cpuByPid(pids: number[], only?: 'kernel'): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((only ? 0 : Number(f[11])) + Number(f[12])) * 10);
    } catch {}
  }
  return out;
}
function cpuMs(pids: number[], only?: 'kernel'): number {
  let ms = 0;
  for (const v of cpuByPid(pids, only).values()) ms += v;
  return ms;
}
/**
 * CPU (ms) every Postgres process of the machine uses while a measure runs. The pool replaces a
 * backend after DATABASE_POOL_MAX_USES checkouts, many times per measure under a write load, and a
 * process that has ended cannot be read any more: /proc is read every 100 ms and each process keeps
 * the last figure seen (an ended backend loses at most its last 100 ms). Reading only the backends
 * present at the start and the end left the replaced ones out — a quarter to a half of an
 * inspection's Postgres CPU before this.
 */
function postgresCpuTracker(): { stop: () => number } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const scan = (initial: boolean) => {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = (Number(f[11]) + Number(f[12])) * 10;
        const pid = Number(d);
        if (!first.has(pid)) first.set(pid, initial ? ms : 0);
        last.set(pid, ms);
      } catch {}
    }
  };
  scan(true);
  const timer = setInterval(() => scan(false), 100);
  return {
    stop: () => {
      clearInterval(timer);
      scan(false);
      let ms = 0;
      for (const [pid, v] of last) ms += v - (first.get(pid) ?? 0);
      return ms;
    },
  };
}
/** A process and its children (the cluster primary's HTTP processes). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(d));
    } catch {}
  }
  return out;
}
const RELATION_SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan', 'Tid Scan']);
interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}
/** Rows a plan's table and index scans touched: returned plus filtered away, times their loops. */
function scannedRows(node: PlanNode): number {
  const own = RELATION_SCANS.has(node['Node Type'])
    ? (node['Actual Rows'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      node['Actual Loops']
    : 0;
  return own + (node.Plans ?? []).reduce((n, c) => n + scannedRows(c), 0);
}

/**
 * Rows Postgres reads for one call: the call runs once in this process (the same code and
 * database), its statements are recorded, and each is run again under EXPLAIN ANALYZE inside a
 * rolled-back transaction. Deterministic, unlike table statistics that backends publish late.
 */
/**
 * Statements and rows read of one call, run in-process twice: cold (the session and the list's
 * count not cached yet) and warm (the same call again at once, as paging or a refetch runs it).
 */
async function rowsReadBy(
  path: string,
  init: RequestInit,
): Promise<{ statements: number; rows: number; warmStatements: number; warmRows: number }> {
  const [cold, warm] = [await statementsOf(path, init), await statementsOf(path, init)];
  return {
    statements: cold.length,
    rows: await rowsRead(cold),
    warmStatements: warm.length,
    warmRows: await rowsRead(warm),
  };
}

async function statementsOf(path: string, init: RequestInit) {
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const stop = observeQueries((q) => statements.push(q));
  try {
    await (await inProcess().request(path, init)).arrayBuffer();
  } finally {
    stop();
  }
  return statements;
}

async function rowsRead(statements: { sql: string; parameters: readonly unknown[] }[]): Promise<number> {
  const client = await getPool().connect();
  let rows = 0;
  try {
    for (const q of statements) {
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(q.sql)) continue;
      await client.query('begin');
      try {
        const r = await client.query(`explain (analyze, format json) ${q.sql}`, q.parameters as unknown[]);
        rows += scannedRows((r.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan);
      } catch (e) {
        // A planned write's statement (kit/write-plan.ts) replayed: its guard refuses the row,
        // which the recorded call itself moved (SQLSTATE EC409). Its rows go uncounted.
        if ((e as { code?: string }).code !== 'EC409') throw e;
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    client.release();
  }
  return rows;
}

interface Route {
  what: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: (i: number) => string;
  path: (i: number) => string;
  /** run once before the route is measured (a change of the data it measures on) */
  before?: () => Promise<void>;
}

try {
  await migrateAll();
  await seedDemo();
  const company = { id: (await demoCompany()).companyId };
  const day = today();
  // Four 10,000 batches' worth of tags, the first EQUIPMENT of them bound to equipment.
  await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at, created_at)
    select 'T' || lpad(g::text, 8, '0'), ${company.id}::bigint, true, case when g <= ${EQUIPMENT} then now() end, now() - (g % 90) * interval '1 day'
    from generate_series(1, ${TAGS}::int) g`.execute(baseDb());
  const type = await sql<{ id: number }>`select id from cg_demo.inspection_types order by id limit 1`.execute(
    baseDb(),
  );
  await sql`insert into cg_demo.products (sku, name, enabled, inspection_schedule, inspection_type_id, short_description)
    select 'BENCH-' || g, (array['Extintor Pó ABC','Mangueira','Luminária LED','Detector de Fumaça','Hidrante'])[1 + g % 5] || ' ' || g || ' kg',
           true, 30, ${type.rows[0]!.id}, 'bench'
    from generate_series(1, ${PRODUCTS}::int) g`.execute(baseDb());
  await sql`
    with p as (select array_agg(id order by id) ids, array_agg(name order by id) names, array_agg(sku order by id) skus
               from (select * from cg_demo.products where sku not like 'BENCH-%') x)
    insert into cg_demo.equipment (tag_id, company_id, product_id, extra_label, extra_code, due_date, due_notice_date,
      last_inspection_at, last_inspection_day, last_inspection_improper, next_inspection_date, inspection_notice_date, search, created_at)
    select t.id, ${company.id}::bigint, p.ids[1 + g % array_length(p.ids, 1)], 'Local ' || g, 'C' || g, ${day}::date + 200, ${day}::date + 190,
      now(), ${day}::date, false, ${day}::date + 30, ${day}::date + 25,
      core.search_text('|' || concat_ws('|', t.serial_number, 'Local ' || g, 'C' || g, p.names[1 + g % array_length(p.ids, 1)]) || '|'),
      now() - g * interval '1 minute'
    from generate_series(1, ${EQUIPMENT}::int) g
    join cg_demo.tags t on t.serial_number = 'T' || lpad(g::text, 8, '0')
    cross join p`.execute(baseDb());
  // Settled before measuring: the visibility map and statistics written, no autovacuum starting
  // in the middle of the first route (the ceiling), dirty pages flushed.
  // TRY_SQL='…' runs before the measures: a setting or index change to compare against a plain run.
  if (process.env.TRY_SQL) await sql.raw(process.env.TRY_SQL).execute(baseDb());
  // The write ceiling's table (bench/ceiling-server.ts).
  await sql`create table public.bench_ceiling_writes (id bigserial primary key, body jsonb not null,
    at timestamptz not null default now())`.execute(baseDb());
  await sql`vacuum analyze`.execute(baseDb());
  await sql`checkpoint`.execute(baseDb());

  // The product as `npm start` runs it: compiled JavaScript, WEB_CONCURRENCY processes.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, '../scripts/build.ts'), '--if-stale', '--server'],
    {
      stdio: 'inherit',
    },
  );
  const [app, ceiling] = await Promise.all([
    start(
      [
        '--enable-source-maps',
        // PROFILE=dir writes a CPU profile of the server (WEB_CONCURRENCY=1 for a single file).
        ...(process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : []),
        path.join(here, '../dist/server/main.js'),
      ],
      3911,
    ),
    start(['--import', 'tsx', path.join(here, 'ceiling-server.ts')], 3912),
  ]);
  const login = await fetch(`${app}/web/authentication/`, {
    method: 'POST',
    headers: { Email: 'company.admin@equipcheck.dev' },
    body: 'Demo@123',
  });
  const token = ((await login.json()) as { data: string }).data;
  const auth = { Authorization: `Bearer ${token}` };
  // 100 equipment to inspect in turn, each with the answers its own inspection form asks for.
  const serial = (i: number) => `T${String(1 + (i % 100)).padStart(8, '0')}`;
  type Form = { data: { questions: { id: number; type: string; customAnswers?: { id: number }[] }[] } };
  const answersTo = (form: Form) =>
    form.data.questions.map((q) => ({
      questionId: q.id,
      answer: q.type === 'YES_NO_NA' ? 'YES' : q.type === 'CUSTOM' ? q.customAnswers![0]!.id : 'ok',
    }));
  const answers: unknown[][] = [];
  const maintenanceAnswers: unknown[][] = [];
  for (let i = 0; i < 100; i++) {
    for (const [kind, list] of [
      ['inspection', answers],
      ['maintenance', maintenanceAnswers],
    ] as const) {
      const form = (await (
        await fetch(`${app}/web/equipments/${serial(i)}/${kind}-form`, { headers: auth })
      ).json()) as Form;
      list.push(answersTo(form));
    }
  }
  const inspectionRoute = (what: string): Route => ({
    what,
    url: app,
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    path: (i) => `/web/equipments/${serial(i)}/inspections`,
    body: (i) =>
      JSON.stringify({ answers: answers[i % 100], latitude: -23.5, longitude: -46.6, accuracy: 8 }),
  });
  const ceilingRoute: Route = {
    what: 'ceiling: bare Hono + one PK SELECT (pg)',
    url: ceiling,
    path: () => '/ceiling',
  };
  const routes: Route[] = [
    ceilingRoute,
    { what: 'ceiling × 3: three PK SELECTs one after the other', url: ceiling, path: () => '/ceiling?n=3' },
    { what: "GET /health (the product's middleware, no database)", url: app, path: () => '/health' },
    { what: 'GET /web/logged-user/', url: app, headers: auth, path: () => '/web/logged-user/' },
    {
      what: 'GET /web/products/?pageSize=10',
      url: app,
      headers: auth,
      path: () => '/web/products/?pageSize=10',
    },
    {
      what: 'GET /web/products/?query=fumaca (search)',
      url: app,
      headers: auth,
      path: (i) => `/web/products/?pageSize=10&page=${i % 5}&query=fumaca`,
    },
    { what: 'GET /web/tags/?pageSize=10', url: app, headers: auth, path: () => '/web/tags/?pageSize=10' },
    {
      what: 'GET /web/equipments/?pageSize=10',
      url: app,
      headers: auth,
      path: () => '/web/equipments/?pageSize=10',
    },
    // The same list calls asking for a fresh answer: what a call costs when the per-caller answer
    // cache (kit/operation.ts) cannot help — another user, another page, right after a write.
    ...[
      ['GET /web/products/?pageSize=10', () => '/web/products/?pageSize=10'],
      [
        'GET /web/products/?query=fumaca (search)',
        (i: number) => `/web/products/?pageSize=10&page=${i % 5}&query=fumaca`,
      ],
      ['GET /web/tags/?pageSize=10', () => '/web/tags/?pageSize=10'],
      ['GET /web/equipments/?pageSize=10', () => '/web/equipments/?pageSize=10'],
    ].map(
      ([what, path]) =>
        ({
          what: `${what as string}, Cache-Control: no-cache`,
          url: app,
          headers: { ...auth, 'Cache-Control': 'no-cache' },
          path: path as (i: number) => string,
        }) satisfies Route,
    ),
    {
      what: 'write ceiling: bare Hono, two PK SELECTs and one INSERT (pg, autocommit)',
      url: ceiling,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      path: () => '/ceiling-write',
      body: (i) =>
        JSON.stringify({ answers: answers[i % 100], latitude: -23.5, longitude: -46.6, accuracy: 8 }),
    },
    // The demo company has a visit today (the seed's plans): each record also checks whether it
    // emptied the visit's list (visits close by themselves), in the write's transaction.
    inspectionRoute('POST /web/equipments/{tag}/inspections, with an open visit today'),
    // The common path: no visit today, no order waiting, no webhook endpoint.
    {
      ...inspectionRoute('POST /web/equipments/{tag}/inspections'),
      before: async () => {
        await sql`update cg_demo.visits set closed_status = 'DONE', closed_at = now(), missing_count = 0
          where closed_status is null`.execute(baseDb());
      },
    },
    {
      what: 'POST /web/equipments/{tag}/maintenances',
      url: app,
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      path: (i) => `/web/equipments/${serial(i)}/maintenances`,
      body: (i) => JSON.stringify({ answers: maintenanceAnswers[i % 100] }),
    },
  ];

  const results: {
    what: string;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    rows: number;
    statements: number;
    serverUs: number;
    kernelUs: number;
    pgUs: number;
    warmRows: number;
    warmStatements: number;
  }[] = [];
  // The in-process probe's caches work once its LISTEN connection is up (db/notifications.ts).
  const { connected } = await import('../src/server/db/notifications.ts');
  while (!connected()) await new Promise((r) => setTimeout(r, 20));
  const only = process.env.ONLY?.split(process.env.ONLY.includes(';') ? ';' : ',').filter(Boolean);
  // The ceiling runs first and again last (the machine may drift during the run): the share is
  // taken of the two runs' mean, and both are printed.
  const chosen = only ? routes.filter((x, i) => i === 0 || only.some((o) => x.what.includes(o))) : routes;
  for (const r of [...chosen, { ...ceilingRoute, what: `${ceilingRoute.what}, again at the end` }]) {
    await r.before?.();
    // Statements and rows read of one call of the product (the ceiling's: one row, by its key).
    const probe =
      r.url === app
        ? await rowsReadBy(r.path(7), { method: r.method ?? 'GET', headers: r.headers, body: r.body?.(7) })
        : (() => {
            const n = r.path(0) === '/ceiling-write' ? 3 : Number(r.path(0).match(/n=(\d+)/)?.[1] ?? 1);
            return { statements: n, rows: n, warmStatements: n, warmRows: n };
          })();
    let n = 0;
    const drive = (duration: number) =>
      autocannon({
        url: r.url,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: r.method ?? 'GET',
            headers: r.headers,
            setupRequest: (req) => {
              const i = n++;
              return { ...req, path: r.path(i), body: r.body?.(i) };
            },
          },
        ],
      });
    // Unmeasured first (WARMUP s): the route's code optimised by V8 and its caches filled, so the
    // measure is the steady state whatever ran before it (the first write route paid for the
    // write path's warm-up alone).
    if (WARMUP > 0) await drive(WARMUP);
    // CPU per call of the server's processes and of Postgres: what a call costs whatever else runs.
    const serverPids = r.url === app ? processTree(children[0]!.pid!) : processTree(children[1]!.pid!);
    const cpu0 = { server: cpuMs(serverPids), kernel: cpuMs(serverPids, 'kernel') };
    const pgCpu = postgresCpuTracker();
    const out = await drive(DURATION);
    const pgMs = pgCpu.stop();
    const calls = Math.max(1, out.requests.total);
    results.push({
      serverUs: ((cpuMs(serverPids) - cpu0.server) * 1000) / calls,
      kernelUs: ((cpuMs(serverPids, 'kernel') - cpu0.kernel) * 1000) / calls,
      pgUs: (pgMs * 1000) / calls,
      what: r.what,
      rps: out.requests.average,
      p50: out.latency.p50,
      p99: out.latency.p99,
      errors: out.non2xx + out.errors + out.timeouts,
      rows: probe.rows,
      statements: probe.statements,
      warmRows: probe.warmRows,
      warmStatements: probe.warmStatements,
    });
    console.log(`${r.what}: ${Math.round(out.requests.average)} req/s`);
  }
  const ceil = (results[0]!.rps + results.at(-1)!.rps) / 2;
  console.log(
    `\nMachine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, Node ${process.version}; ${CONNECTIONS} connections × ${DURATION} s (after ${WARMUP} s unmeasured); WEB_CONCURRENCY=${processes}; ${TAGS.toLocaleString('en')} tags, ${PRODUCTS.toLocaleString('en')} products, ${EQUIPMENT.toLocaleString('en')} equipment`,
  );
  console.log(
    '| route | req/s | share of ceiling (mean of first and last) | p50 ms | p99 ms | non-2xx/errors | statements cold / warm | rows read cold / warm | server CPU µs/call (kernel) | Postgres CPU µs/call |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.what} | ${Math.round(r.rps).toLocaleString('en')} | ${Math.round((r.rps / ceil) * 100)}% | ${r.p50} | ${r.p99} | ${r.errors} | ${r.statements} / ${r.warmStatements} | ${r.rows.toFixed(0)} / ${r.warmRows.toFixed(0)} | ${Math.round(r.serverUs)} (${Math.round(r.kernelUs)}) | ${Math.round(r.pgUs)} |`,
    );
} finally {
  // The servers stop before their database goes.
  await Promise.all(
    children
      .filter((c) => c.exitCode === null)
      .map(
        (c) =>
          new Promise((resolve) => {
            c.once('exit', resolve);
            c.kill('SIGTERM');
          }),
      ),
  );
  await closeDb();
  await closeRedis();
  await env.teardown();
}
