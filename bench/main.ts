/**
 * `npm run bench`: QR label throughput and peak memory, then API latency on a large tenant (docs/performance.md).
 * The QR part is bench/qr.ts (each rendering in its own process, the bare encoder as the ceiling,
 * and 10,000 labels per label template).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// `npm run bench -- api` (or `qr`, `equipment`, `reports`, `dashboard`, `throughput`, `tenants`, `citus`,
// `tenant-memory`, `backup`, `evidence`, `cycles`, `import`) runs one part.
const part = process.argv[2];
if (part === undefined || part === 'qr') {
  // QR labels: formats, sizes and every label template (bench/qr.ts).
  const { qrBench } = await import('./qr.ts');
  qrBench();
}

// API latency over a large tenant (docs/performance.md, "API").
if (part === undefined || part === 'api') {
  const { apiBench, apiTable } = await import('./api.ts');
  const api = await apiBench();
  console.log('\nAPI, in-process, 100,000 products in the tenant:');
  console.log(apiTable(api.rows));
  console.log('\nPlan of the one-hit search:\n' + api.plan);
}

// Equipment list and POST inspection over 100,000 equipment (its own throwaway database).
if (part === undefined || part === 'equipment') {
  console.log('\nEquipment, in-process, 100,000 equipment in the tenant:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'equipment-list.ts')], {
    stdio: 'inherit',
  });
}

// Report pages per filter kind, and the XLSX (100,000 rows) and PDF (10,000) exports (its own database).
if (part === undefined || part === 'reports') {
  console.log('\nReports, 100,000 equipment in the tenant:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'reports.ts')], { stdio: 'inherit' });
}

// Every dashboard call over 100,000 equipment / ~1,056,000 inspections (its own database).
if (part === undefined || part === 'dashboard') {
  console.log('\nDashboard, 100,000 equipment and ~1,000,000 inspections in the tenant:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'dashboard.ts')], { stdio: 'inherit' });
}

// Company groups at 1,000 tenants: creation, migrate with nothing / one new migration (its own database).
if (part === 'tenants') {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'tenants.ts')], { stdio: 'inherit' });
}

// Throughput under 20 concurrent connections beside the bare-route ceiling (its own database and processes).
if (part === undefined || part === 'throughput') {
  console.log('\nThroughput, 20 connections, real server processes:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'throughput.ts')], {
    stdio: 'inherit',
  });
}

// Connection memory at many company groups (issue 33 item 2): recycled pool vs not (its own database).
if (part === 'tenant-memory' || part === 'tenants') {
  console.log('\nConnection memory, requests round-robin over 1,000 company groups:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'tenant-memory.ts')], {
    stdio: 'inherit',
  });
}

// Issue 28 item 6: the local Citus cluster (started, then stopped unless CITUS_KEEP=1) — creating a
// group and moving one of 10,000 equipment under traffic (bench/citus.ts), then the throughput
// bench on plain Postgres and on Citus, one after the other in the same run.
if (part === 'citus') {
  const cluster = (command: string) =>
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(here, '../scripts/citus-cluster.ts'), command],
      {
        stdio: 'inherit',
      },
    );
  cluster('start');
  try {
    console.log('\nCitus: creating a company group, moving one under traffic:');
    execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'citus.ts')], { stdio: 'inherit' });
    const { citusNodes, nodeUrl } = await import('../scripts/citus/nodes.ts');
    const citusEnv = { CITUS_TEST: '1', TEST_ADMIN_DATABASE_URL: nodeUrl(citusNodes()[0]!, 'postgres') };
    for (const [name, extra] of [
      ['plain Postgres', {}],
      ['Citus (coordinator + 2 workers)', citusEnv],
    ] as const) {
      console.log(`\nThroughput on ${name}, 20 connections, real server processes:`);
      execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'throughput.ts')], {
        stdio: 'inherit',
        env: { ...process.env, ...extra },
      });
    }
  } finally {
    if (process.env.CITUS_KEEP !== '1') cluster('stop');
  }
}

// Backup and restore over 1,000 tenant schemas (issue 33 item 3; its own throwaway databases).
if (part === 'backup') {
  console.log('\nBackup, 1,000 tenant schemas:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'backup.ts')], { stdio: 'inherit' });
}

// Evidence (issue 29 item 6): 10 photos from a throttled phone to synced, the inspection PDF with 10
// photos, storage per 1,000 inspections (the product in its own process, its own throwaway database).
if (part === 'evidence') {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'evidence.ts')], { stdio: 'inherit' });
}

// Maintenance cycles (issue 30 item 6): 100,000 equipment with 3 cycles each, report pages filtered by
// cycle (set READ_CACHE_MS=0 for every call to recount) and the cycle-refresh job (own throwaway database).
if (part === 'cycles') {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'cycles.ts')], { stdio: 'inherit' });
}

// Importing equipment (issue 31 item 7): 50,000 rows as XLSX and CSV, the spreadsheet libraries alone as
// the ceiling, then the dry run and the import job in a real worker process (its own throwaway database).
if (part === 'import') {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'import.ts')], { stdio: 'inherit' });
}
