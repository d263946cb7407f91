/**
 * Reports on a large tenant (issue 13; `npm run bench -- reports`): fills a throwaway database's
 * demo group with a company of N (default 100,000) equipment and ~10 inspections each (set-based
 * SQL, as scripts/seed-large.ts), a maintenance on every third, the extinguishers' date attributes;
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
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, coreDb, tenantDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { closeQueue } = await import('../src/server/jobs/queue.ts');
const { createApp } = await import('../src/server/app.ts');
const { today } = await import('../src/server/db/days.ts');
const { addDays } = await import('../src/shared/equipment/status.ts');
const { answersFor, fillSearch, loadCatalogueForSeed } = await import(
  '../src/server/domains/equipment/seed.ts'
);

async function step(name: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  console.log(`  ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

interface Row {
  what: string;
  rows: number;
  p50: number;
  p95: number;
}

try {
  await migrateAll();
  await seedDemo();
  const db = baseDb();
  const demo = await coreDb()
    .selectFrom('company_groups')
    .select('id')
    .where('schema_name', '=', 'demo')
    .executeTakeFirstOrThrow();
  const company = await coreDb()
    .insertInto('companies')
    .values({
      company_group_id: demo.id,
      name: 'Benchmark Ltda',
      fantasy_name: null,
      cnpj: null,
      main_contact_name: null,
      email: null,
      phone: null,
      address: null,
      image_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cid = company.id;
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('email', '=', 'group.admin@equipcheck.dev')
    .executeTakeFirstOrThrow();
  const t = (name: string) => sql.table(`cg_demo.${name}`);
  const day0 = today();
  const products = (
    await sql<{ id: number; sku: string }>`
    select id, sku from ${t('products')} where enabled and not is_dv_exclusive order by id`.execute(db)
  ).rows;
  // Every 10th equipment is the first extinguisher (the PDF's 10,000 rows); the rest round-robin.
  const pdfProduct = products.find((p) => p.sku === 'EXT-PQS-4')!.id;
  const others = products.filter((p) => p.id !== pdfProduct).map((p) => p.id);
  console.log(
    `Filling ${N.toLocaleString('en')} equipment, ~${(N * EACH).toLocaleString('en')} inspections:`,
  );

  await step('tags and equipment', async () => {
    await sql`insert into ${t('tags')} (serial_number, company_id, enabled, activated_at, created_at)
      select 'R' || lpad(g::text, 8, '0'), ${cid}::bigint, true, now(), now() - interval '800 days'
      from generate_series(1, ${N}::int) g`.execute(db);
    await sql`
      insert into ${t('equipment')} (tag_id, company_id, product_id, extra_label, extra_code, created_by, created_at)
      select tg.id, ${cid}::bigint,
        case when g % 10 = 0 then ${pdfProduct}::int else (${sql.val(others)}::int[])[1 + g % ${others.length}] end,
        'Local ' || (g % 997), 'CTRL-' || g, ${user.id}::bigint,
        now() - ((g % 700) || ' days')::interval - ((g % 86400) || ' seconds')::interval - interval '1 day'
      from generate_series(1, ${N}::int) g join ${t('tags')} tg on tg.serial_number = 'R' || lpad(g::text, 8, '0')`.execute(
      db,
    );
  });

  const catalogue = await loadCatalogueForSeed('demo');
  const answerSets = catalogue.map((p) => ({
    id: p.id,
    good: JSON.stringify(answersFor(p, false)),
    bad: JSON.stringify(answersFor(p, true)),
  }));
  await step('inspections (every 25th never inspected, every 13th improper)', async () => {
    await sql`
      insert into ${t('inspections')} (equipment_id, company_id, product_id, user_id, user_name, user_email, improper, answers, created_at)
      select e.id, ${cid}::bigint, e.product_id, ${user.id}::bigint, ${user.name}, ${user.email},
        (k = 0 and e.id % 13 = 0), case when k = 0 and e.id % 13 = 0 then a.bad else a.good end,
        now() - ((e.id % 60) || ' days')::interval - (k || ' months')::interval
      from ${t('equipment')} e
      join (select * from jsonb_to_recordset(${JSON.stringify(answerSets)}::jsonb) as x(id int, good jsonb, bad jsonb)) a on a.id = e.product_id
      cross join generate_series(0, ${EACH - 1}::int) k
      where e.company_id = ${cid} and e.id % 25 <> 0`.execute(db);
  });
  await step('equipment dates from the last inspection', async () => {
    await sql`
      update ${t('equipment')} e set
        last_inspection_id = i.id, last_inspection_at = i.created_at,
        last_inspection_day = (i.created_at at time zone 'America/Sao_Paulo')::date,
        last_inspection_user_id = i.user_id, last_inspection_improper = i.improper,
        next_inspection_date = (i.created_at at time zone 'America/Sao_Paulo')::date + p.inspection_schedule,
        inspection_notice_date = (i.created_at at time zone 'America/Sao_Paulo')::date + p.inspection_schedule
          - coalesce(p.days_notification_next_inspection_date, 0),
        due_date = case when p.is_due_date then ${day0}::date + ((e.id % 400) - 30) end,
        due_notice_date = case when p.is_due_date then ${day0}::date + ((e.id % 400) - 30) - coalesce(p.days_notification_due_date, 0) end
      from (select distinct on (equipment_id) id, equipment_id, created_at, user_id, improper
            from ${t('inspections')} where company_id = ${cid} order by equipment_id, created_at desc) i,
        ${t('products')} p
      where i.equipment_id = e.id and p.id = e.product_id`.execute(db);
  });
  await step('maintenances (every 3rd equipment)', async () => {
    await sql`
      insert into ${t('maintenances')} (equipment_id, company_id, product_id, user_id, user_name, user_email, created_at)
      select e.id, ${cid}::bigint, e.product_id, ${user.id}::bigint, ${user.name}, ${user.email},
        now() - ((e.id % 300) || ' days')::interval
      from ${t('equipment')} e where e.company_id = ${cid} and e.id % 3 = 0`.execute(db);
    await sql`
      update ${t('equipment')} e set last_maintenance_id = m.id, last_maintenance_at = m.created_at, last_maintenance_user_id = m.user_id
      from ${t('maintenances')} m where m.equipment_id = e.id and m.company_id = ${cid}`.execute(db);
  });
  await step('extinguisher date attributes', async () => {
    // Each DATE attribute of the equipment's subcategory, spread over ~400 days.
    await sql`
      insert into ${t('equipment_attribute_values')} (equipment_id, attribute_id, value)
      select e.id, a.id, to_char(${day0}::date - (30 + (e.id * 7 + a.id) % 400), 'YYYY-MM-DD')
      from ${t('equipment')} e
      join ${t('products')} p on p.id = e.product_id
      join ${t('inspection_type_attributes')} a on a.inspection_type_id = p.inspection_type_id and a.type = 'DATE'
      where e.company_id = ${cid}
      on conflict do nothing`.execute(db);
  });
  await step('search documents', () => fillSearch(tenantDb('demo')));
  await step('analyze', () =>
    sql`analyze ${t('tags')}, ${t('equipment')}, ${t('inspections')}, ${t('maintenances')}, ${t('equipment_attribute_values')}`.execute(
      db,
    ),
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
