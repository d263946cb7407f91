/**
 * Importing equipment at scale (issue 31 item 7; `npm run bench -- import`): a throwaway database's
 * demo group, N (default 50,000) equipment rows of its seeded extinguisher catalogue written as XLSX
 * and CSV (streamed writers, bench/import/generate.ts); the ceiling — exceljs' streaming reader and
 * @fast-csv/parse alone over the same files (bench/import/ceiling.ts); then the product path: the
 * dry run (POST /web/imports/equipment, dryRun=true, the real app in-process) and the import job
 * through a real worker process (`dist/worker/main.js`, as `npm start` runs it), until the job
 * completes. The worker's peak RSS is its kernel high-water mark, VmHWM of /proc/<pid>/status, read
 * when the job is done (the worker is started for this job alone, so the mark is the job's).
 * Goals: < 60 s for validating and importing, < 300 MB worker peak. KEEP=1 keeps the database;
 * N rows (default 50,000); TAGS=0 rows without a tag; WORKER=tsx the worker under tsx (default: built, as `npm start`);
 * ONLY=xlsx|csv the product path of one file; WORKER_NODE_ARGS extra node flags for the worker
 * (e.g. `--trace-gc`) and WORKER_LOG=<file> its stdout appended there (memory investigations).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';
import { csvCeiling, xlsxCeiling } from './import/ceiling.ts';
import { type BenchCatalogue, BENCH_HEADERS, writeBenchCsv, writeBenchXlsx } from './import/generate.ts';

const N = Number(process.env.N ?? 50_000);
const GOAL = { seconds: 60, rssMb: 300 };
const env = await createTestEnvironment('impbench');
applyEnv({ ...env.env, LOG_LEVEL: 'error' });
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, coreDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { closeQueue } = await import('../src/server/jobs/queue.ts');
const { createApp } = await import('../src/server/app.ts');

interface Line {
  what: string;
  rows: number;
  seconds: number;
  note?: string;
}
const lines: Line[] = [];

/** The demo group's extinguisher products (not DV-exclusive) and that type's attributes. */
async function catalogue(): Promise<BenchCatalogue> {
  const products = await sql<{ sku: string; name: string }>`select p.sku, p.name from cg_demo.products p
    join cg_demo.inspection_types it on it.id = p.inspection_type_id
    where it.name = 'Extintores' and not p.is_dv_exclusive and p.sku is not null order by p.id`.execute(
    baseDb(),
  );
  const attributes = await sql<{
    id: number;
    name: string;
    type: string;
  }>`select a.id, a.attribute as name, a.type
    from cg_demo.inspection_type_attributes a join cg_demo.inspection_types it on it.id = a.inspection_type_id
    where it.name = 'Extintores' order by a.id`.execute(baseDb());
  return { products: products.rows, attributes: attributes.rows };
}

/**
 * The worker exactly as `npm start` runs it (the server side built by `scripts/build.ts --if-stale
 * --server`, then `node dist/worker/main.js`); WORKER=tsx runs it under tsx instead, like the tests'
 * child workers (its transpiler adds ~50 MB to the resident set).
 */
const FROM_DIST = process.env.WORKER !== 'tsx';
if (FROM_DIST)
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', '--server'], {
    stdio: 'inherit',
  });

