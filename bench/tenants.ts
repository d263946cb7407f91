/**
 * Company groups at scale (issue 33 items 1 and 5; `npm run bench -- tenants`): in a throwaway
 * database, N (default 1,000) groups made from the tenant template; times creating the 10th and
 * the N-th group (median of 5 around each), `migrate` with nothing to migrate, and with one new
 * migration adding a column and an index to `equipment` in every tenant. N=300 for a quick run;
 * KEEP=1 keeps the database.
 */
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 1000);
const env = await createTestEnvironment('tenantsbench');
applyEnv({ ...env.env, LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10' });
const { migrateAll, createTenantSchemaByMigrations } = await import('../src/server/db/migrate.ts');
const { createManyTenants } = await import('../src/server/db/many-tenants.ts');
const { closeDb } = await import('../src/server/db/database.ts');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timeCreations(from: number, count: number): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await createManyTenants(1, { start: from + i, prefix: 'bt' });
    ms.push(performance.now() - t);
  }
  return median(ms);
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  await migrateAll(undefined, { onProgress: false });
  const rows: [string, string][] = [];
  await createManyTenants(1, { start: 1, prefix: 'bt' }); // captures the template
  await createManyTenants(5, { start: 2, prefix: 'bt' });
  const tenth = await timeCreations(7, 5); // groups 7..11: median is the 9th–10th
  rows.push(['create a group from the template, ~10th (median of 5)', `${tenth.toFixed(0)} ms`]);
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
  rows.push([`create a group from the template, ~${N}th (median of 5)`, `${last.toFixed(0)} ms`]);
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
