/**
 * Reports on a large tenant (issue 13; `npm run bench -- reports`): fills a throwaway database's
 * demo group with a company of N (default 100,000) equipment and ~10 inspections each
 * (bench/large-tenant.ts), a maintenance on every third, the extinguishers' date attributes;
 * then times report pages through the real app in-process (p50/p95 per filter kind, both reports)
 * and runs each export job's `process` in a child process of its own (bench/report-export-child.ts),
 * so its wall time and peak RSS are the job's alone: XLSX of 100,000 rows, PDF of 10,000.
 * `npx tsx bench/reports.ts`; KEEP=1 keeps the database.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.N ?? 100_000);
const EACH = Number(process.env.INSPECTIONS_EACH ?? 10);
const RUNS = Number(process.env.RUNS ?? 60);
const TARGET = { pageP95Ms: 50, xlsxSeconds: 15, pdfSeconds: 20, rssMb: 300 };

const env = await createTestEnvironment('rpbench');
applyEnv({ ...env.env, LOGIN_FREE_PER_PAIR: '100000', LOGIN_FREE_PER_IP: '100000', LOG_LEVEL: 'error' });
const { fillLargeTenant } = await import('./large-tenant.ts');
const { baseDb, closeDb, coreDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { closeQueue } = await import('../src/server/jobs/queue.ts');
const { createApp } = await import('../src/server/app.ts');
const { addDays } = await import('../src/shared/equipment/status.ts');

interface Row {
  what: string;
  rows: number;
  p50: number;
  p95: number;
}

try {
  const lt = await fillLargeTenant({ n: N, each: EACH });
  const db = baseDb();
  const demo = { id: lt.groupId };
  const cid = lt.companyId;
  const day0 = lt.day0;
  const pdfProduct = lt.pdfProduct;

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
  const ids = async (q: string) => (await sql<{ id: number }>`${sql.raw(q)}`.execute(db)).rows[0]!.id;
  const fire = await ids(`select id from cg_demo.categories where name = 'Combate a Incêndio'`);
  const extType = await ids(`select id from cg_demo.inspection_types where name = 'Extintores'`);
  const rechargeDay = addDays(day0, -(30 + 123));
  const c = `companyId=${cid}`;
  const inspectionCases: [string, string, string][] = [
    ['unfiltered (company of 100k)', group, c],
    ['unfiltered (operator, other company)', operator, ''],
    ['status=EXPIRED', group, `${c}&status=EXPIRED`],
    ['status=NA', group, `${c}&status=NA`],
    ['status=IMPROPER', group, `${c}&status=IMPROPER`],
    ['status=VALID', group, `${c}&status=VALID`],
    ['categoryId', group, `${c}&categoryId=${fire}`],
    ['inspectionTypeId', group, `${c}&inspectionTypeId=${extType}`],
    ['productId', group, `${c}&productId=${pdfProduct}`],
    [
      'createFrom/createUpTo (30 days)',
      group,
      `${c}&createFrom=${addDays(day0, -120)}&createUpTo=${addDays(day0, -90)}`,
    ],
    [
      'lastInspectionFrom/UpTo (7 days)',
      group,
      `${c}&lastInspectionFrom=${addDays(day0, -20)}&lastInspectionUpTo=${addDays(day0, -13)}`,
    ],
    ['lastInspection EXPIRED_OR_EXPIRING', group, `${c}&lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING`],
    ['dueDateFrom/UpTo (30 days)', group, `${c}&dueDateFrom=${day0}&dueDateUpTo=${addDays(day0, 30)}`],
    ['dueDate EXPIRING', group, `${c}&dueDateExpirationStatus=EXPIRING`],
    [
      'rechargeDate (extinguishers)',
      group,
      `${c}&categoryId=${fire}&inspectionTypeId=${extType}&rechargeDate=${rechargeDay}`,
    ],
    ['manufacturingDate', group, `${c}&manufacturingDate=${addDays(day0, -(30 + 200))}`],
    ['weighingDate', group, `${c}&weighingDate=${addDays(day0, -(30 + 77))}`],
    ['search "local 123"', group, `${c}&query=local%20123`],
    ['sort lastInspection asc', group, `${c}&sort=lastInspection&direction=asc`],
    ['sort product desc', group, `${c}&sort=product&direction=desc`],
    ['sort status asc', group, `${c}&sort=status&direction=asc`],
    ['page 50', group, `${c}&page=50`],
  ];
  const maintenanceCases: [string, string, string][] = [
    ['unfiltered', group, ''],
    ['status=NA (never maintained)', group, 'status=NA'],
    ['status=EXPIRED', group, 'status=EXPIRED'],
    [
      'lastMaintenanceFrom/UpTo (30 days)',
      group,
      `lastMaintenanceFrom=${addDays(day0, -60)}&lastMaintenanceUpTo=${addDays(day0, -30)}`,
    ],
    ['sort lastMaintenance desc', group, 'sort=lastMaintenance&direction=desc'],
    ['sort lastMaintenance asc', group, 'sort=lastMaintenance&direction=asc'],
    ['sort status', group, 'sort=status'],
    ['rechargeDate', group, `rechargeDate=${rechargeDay}`],
  ];
  const time = async (pathname: string, [what, token, q]: [string, string, string]): Promise<Row> => {
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const s = performance.now();
      const r = await app.request(`${pathname}?${q}`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.1.1.2' },
      });
      const body = (await r.json()) as { data: { total: number } };
      if (r.status !== 200) throw new Error(`${what}: ${JSON.stringify(body)}`);
      total = body.data.total;
      if (i >= 5) ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    return {
      what,
      rows: total,
      p50: ms[Math.floor(ms.length * 0.5)]!,
      p95: ms[Math.floor(ms.length * 0.95)]!,
    };
  };
  const pages: { report: string; row: Row }[] = [];
  for (const k of inspectionCases)
    pages.push({ report: 'inspections', row: await time('/web/equipments/', k) });
  for (const k of maintenanceCases)
    pages.push({ report: 'maintenances', row: await time('/web/equipments/maintenance-report/', k) });

  // The export request itself: the size check counts up to the limit + 1 (then the job is queued).
  const requestMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    const r = await app.request(`/web/equipments/report/excel?${c}`, {
      headers: { Authorization: `Bearer ${group}`, 'X-Forwarded-For': '10.1.1.2', Prefer: 'respond-async' },
    });
    if (r.status !== 202) throw new Error(`export request: ${r.status} ${await r.text()}`);
    requestMs.push(performance.now() - s);
  }
  await coreDb().deleteFrom('jobs').execute();

  const exportRun = (format: 'pdf' | 'xlsx', filters: Record<string, unknown>) => {
    const params = { report: 'inspections', filters, scopeCompanyId: null, day: day0 };
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'report-export-child.ts'),
        format,
        JSON.stringify(params),
        String(demo.id),
      ],
      { encoding: 'utf8', env: { ...process.env, ...env.env, LOG_LEVEL: 'error' } },
    );
    return JSON.parse(out.trim().split('\n').pop()!) as {
      ms: number;
      bytes: number;
      maxRssMb: number;
      rows: number;
    };
  };
  const xlsx = exportRun('xlsx', { companyId: cid, sort: 'createdAt', direction: 'desc' });
  const pdf = exportRun('pdf', {
    companyId: cid,
    productId: pdfProduct,
    sort: 'createdAt',
    direction: 'desc',
  });

  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `\nReport pages, in-process, ${N.toLocaleString('en')} equipment in one company (${RUNS} runs each):`,
  );
  console.log('| report | filter | rows | p50 ms | p95 ms |');
  console.log('|---|---|---:|---:|---:|');
  for (const { report, row } of pages)
    console.log(
      `| ${report} | ${row.what} | ${row.rows.toLocaleString('en')} | ${fmt(row.p50)} | ${fmt(row.p95)} |`,
    );
  requestMs.sort((a, b) => a - b);
  console.log(
    `\nExport request (XLSX, 100,000 rows: size check + job queued): median ${fmt(requestMs[2]!)} ms`,
  );
  console.log('\n| export | rows | seconds | peak RSS MB | file MB |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [what, r] of [
    ['XLSX (job process, child)', xlsx],
    ['PDF (job process, child)', pdf],
  ] as const)
    console.log(
      `| ${what} | ${r.rows.toLocaleString('en')} | ${(r.ms / 1000).toFixed(2)} | ${r.maxRssMb.toFixed(0)} | ${(r.bytes / 1e6).toFixed(2)} |`,
    );
  // The target is per filter kind; sorts by product name and by status (relative to today) are
  // listed above but read every matching row (no index can hold them).
  const isSort = (what: string) => what.startsWith('sort ');
  const worst = Math.max(...pages.filter((p) => !isSort(p.row.what)).map((p) => p.row.p95));
  const ok =
    worst < TARGET.pageP95Ms &&
    xlsx.ms / 1000 < TARGET.xlsxSeconds &&
    pdf.ms / 1000 < TARGET.pdfSeconds &&
    Math.max(xlsx.maxRssMb, pdf.maxRssMb) < TARGET.rssMb;
  console.log(
    `\nTargets (page p95 per filter kind < ${TARGET.pageP95Ms} ms — worst ${fmt(worst)} ms; XLSX 100k < ${TARGET.xlsxSeconds} s; PDF 10k < ${TARGET.pdfSeconds} s; RSS < ${TARGET.rssMb} MB): ${ok ? 'met' : 'NOT met'}`,
  );
} finally {
  await closeQueue();
  await closeDb();
  await closeRedis();
  if (process.env.KEEP) console.log(`kept ${env.databaseUrl}`);
  else await env.teardown();
}
