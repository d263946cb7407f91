/**
 * Company groups at scale (issue 33 items 1 and 5; `npm run bench -- tenants`): in a throwaway
 * database, N (default 1,000) groups made from the tenant template; times creating the 10th and
 * the N-th group (median of 5 around each), `migrate` with nothing to migrate, and with one new
 * migration adding a column and an index to `equipment` in every tenant. N=300 for a quick run;
 * KEEP=1 keeps the database. A creation is shown as wall time and the CPU time the database's
 * backends spent on it (/proc; Postgres runs on this machine): on a shared 2-core machine the wall
 * time follows the load, the CPU time what the creation costs. Also the template's capture (replay
 * into a throwaway schema + pg_dump, which reads every schema's catalog) at ~10 and ~N groups:
 * `migrate` pays it once per change of the tenant migrations, never a creation.
 */
import { readFileSync } from 'node:fs';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 1000);
const env = await createTestEnvironment('tenantsbench');
applyEnv({ ...env.env, LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
const { migrateAll, createTenantSchemaByMigrations, migrateTemplateSchema } = await import(
  '../src/server/db/migrate.ts'
);
const { tenantTemplate } = await import('../src/server/db/tenant-template.ts');
const { createManyTenants } = await import('../src/server/db/many-tenants.ts');
const { baseDb, closeDb } = await import('../src/server/db/database.ts');
const { sql } = await import('kysely');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** CPU ms (user + system) of this database's backends so far; a backend that ended is not counted. */
async function backendsCpuMs(): Promise<Map<number, number>> {
  const r = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database()`.execute(baseDb());
  const out = new Map<number, number>();
  for (const { pid } of r.rows) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * 10); // clock ticks of 10 ms
    } catch {}
  }
  return out;
}
async function timed(f: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const before = await backendsCpuMs();
  const t = performance.now();
  await f();
  const wall = performance.now() - t;
  let cpu = 0;
  for (const [pid, ms] of await backendsCpuMs()) cpu += ms - (before.get(pid) ?? 0);
  return { wall, cpu };
}
async function timeCreations(from: number, count: number): Promise<string> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = await timed(() => createManyTenants(1, { start: from + i, prefix: 'bt' }));
    wall.push(r.wall);
    cpu.push(r.cpu);
  }
  return `${median(wall).toFixed(0)} ms (db CPU ${median(cpu).toFixed(0)} ms)`;
}
let captures = 0;
async function timeCapture(): Promise<string> {
  const fingerprint = `bench-${process.pid}-${captures++}`;
  const r = await timed(() =>
    tenantTemplate({ fingerprint: async () => fingerprint, build: migrateTemplateSchema }),
  );
  return s(r.wall); // pg_dump's own backend has ended: its CPU is not in r.cpu
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  await migrateAll(undefined, { onProgress: false });
  const rows: [string, string][] = [];
  await createManyTenants(6, { start: 1, prefix: 'bt' }); // migrateAll captured the template
  const tenth = await timeCreations(7, 5); // groups 7..11: median is the 9th–10th
  rows.push(['create a group from the template, ~10th (median of 5)', tenth]);
  rows.push(['capture a template (replay + pg_dump), at ~10 groups', await timeCapture()]);
  let t = performance.now();
  await createTenantSchemaByMigrations('replayed10');
  rows.push([
    'create a schema by replaying the migrations, ~10th',
    `${(performance.now() - t).toFixed(0)} ms`,
  ]);
  t = performance.now();
  await createManyTenants(N - 16, {
    start: 12,
    prefix: 'bt',
    concurrency: Number(process.env.CONCURRENCY ?? 4),
  });
  rows.push([`createManyTenants: groups 12..${N - 5}`, s(performance.now() - t)]);
  const last = await timeCreations(N - 4, 5);
  rows.push([`create a group from the template, ~${N}th (median of 5)`, last]);
  rows.push([`capture a template (replay + pg_dump), at ~${N} groups`, await timeCapture()]);
  t = performance.now();
  await createTenantSchemaByMigrations('replayedlast');
  rows.push([
    `create a schema by replaying the migrations, ~${N}th`,
    `${(performance.now() - t).toFixed(0)} ms`,
  ]);

  t = performance.now();
  const idle = await migrateAll(undefined, { onProgress: false });
  rows.push([
    `migrate, nothing to migrate (${idle.tenants} tenants, ${idle.touched} touched)`,
    s(performance.now() - t),
  ]);
  t = performance.now();
  const one = await migrateAll(undefined, {
    extra: {
      '9901_bench_note': async (db) => {
        await db.schema.alterTable('equipment').addColumn('bench_note', 'text').execute();
        await db.schema
          .createIndex('equipment_bench_note_idx')
          .on('equipment')
          .column('bench_note')
          .execute();
      },
    },
  });
  rows.push([
    `migrate, one new migration: column + index on equipment (${one.migrated} schemas)`,
    s(performance.now() - t),
  ]);
  console.log(`\nCompany groups, ${N} tenants (${env.databaseUrl.split('/').pop()}):`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(78)} ${v}`);
} finally {
  await closeDb();
  if (!process.env.KEEP) await env.teardown();
}
