import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup } from '../../../scripts/backup/backup.ts';
import { observeSpawns, pgTarget, runTool } from '../../../scripts/backup/pg-tools.ts';
import { restore } from '../../../scripts/backup/restore.ts';
import { LocalFileStore } from '../../../src/server/files/store.ts';

/*
 * `npm run backup` / `npm run restore` (issue 33 item 3), on databases of this file's own (the run's
 * shared database changes under other files): a source with five company groups (alpha and beta
 * provisioned, three more cloned from beta's schema, as bench/backup.ts does) and empty targets.
 * The 1,000-tenant run (more tables than the lock table holds in one transaction) is the bench's.
 */
const sharedUrl = process.env.DATABASE_URL!;
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
const dbUrl = (name: string) => {
  const u = new URL(sharedUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const names = {
  source: `eqc_test_bk_src_${tag}`,
  target: `eqc_test_bk_dst_${tag}`,
  target2: `eqc_test_bk_dst2_${tag}`,
};
const CLONES = ['gamma', 'delta', 'epsilon'];
const ALL = ['cg_alpha', 'cg_beta', ...CLONES.map((c) => `cg_${c}`)];
const srcUrl = dbUrl(names.source);

async function on<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
const one = async <T>(url: string, text: string) => on(url, async (c) => (await c.query(text)).rows[0] as T);

/** Row count of every table of the schemas, `schema.table` → n. */
async function counts(url: string, schemas: string[]): Promise<Record<string, number>> {
  return on(url, async (c) => {
    const t = await c.query<{ s: string; t: string }>(
      `select n.nspname as s, c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and c.relkind in ('r', 'p') order by 1, 2`,
      [schemas],
    );
    const out: Record<string, number> = {};
    for (const { s, t: table } of t.rows) {
      out[`${s}.${table}`] = Number((await c.query(`select count(*) as n from "${s}"."${table}"`)).rows[0].n);
    }
    return out;
  });
}

/** The group's rows of the core tables that name it. */
async function groupCore(url: string, groupId: number): Promise<Record<string, number>> {
  return on(url, async (c) => {
    const out: Record<string, number> = {};
    for (const t of ['companies', 'users', 'tag_registry', 'billing_customers']) {
      out[t] = Number(
        (await c.query(`select count(*) as n from core.${t} where company_group_id = $1`, [groupId])).rows[0]
          .n,
      );
    }
    return out;
  });
}

let work: string;
let srcFiles: LocalFileStore;
let srcDir: string;
let ids: { alpha: number; beta: number };
let closeDb: () => Promise<void>;

beforeAll(async () => {
  await on(sharedUrl, async (c) => {
    for (const n of Object.values(names)) await c.query(`create database "${n}"`);
  });
  work = await mkdtemp(path.join(os.tmpdir(), 'eqc-backup-test-'));
  srcDir = path.join(work, 'src-files');
  srcFiles = new LocalFileStore(srcDir);
  // The server modules of this process use the source database (read when first imported).
  process.env.DATABASE_URL = srcUrl;
  const { migrateCore } = await import('../../../src/server/db/migrate.ts');
  const db = await import('../../../src/server/db/database.ts');
  const { provisionCompanyGroup } = await import('../../../src/server/domains/account/provision.ts');
  const { installStandardCatalogue } = await import('../../../src/server/domains/catalogue/standard.ts');
  closeDb = db.closeDb;
  await migrateCore();
  const made: number[] = [];
  for (const name of ['alpha', 'beta']) {
    const r = await db
      .baseDb()
      .transaction()
      .execute(async (trx) => {
        const p = await provisionCompanyGroup(trx, {
          groupName: name,
          schemaName: name,
          company: { name: `${name} company`, cnpj: null, tagsLimit: 100, enabled: true },
          responsible: {
            name: `${name} admin`,
            email: `${name}@backup.test`,
            passwordHash: 'x',
            role: 'COMPANY_GROUP_ADMIN',
          },
        });
        await installStandardCatalogue(db.tenantDb(name, trx));
        return p;
      });
    made.push(r.companyGroupId);
  }
  ids = { alpha: made[0]!, beta: made[1]! };
  // A product picture of alpha, named by its row as the app does.
  const key = 'catalogue/alpha/products/1/picture.png';
  await srcFiles.put(key, Buffer.from('png bytes'), 'image/png');
  for (const g of ['alpha', 'beta']) {
    await on(srcUrl, (c) =>
      c.query(
        `insert into cg_${g}.products (sku, name, inspection_schedule, inspection_type_id, image_key, image_content_type, image_updated_at)
         select 'P' || n, 'Product ' || n, 30, (select min(id) from cg_${g}.inspection_types),
                case when n = 1 then $1 end, case when n = 1 then 'image/png' end, case when n = 1 then now() end
         from generate_series(1, 3) n`,
        [g === 'alpha' ? key : null],
      ),
    );
  }
  // Three more groups, cheaply: beta's schema under another name and a company_groups row.
  const beta = await runTool('pg_dump', [
    '--schema=cg_beta',
    '--no-owner',
    '--no-privileges',
    `--dbname=${srcUrl}`,
  ]);
  const script = CLONES.map(
    (c) =>
      `${beta.replace(/\bcg_beta\b/g, `cg_${c}`)}\ninsert into core.company_groups (name, schema_name) values ('${c}', '${c}');`,
  );
  await runTool(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${srcUrl}`, '-f', '-'],
    {
      stdin: script.join('\n'),
    },
  );
}, 120_000);

afterAll(async () => {
  await Promise.race([closeDb?.(), new Promise((r) => setTimeout(r, 5_000))]);
  process.env.DATABASE_URL = sharedUrl;
  // At once: each DROP DATABASE waits for a checkpoint, and requests made together share one.
  await Promise.all(
    Object.values(names).map((n) =>
      on(sharedUrl, (c) => c.query(`drop database if exists "${n}" with (force)`)),
    ),
  );
  if (work) await rm(work, { recursive: true, force: true });
}, 150_000);

describe('npm run backup / restore', () => {
  it('round-trips the whole install into an empty database, two schemas per archive: every row of core and all five tenants, and the files', async () => {
    const out = path.join(work, 'whole');
    const m = await backup({ databaseUrl: srcUrl, out, dataDir: srcDir, store: srcFiles, batchSize: 2 });
    expect(m.kind).toBe('whole');
    expect(m.version).toBe(2);
    expect(m.batchSize).toBe(2);
    expect(m.schemas.map((s) => s.schema)).toEqual(ALL);
    // Three archives (2 + 2 + 1 schemas), each a file that pg_restore lists those schemas in.
    expect(m.schemas.map((s) => s.file)).toEqual([
      'schemas/batch-0001.dump',
      'schemas/batch-0001.dump',
      'schemas/batch-0002.dump',
      'schemas/batch-0002.dump',
      'schemas/batch-0003.dump',
    ]);
    const listed = await runTool('pg_restore', ['--list', path.join(out, 'schemas/batch-0002.dump')]);
    expect(listed).toMatch(/SCHEMA - cg_gamma /);
    expect(listed).toMatch(/SCHEMA - cg_delta /);
    expect(listed).not.toMatch(/cg_alpha|cg_epsilon/);
    expect(m.files.keys).toContain('catalogue/alpha/products/1/picture.png');
    // Each group's core rows, for a one-group restore from this backup.
    expect(m.schemas[0]!.coreRows).toMatchObject({ company_groups: 1, companies: 1, users: 1 });
    expect(m.schemas[4]!.coreRows).toMatchObject({ company_groups: 1, companies: 0 });

    const dstDir = path.join(work, 'dst-files');
    await restore({ databaseUrl: dbUrl(names.target), from: out, dataDir: dstDir });
    const schemas = ['core', ...ALL];
    const before = await counts(srcUrl, schemas);
    expect(before['cg_alpha.products']).toBeGreaterThan(0);
    expect(before['cg_epsilon.products']).toBe(3);
    expect(await counts(dbUrl(names.target), schemas)).toEqual(before);
    expect(existsSync(path.join(dstDir, 'catalogue/alpha/products/1/picture.png'))).toBe(true);

    // Only into an empty database.
    await expect(restore({ databaseUrl: dbUrl(names.target), from: out, dataDir: null })).rejects.toThrow(
      /not empty/,
    );
  }, 90_000);

  it('restores one group alone: its schema, core rows and files come back; another group keeps its later change', async () => {
    const out = path.join(work, 'alpha');
    const m = await backup({ databaseUrl: srcUrl, out, group: 'alpha', dataDir: srcDir, store: srcFiles });
    expect(m.kind).toBe('group');
    expect(m.group!.tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['company_groups', 'companies', 'users', 'tag_registry', 'sessions']),
    );
    expect(m.files.keys).toEqual(['catalogue/alpha/products/1/picture.png']);
    const alphaBefore = await counts(srcUrl, ['cg_alpha']);
    const alphaCoreBefore = await groupCore(srcUrl, ids.alpha);
    expect(alphaCoreBefore.companies).toBe(1);

    // An admin's accident in alpha; meanwhile beta goes on working.
    await on(srcUrl, async (c) => {
      await c.query('truncate cg_alpha.products cascade');
      await c.query('delete from core.companies where company_group_id = $1', [ids.alpha]);
      await c.query('delete from core.users where company_group_id = $1', [ids.alpha]);
      await c.query(`update core.companies set name = 'beta renamed' where company_group_id = $1`, [
        ids.beta,
      ]);
      await c.query(
        `update cg_beta.products set name = 'beta product renamed' where id = (select min(id) from cg_beta.products)`,
      );
    });
    await srcFiles.delete('catalogue/alpha/products/1/picture.png');
    const betaBefore = await counts(srcUrl, ['cg_beta']);

    await expect(
      restore({ databaseUrl: srcUrl, from: out, group: 'alpha', dataDir: null, store: srcFiles }),
    ).rejects.toThrow(/--yes/);
    await restore({
      databaseUrl: srcUrl,
      from: out,
      group: 'alpha',
      yes: true,
      dataDir: null,
      store: srcFiles,
    });

    expect(await counts(srcUrl, ['cg_alpha'])).toEqual(alphaBefore);
    expect(await groupCore(srcUrl, ids.alpha)).toEqual(alphaCoreBefore);
    expect(await srcFiles.stat('catalogue/alpha/products/1/picture.png')).not.toBeNull();
    expect(await counts(srcUrl, ['cg_beta'])).toEqual(betaBefore);
    expect(await one(srcUrl, `select name from core.companies where company_group_id = ${ids.beta}`)).toEqual(
      {
        name: 'beta renamed',
      },
    );
    expect(
      await one(
        srcUrl,
        `select count(*)::int as n from cg_beta.products where name = 'beta product renamed'`,
      ),
    ).toEqual({ n: 1 });
    // The restored group signs in again: the responsible user is back with its group.
    expect(
      await one(srcUrl, `select count(*)::int as n from core.users where email = 'alpha@backup.test'`),
    ).toEqual({ n: 1 });
  }, 90_000);

  it('restores one group alone from a WHOLE backup: its schema out of its batch archive, its core rows and files; the others keep their later changes', async () => {
    const out = path.join(work, 'whole-for-one');
    const m = await backup({ databaseUrl: srcUrl, out, dataDir: srcDir, store: srcFiles, batchSize: 2 });
    expect(m.schemas.find((s) => s.schema === 'cg_alpha')!.file).toBe('schemas/batch-0001.dump');
    const alphaBefore = await counts(srcUrl, ['cg_alpha']);
    const alphaCoreBefore = await groupCore(srcUrl, ids.alpha);
    expect(alphaBefore['cg_alpha.products']).toBe(3);

    await on(srcUrl, async (c) => {
      await c.query('truncate cg_alpha.products cascade');
      await c.query('delete from core.users where company_group_id = $1', [ids.alpha]);
      await c.query(`update core.companies set name = 'alpha renamed' where company_group_id = $1`, [
        ids.alpha,
      ]);
      // beta shares alpha's archive: its later change must stay.
      await c.query(
        `update cg_beta.products set name = 'beta later' where id = (select max(id) from cg_beta.products)`,
      );
    });
    await srcFiles.delete('catalogue/alpha/products/1/picture.png');
    const othersBefore = await counts(srcUrl, ALL.slice(1));

    await restore({
      databaseUrl: srcUrl,
      from: out,
      group: 'alpha',
      yes: true,
      dataDir: null,
      store: srcFiles,
    });

    expect(await counts(srcUrl, ['cg_alpha'])).toEqual(alphaBefore);
    expect(await groupCore(srcUrl, ids.alpha)).toEqual(alphaCoreBefore);
    expect(
      await one(srcUrl, `select name from core.companies where company_group_id = ${ids.alpha}`),
    ).toEqual({
      name: 'alpha company',
    });
    expect(
      await one(srcUrl, `select count(*)::int as n from core.users where email = 'alpha@backup.test'`),
    ).toEqual({
      n: 1,
    });
    expect(await srcFiles.stat('catalogue/alpha/products/1/picture.png')).not.toBeNull();
    expect(await counts(srcUrl, ALL.slice(1))).toEqual(othersBefore);
    expect(
      await one(srcUrl, `select count(*)::int as n from cg_beta.products where name = 'beta later'`),
    ).toEqual({
      n: 1,
    });

    // A group the backup does not hold, and a whole backup of format 1 (no per-group core rows).
    await expect(
      restore({ databaseUrl: srcUrl, from: out, group: 'nosuch', yes: true, dataDir: null }),
    ).rejects.toThrow(/has no company group cg_nosuch/);
    const v1 = path.join(work, 'v1');
    await mkdir(v1);
    const old = {
      ...m,
      version: 1,
      groupPlan: undefined,
      schemas: m.schemas.map(({ coreRows: _, ...s }) => s),
    };
    await writeFile(path.join(v1, 'manifest.json'), JSON.stringify(old));
    await expect(
      restore({ databaseUrl: srcUrl, from: v1, group: 'alpha', yes: true, dataDir: null }),
    ).rejects.toThrow(/format version 1\) has no per-group core rows/);
    await writeFile(path.join(v1, 'manifest.json'), JSON.stringify({ ...m, version: 3 }));
    await expect(restore({ databaseUrl: dbUrl(names.target2), from: v1, dataDir: null })).rejects.toThrow(
      /format version 3; this version of equipcheck reads versions 1 to 2/,
    );
  }, 90_000);

  it('never puts the password on a command line: pg_dump / pg_restore / psql get it from a 0600 password file, and messages mask it', async () => {
    const password = 's3cr:t\\pw-backup';
    const withPassword = (url: string) => {
      const u = new URL(url);
      u.password = encodeURIComponent(password);
      return u.toString();
    };
    const spawned: { cmd: string; args: string[]; file: string; passfile: string }[] = [];
    observeSpawns((cmd, args, env) => {
      const file = env.PGPASSFILE ?? '';
      // Read while the file exists (it is removed when the backup or restore ends).
      const mode = file ? statSync(file).mode & 0o777 : 0;
      const text = file ? readFileSync(file, 'utf8') : '';
      spawned.push({ cmd, args: [...args], file, passfile: `${mode.toString(8)} ${text}` });
    });
    try {
      const out = path.join(work, 'with-password');
      await backup({ databaseUrl: withPassword(srcUrl), out, dataDir: null, batchSize: 3 });
      await restore({ databaseUrl: withPassword(dbUrl(names.target2)), from: out, dataDir: null });
      await backup({
        databaseUrl: withPassword(srcUrl),
        out: path.join(work, 'g-pw'),
        group: 'beta',
        dataDir: null,
      });
    } finally {
      observeSpawns(null);
    }
    expect(spawned.map((s) => s.cmd)).toEqual(expect.arrayContaining(['pg_dump', 'pg_restore', 'psql']));
    const withDb = spawned.filter((s) => s.args.some((a) => a.startsWith('--dbname=')));
    expect(withDb.length).toBeGreaterThanOrEqual(6);
    for (const s of withDb) {
      const argv = s.args.join(' ');
      expect(argv).not.toContain('s3cr');
      expect(argv).toContain('--dbname=postgres://postgres@127.0.0.1');
      expect(s.passfile).toBe('600 *:*:*:*:s3cr\\:t\\\\pw-backup\n');
    }
    // The restore into the second target brought every schema (its rows came through those tools).
    expect(Object.keys(await counts(dbUrl(names.target2), ALL)).length).toBeGreaterThan(ALL.length * 10);
    // The password files are gone.
    for (const s of withDb) expect(existsSync(s.file)).toBe(false);

    // A failing tool's message has the URL and the password masked.
    const target = await pgTarget(withPassword(dbUrl(names.target2)));
    try {
      const err = await runTool('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-c', `select '${password}'::int`], {
        target,
      }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(
        /psql failed \(exit \d\): .*invalid input syntax for type integer: "\*\*\*"/,
      );
      expect((err as Error).message).not.toContain('s3cr');
    } finally {
      await target.close();
    }
  }, 90_000);
});