/** A worker process; resolves once it logged "worker started" (its queues listen). */
async function startWorker(): Promise<ChildProcess> {
  const args = FROM_DIST
    ? ['--enable-source-maps', 'dist/worker/main.js']
    : ['--import', 'tsx', 'src/worker/main.ts'];
  const extra = process.env.WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, ...args], {
    env: { ...process.env, WORKER_CONCURRENCY: '1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`worker not started in 60 s: ${seen.slice(-500)}`)),
      60_000,
    );
    child.stdout!.on('data', (b: Buffer) => {
      const text = b.toString();
      if (process.env.WORKER_LOG) appendFileSync(process.env.WORKER_LOG, text);
      if (seen.length < 100_000) seen += text;
      for (const l of text.split('\n')) if (/"level":"(warn|error)"/.test(l)) process.stderr.write(`${l}\n`);
      if (seen.includes('worker started')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${seen.slice(-500)}`)));
  });
  return child;
}

/** The process's peak resident set (kB → MB) as the kernel keeps it. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function postImport(
  app: ReturnType<typeof createApp>,
  token: string,
  file: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: { data?: Record<string, unknown>; error?: unknown } }> {
  const form = new FormData();
  const bytes = readFileSync(file);
  const type = file.endsWith('.xlsx')
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv';
  form.set('file', new Blob([bytes], { type }), path.basename(file));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const r = await app.request('/web/imports/equipment', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.1.1.9' },
    body: form,
  });
  return { status: r.status, body: (await r.json()) as never };
}

async function waitForJob(jobId: string, worker: ChildProcess, t0: number) {
  for (;;) {
    const job = await coreDb()
      .selectFrom('jobs')
      .select(['state', 'progress', 'result', 'error'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    if (job.state === 'completed' || job.state === 'failed') return job;
    if (worker.exitCode !== null) throw new Error(`worker exited (${worker.exitCode}); job ${job.state}`);
    if (performance.now() - t0 > 900_000)
      throw new Error(`job still ${job.state} at ${job.progress}% after 900 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Dry run then the job over one file; a line per step. */
async function productPath(
  app: ReturnType<typeof createApp>,
  token: string,
  file: string,
  companyId: number,
  mapping: Record<string, string>,
) {
  const kind = path.extname(file).slice(1).toUpperCase();
  const fields = { companyId: String(companyId), mapping: JSON.stringify(mapping) };
  // Started before the timings (its boot is not the job's), for this file's job alone.
  const worker = await startWorker();
  const atRest = peakRssMb(worker.pid!);
  try {
    let t = performance.now();
    const dry = await postImport(app, token, file, { ...fields, dryRun: 'true' });
    if (dry.status !== 200)
      throw new Error(`dry run ${dry.status}: ${JSON.stringify(dry.body).slice(0, 500)}`);
    const dryS = (performance.now() - t) / 1000;
    const report = dry.body.data ?? {};
    lines.push({
      what: `dry run, ${kind} (server, in-process)`,
      rows: N,
      seconds: dryS,
      note: JSON.stringify(report).slice(0, 160),
    });
    t = performance.now();
    const run = await postImport(app, token, file, { ...fields, dryRun: 'false' });
    if (run.status !== 202)
      throw new Error(`import ${run.status}: ${JSON.stringify(run.body).slice(0, 500)}`);
    const jobId = String(
      (run.body.data as { jobId?: string; id?: string }).jobId ?? (run.body.data as { id?: string }).id,
    );
    const job = await waitForJob(jobId, worker, t);
    const jobS = (performance.now() - t) / 1000;
    const rss = peakRssMb(worker.pid!);
    const firstFailure = await sql<{ line: number; reasons: string }>`select line, reasons
      from cg_demo.import_failed_rows where job_id = ${jobId} order by line limit 1`.execute(baseDb());
    lines.push({
      what: `import job, ${kind} (worker process)`,
      rows: N,
      seconds: jobS,
      note: `${job.state}, peak RSS ${rss.toFixed(0)} MB (VmHWM; ${atRest.toFixed(0)} MB once started, ${FROM_DIST ? 'dist build' : 'under tsx'}), ${JSON.stringify(job.result ?? job.error).slice(0, 160)}${firstFailure.rows[0] ? ` first failed row: ${JSON.stringify(firstFailure.rows[0]).slice(0, 200)}` : ''}`,
    });
    lines.push({
      what: `dry run + job, ${kind}`,
      rows: N,
      seconds: dryS + jobS,
      note: `goal < ${GOAL.seconds} s, RSS < ${GOAL.rssMb} MB`,
    });
  } finally {
    const exited = new Promise((r) => worker.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  }
}

function table(): string {
  const head = `${'step'.padEnd(44)} ${'rows'.padStart(7)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(9)}  note`;
  return [
    head,
    '-'.repeat(head.length + 20),
    ...lines.map(
      (l) =>
        `${l.what.padEnd(44)} ${String(l.rows).padStart(7)} ${l.seconds.toFixed(2).padStart(8)} ${Math.round(
          l.rows / l.seconds,
        )
          .toString()
          .padStart(9)}  ${l.note ?? ''}`,
    ),
  ].join('\n');
}

const dir = path.join(os.tmpdir(), `eqc-import-bench-${process.pid}`);
try {
  await migrateAll();
  await seedDemo();
  await mkdir(dir, { recursive: true });
  const cat = await catalogue();
  const company = await sql<{ id: number }>`select id from core.companies where company_group_id =
    (select id from core.company_groups where schema_name = 'demo') order by id limit 1`.execute(baseDb());
  const companyId = company.rows[0]!.id;
  // TAGS=0: rows without a tag (the equipment waits for one; needs tagless equipment, branch
  // tagless). Otherwise each row names a tag of the demo company made here (enabled, unused).
  const withTags = process.env.TAGS !== '0';
  // The demo group's plan allows 1,000 equipment: the bench measures the import, not the plan.
  await sql`update core.company_groups set plan_id = null where schema_name = 'demo'`.execute(baseDb());
  // And its company's tags in use are capped at 1,000: room for the bench's 2N.
  await sql`update core.companies set tags_limit = ${4 * N} where id = ${companyId}`.execute(baseDb());
  const serial = (prefix: string) => (i: number) => `IB${prefix}${String(i).padStart(7, '0')}`;
  if (withTags)
    for (const prefix of ['X', 'C'])
      await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at)
        select ${`IB${prefix}`} || lpad(g::text, 7, '0'), ${companyId}::bigint, true, now()
        from generate_series(1, ${N}::int) g`.execute(baseDb());
  const rowsOf = (prefix: string) => ({ prefix, ...(withTags ? { tagSerial: serial(prefix) } : {}) });
  const xlsx = path.join(dir, 'equipment.xlsx');
  const csv = path.join(dir, 'equipment.csv');
  let t = performance.now();
  await writeBenchXlsx(xlsx, cat, N, rowsOf('X'));
  lines.push({
    what: 'write XLSX (streamed)',
    rows: N,
    seconds: (performance.now() - t) / 1000,
    note: `${((await stat(xlsx)).size / 1e6).toFixed(1)} MB`,
  });
  t = performance.now();
  await writeBenchCsv(csv, cat, N, rowsOf('C'));
  lines.push({
    what: 'write CSV (streamed)',
    rows: N,
    seconds: (performance.now() - t) / 1000,
    note: `${((await stat(csv)).size / 1e6).toFixed(1)} MB`,
  });
  for (const c of [await xlsxCeiling(xlsx), await csvCeiling(csv)])
    lines.push({ what: `ceiling: ${c.what}`, rows: c.rows, seconds: c.seconds });

  const app = createApp();
  const login = await app.request('/web/authentication/', {
    method: 'POST',
    headers: { Email: 'group.admin@equipcheck.dev', 'X-Forwarded-For': '10.1.1.1' },
    body: 'Demo@123',
  });
  const token = ((await login.json()) as { data: string }).data;
  // The files' columns → the import's fields (explicit: the run does not rely on guessing).
  const mapping: Record<string, string> = {
    [BENCH_HEADERS.product]: 'productSku',
    [BENCH_HEADERS.control]: 'extraCode',
    ...(withTags ? { [BENCH_HEADERS.tag]: 'tagSerialNumber' } : {}),
    ...Object.fromEntries(cat.attributes.map((a) => [a.name, `attr:${a.id}`])),
  };
  // ONLY=xlsx or ONLY=csv: the product path of that file alone (a quicker measurement).
  const only = process.env.ONLY?.toLowerCase();
  for (const file of [xlsx, csv].filter((f) => !only || f.endsWith(`.${only}`))) {
    try {
      await productPath(app, token, file, companyId, mapping);
    } catch (err) {
      lines.push({
        what: `product path, ${path.extname(file)}`,
        rows: N,
        seconds: Number.NaN,
        note: `FAILED: ${String((err as Error).message).slice(0, 300)}`,
      });
    }
  }
  console.log(
    `\nImport, ${N} equipment rows (${withTags ? 'each on an existing tag' : 'without tags'}; ${cat.attributes.length} attributes):`,
  );
  console.log(table());
} finally {
  await rm(dir, { recursive: true, force: true });
  await closeQueue();
  await closeDb();
  await closeRedis();
  if (process.env.KEEP) console.log(`kept ${env.databaseUrl}`);
  else await env.teardown();
}
