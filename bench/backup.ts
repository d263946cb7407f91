/**
 * Backup at scale (issue 33 item 3; `npm run bench -- backup`): a throwaway database with N
 * (default 1,000) real tenant schemas — one provisioned and migrated with the standard catalogue,
 * the others cloned from its dump (DDL and rows, the schema renamed) — then times a plain
 * whole-database pg_dump (expected to fail on default settings), `backup` of the whole install,
 * `backup --group` of one group, its restore from that group backup and from the whole one and,
 * unless RESTORE=0, the whole restore into an empty database. `npx tsx bench/backup.ts`; N=… for
 * another size, JOBS=… pg_dump / pg_restore processes at once (default 2), BACKUP_BATCH_SIZE=…
 * schemas per pg_dump (default: what fits the lock table, at most 50).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backup } from '../scripts/backup/backup.ts';
import { runTool } from '../scripts/backup/pg-tools.ts';
import { restore } from '../scripts/backup/restore.ts';

const N = Number(process.env.N ?? 1000);
const JOBS = Number(process.env.JOBS ?? 2);
const ONE = `t${String(Math.floor(N / 2)).padStart(4, '0')}`;
const admin = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
const urlOf = (name: string) => {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
};
const src = `eqc_bench_backup_${tag}`;
const dst = `eqc_bench_restore_${tag}`;
async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text).finally(() => c.end());
}
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

await adminQuery(`create database "${src}"`);
await adminQuery(`create database "${dst}"`);
const work = await mkdtemp(path.join(os.tmpdir(), 'eqc-backup-bench-'));
process.env.DATABASE_URL = urlOf(src);
process.env.LOG_LEVEL = 'error';
const { migrateCore } = await import('../src/server/db/migrate.ts');
const db = await import('../src/server/db/database.ts');
const { provisionCompanyGroup } = await import('../src/server/domains/account/provision.ts');
const { installStandardCatalogue } = await import('../src/server/domains/catalogue/standard.ts');
try {
  let t0 = performance.now();
  await migrateCore();
  await db
    .baseDb()
    .transaction()
    .execute(async (trx) => {
      await provisionCompanyGroup(trx, {
        groupName: 'template',
        schemaName: 'tpl',
        company: { name: 'Template', cnpj: null, tagsLimit: 100, enabled: true },
        responsible: {
          name: 'Admin',
          email: 'tpl@bench.test',
          passwordHash: 'x',
          role: 'COMPANY_GROUP_ADMIN',
        },
      });
      await installStandardCatalogue(db.tenantDb('tpl', trx));
    });
  const template = await runTool('pg_dump', [
    '--schema=cg_tpl',
    '--no-owner',
    '--no-privileges',
    `--dbname=${urlOf(src)}`,
  ]);
  const BATCH = 25;
  for (let i = 1; i < N; i += BATCH) {
    const parts: string[] = [];
    const rows: string[] = [];
    for (let j = i; j < Math.min(N, i + BATCH); j++) {
      const name = `t${String(j).padStart(4, '0')}`;
      parts.push(`begin;\n${template.replace(/\bcg_tpl\b/g, `cg_${name}`)}\ncommit;`);
      rows.push(`('group ${name}', '${name}')`);
    }
    parts.push(`insert into core.company_groups (name, schema_name) values ${rows.join(', ')};`);
    await runTool('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', `--dbname=${urlOf(src)}`, '-f', '-'], {
      stdin: parts.join('\n'),
    });
  }
  console.log(`${N} tenant schemas built in ${seconds(t0)} s`);

  t0 = performance.now();
  const plain = await runTool('pg_dump', [
    '--format=custom',
    `--file=${path.join(work, 'plain.dump')}`,
    `--dbname=${urlOf(src)}`,
  ])
    .then(() => 'succeeded')
    .catch(
      (e: Error) =>
        `failed: ${/out of shared memory|max_locks_per_transaction/.test(e.message) ? 'out of shared memory (max_locks_per_transaction)' : e.message.slice(0, 200)}`,
    );
  console.log(`plain whole-database pg_dump: ${plain} after ${seconds(t0)} s`);

  t0 = performance.now();
  const whole = await backup({
    databaseUrl: urlOf(src),
    out: path.join(work, 'whole'),
    dataDir: null,
    jobs: JOBS,
  });
  const size = (await runTool('du', ['-sk', path.join(work, 'whole')])).split('\t')[0];
  const archives = new Set(whole.schemas.map((s) => s.file)).size;
  console.log(
    `backup, whole install (core + ${whole.schemas.length} tenants in ${archives} archives of ≤ ${whole.batchSize}, ${JOBS} pg_dump at once): ${seconds(t0)} s, ${size} KiB`,
  );

  t0 = performance.now();
  await backup({ databaseUrl: urlOf(src), out: path.join(work, 'group'), group: ONE, dataDir: null });
  console.log(`backup --group ${ONE}: ${seconds(t0)} s`);

  t0 = performance.now();
  await restore({
    databaseUrl: urlOf(src),
    from: path.join(work, 'group'),
    group: ONE,
    yes: true,
    dataDir: null,
  });
  console.log(`restore --group ${ONE} into the live install: ${seconds(t0)} s`);

  t0 = performance.now();
  await restore({
    databaseUrl: urlOf(src),
    from: path.join(work, 'whole'),
    group: ONE,
    yes: true,
    dataDir: null,
  });
  console.log(`restore --group ${ONE} from the whole backup into the live install: ${seconds(t0)} s`);

  if (process.env.RESTORE !== '0') {
    t0 = performance.now();
    await restore({ databaseUrl: urlOf(dst), from: path.join(work, 'whole'), dataDir: null, jobs: JOBS });
    console.log(`restore, whole install into an empty database: ${seconds(t0)} s`);
  }
} finally {
  await db.closeDb();
  await adminQuery(`drop database if exists "${src}" with (force)`);
  await adminQuery(`drop database if exists "${dst}" with (force)`);
  await rm(work, { recursive: true, force: true });
}
