/**
 * `npm run backup` (issue 33 item 3). One transaction exports a snapshot (REPEATABLE READ,
 * `pg_export_snapshot()`) and stays open while `pg_dump --snapshot` runs over the schemas: core
 * alone, then the tenants in batches of B schemas per pg_dump (`-n a -n b …`, a few pg_dump at
 * once). All of them read the same instant, so the backup is consistent. Batches, because each
 * pg_dump reads the whole catalogue (one pg_dump per schema grows as N² at a thousand tenants); not
 * one pg_dump for everything, because a pg_dump locks every table it dumps until it ends and a
 * thousand tenants' tables do not fit the lock table on default settings ("out of shared memory").
 * B defaults to what keeps `jobs × B × tables per tenant` within half the lock table
 * (max_locks_per_transaction × (max_connections + max_prepared_transactions)), at most 50.
 *
 * Layout of the output directory: `manifest.json` (written last: a directory without it is an
 * unfinished backup), `core.dump`, `schemas/batch-<n>.dump` (pg_dump custom format; the manifest
 * names each schema's archive), `core-rows/<schema>/<table>.copy` (each group's core rows as COPY
 * text, so one group can be restored from a whole backup) and `files/` (DATA_DIR). A group backup
 * has `schemas/<schema>.dump`, `core-rows/<table>.copy` and `files/` (the files its rows name).
 */
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import pg from 'pg';
import type { FileStore } from '../../src/server/files/store.ts';
import { groupFileKeys } from './group-files.ts';
import { type GroupTable, groupTablePlan } from '../../src/server/db/group-core-rows.ts';
import {
  BackupError,
  eachLimited,
  type PgTarget,
  pgTarget,
  quoteIdent,
  quoteLiteral,
  requirePgTools,
  runTool,
} from './pg-tools.ts';

export const BACKUP_FORMAT = 'equipcheck-backup';
/** 2: tenants in batch archives, each group's core rows in a whole backup. 1 (one archive per schema) is still read. */
export const BACKUP_VERSION = 2;
/** Stands for the group's id in `Manifest.groupPlan` conditions. */
export const GROUP_ID = '$GROUP_ID';
/** Schemas per pg_dump at most (the default is lowered to fit the lock table). */
export const MAX_BATCH = 50;

export interface SchemaEntry {
  schema: string;
  groupId: number;
  /** Its `company_groups.schema_name` (version ≥ 2). */
  schemaName?: string;
  /** The schema's applied migrations, newest last. */
  migrations: string[];
  /** The archive that holds it (a batch archive holds several schemas). */
  file: string;
  /** Whole backup: the rows of its core rows files (`core-rows/<schema>/<table>.copy`), by table. */
  coreRows?: Record<string, number>;
}

export type GroupTableFile = GroupTable & { file: string; rows: number };

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  kind: 'whole' | 'group';
  createdAt: string;
  server: string;
  extensions: { name: string; schema: string }[];
  coreMigrations: string[];
  /** Whole backup: the core schema's dump. */
  core?: { file: string };
  schemas: SchemaEntry[];
  /** Whole backup: schemas per pg_dump. */
  batchSize?: number;
  /** Whole backup: how each group's core rows were chosen (`GROUP_ID` in place of its id). */
  groupPlan?: GroupTable[];
  /** Group backup: its rows in core, by table. */
  group?: { id: number; schemaName: string; tables: GroupTableFile[] };
  files: {
    /** `local`: copied under files/; `bucket`: listed only (a bucket keeps its own versions). */
    store: 'local' | 'bucket';
    copied: boolean;
    keys: string[];
    bytes: number;
  };
  seconds: number;
}

export interface BackupOptions {
  databaseUrl: string;
  out: string;
  /** One company group (its schema name, with or without `cg_`); absent: the whole install. */
  group?: string;
  /** DATA_DIR of a local store (whole backup copies it); null with a bucket. */
  dataDir: string | null;
  /** The store the group's files are read from. */
  store?: FileStore;
  /** pg_dump processes at once (default 2). */
  jobs?: number;
  /** Tenant schemas per pg_dump (default: env BACKUP_BATCH_SIZE, else what fits the lock table). */
  batchSize?: number;
}

const TENANT = /^cg_[a-z][a-z0-9_]{0,61}$/;
export function fullSchemaName(name: string): string {
  const full = name.startsWith('cg_') ? name : `cg_${name}`;
  if (!TENANT.test(full)) throw new BackupError(`invalid company group schema: ${name}`);
  return full;
}

async function ensureEmptyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length)
    throw new BackupError(`${dir} is not empty: give a new directory for the backup`);
}

export async function backup(opts: BackupOptions): Promise<Manifest> {
  requirePgTools();
  const started = Date.now();
  const out = path.resolve(opts.out);
  await ensureEmptyDir(out);
  await mkdir(path.join(out, 'schemas'));
  const target = await pgTarget(opts.databaseUrl);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  try {
    await client.connect();
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const server = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]!.v;
    const extensions = (
      await client.query<{ name: string; schema: string }>(
        `select extname as name, extnamespace::regnamespace::text as schema from pg_extension where extname <> 'plpgsql' order by 1`,
      )
    ).rows;
    const coreMigrations = (
      await client.query<{ name: string }>('select name from core.kysely_migration order by name')
    ).rows.map((r) => r.name);
    const groups = (
      await client.query<{ id: string; schema_name: string }>(
        'select id, schema_name from core.company_groups order by id',
      )
    ).rows.map((r) => ({
      id: Number(r.id),
      schemaName: r.schema_name,
      schema: fullSchemaName(r.schema_name),
    }));
    const ctx = { opts, out, target, client, snapshot };
    const body = opts.group ? await groupBackup(ctx, groups) : await wholeBackup(ctx, groups);
    await client.query('commit');
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      kind: opts.group ? 'group' : 'whole',
      createdAt: new Date(started).toISOString(),
      server,
      extensions,
      coreMigrations,
      ...body,
      seconds: (Date.now() - started) / 1000,
    };
    await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end().catch(() => {});
    await target.close();
  }
}

interface Ctx {
  opts: BackupOptions;
  out: string;
  target: PgTarget;
  client: pg.Client;
  snapshot: string;
}
type Group = { id: number; schemaName: string; schema: string };
type Body = Pick<Manifest, 'core' | 'schemas' | 'batchSize' | 'groupPlan' | 'group' | 'files'>;

function dump(ctx: Ctx, args: string[]): Promise<string> {
  return runTool(
    'pg_dump',
    ['--format=custom', `--snapshot=${ctx.snapshot}`, '--no-owner', '--no-privileges', ...args],
    { target: ctx.target },
  );
}

async function wholeBackup(ctx: Ctx, groups: Group[]): Promise<Body> {
  const jobs = ctx.opts.jobs ?? 2;
  const batchSize = await chooseBatchSize(ctx.client, jobs, ctx.opts.batchSize);
  const schemas = await tenantMigrations(ctx.opts.databaseUrl, ctx.snapshot, groups);
  const batches: SchemaEntry[][] = [];
  for (let i = 0; i < schemas.length; i += batchSize) {
    const batch = schemas.slice(i, i + batchSize);
    const file = `schemas/batch-${String(batches.length + 1).padStart(4, '0')}.dump`;
    for (const s of batch) s.file = file;
    batches.push(batch);
  }
  await dump(ctx, ['--schema=core', `--file=${path.join(ctx.out, 'core.dump')}`]);
  // The groups' core rows (one psql) while the batches are dumped.
  const [groupPlan] = await Promise.all([
    allGroupRows(ctx, schemas),
    eachLimited(batches, jobs, async (batch) => {
      await dump(ctx, [
        ...batch.map((s) => `--schema=${s.schema}`),
        `--file=${path.join(ctx.out, batch[0]!.file)}`,
      ]);
    }),
  ]);
  return {
    core: { file: 'core.dump' },
    schemas,
    batchSize,
    groupPlan,
    files: await copyDataDir(ctx.opts.dataDir, ctx.out),
  };
}

async function groupBackup(ctx: Ctx, groups: Group[]): Promise<Body> {
  const schema = fullSchemaName(ctx.opts.group!);
  const g = groups.find((x) => x.schema === schema);
  if (!g) throw new BackupError(`no company group with schema ${schema}`);
  const schemas = await tenantMigrations(ctx.opts.databaseUrl, ctx.snapshot, [g]);
  const file = `schemas/${schema}.dump`;
  schemas[0]!.file = file;
  await dump(ctx, [`--schema=${schema}`, `--file=${path.join(ctx.out, file)}`]);
  const plan = await groupTablePlan(ctx.client, g.id);
  await mkdir(path.join(ctx.out, 'core-rows'));
  const tables = plan.map((t) => ({ ...t, file: `core-rows/${t.table}.copy`, rows: 0 }));
  await copyCoreRows(ctx, tables);
  const store = ctx.opts.store;
  const keys = await groupFileKeys(ctx.client, tables, schema, async (id) =>
    store ? (await store.list(`jobs/${id}/`)).map((f) => f.key) : [],
  );
  return {
    schemas,
    group: { id: g.id, schemaName: g.schemaName, tables },
    files: await copyGroupFiles(keys, ctx.out, store),
  };
}

/**
 * Schemas per pg_dump: the option, else BACKUP_BATCH_SIZE, else as many as keep `jobs` pg_dumps'
 * table locks (one per table of each schema) within half the lock table, at most MAX_BATCH.
 */
async function chooseBatchSize(client: pg.Client, jobs: number, asked?: number): Promise<number> {
  const fromEnv = process.env.BACKUP_BATCH_SIZE?.trim();
  const given = asked ?? (fromEnv ? Number(fromEnv) : undefined);
  if (given !== undefined) {
    if (!Number.isInteger(given) || given < 1) throw new BackupError(`invalid batch size: ${given}`);
    return given;
  }
  const r = await client.query<{ slots: number; tables: number }>(
    `select current_setting('max_locks_per_transaction')::int
              * (current_setting('max_connections')::int + current_setting('max_prepared_transactions')::int) as slots,
            (select coalesce(max(n), 0)::int from (
               select count(*) as n from pg_class
               where relkind in ('r', 'p') and relnamespace in (select oid from pg_namespace where nspname like 'cg\\_%')
               group by relnamespace) x) as tables`,
  );
  const { slots, tables } = r.rows[0]!;
  return Math.max(1, Math.min(MAX_BATCH, Math.floor(slots / 2 / Math.max(1, jobs) / Math.max(1, tables))));
}

/**
 * Each tenant's applied migrations, read in the snapshot by a second connection in batches (each
 * its own transaction): reading them all in the exporting transaction would keep a lock per tenant
 * until the end.
 */
async function tenantMigrations(
  databaseUrl: string,
  snapshot: string,
  groups: Group[],
): Promise<SchemaEntry[]> {
  const reader = new pg.Client({ connectionString: databaseUrl });
  await reader.connect();
  try {
    const out: SchemaEntry[] = [];
    for (let i = 0; i < groups.length; i += 200) {
      await reader.query('begin isolation level repeatable read read only');
      await reader.query(`set transaction snapshot ${quoteLiteral(snapshot)}`);
      for (const g of groups.slice(i, i + 200)) {
        const m = await reader.query<{ name: string }>(
          `select name from ${quoteIdent(g.schema)}.kysely_migration order by name`,
        );
        out.push({
          schema: g.schema,
          groupId: g.id,
          schemaName: g.schemaName,
          migrations: m.rows.map((r) => r.name),
          file: '',
        });
      }
      await reader.query('commit');
    }
    return out;
  } finally {
    await reader.end().catch(() => {});
  }
}

/**
 * Whole backup: every group's core rows, `core-rows/<schema>/<table>.copy`, chosen by one plan
 * (the same tables and keys for every group; its conditions name the group's id).
 */
async function allGroupRows(ctx: Ctx, schemas: SchemaEntry[]): Promise<GroupTable[]> {
  const probe = Number.MAX_SAFE_INTEGER;
  const plan = (await groupTablePlan(ctx.client, probe)).map((t) => ({
    ...t,
    where: t.where.replaceAll(String(probe), GROUP_ID),
  }));
  const all: (GroupTableFile & { schema: SchemaEntry })[] = [];
  for (const s of schemas) {
    await mkdir(path.join(ctx.out, 'core-rows', s.schema), { recursive: true });
    for (const t of plan) {
      const where = t.where.replaceAll(GROUP_ID, String(s.groupId));
      all.push({ ...t, where, file: `core-rows/${s.schema}/${t.table}.copy`, rows: 0, schema: s });
    }
  }
  await copyCoreRows(ctx, all);
  for (const t of all) t.schema.coreRows = { ...t.schema.coreRows, [t.table]: t.rows };
  return plan;
}

/** Core rows as COPY text (one file per table entry), read by one psql in the snapshot; sets `rows`. */
async function copyCoreRows(ctx: Ctx, tables: GroupTableFile[]): Promise<void> {
  const lines = [
    '\\set ON_ERROR_STOP on',
    'begin isolation level repeatable read read only;',
    `set transaction snapshot ${quoteLiteral(ctx.snapshot)};`,
  ];
  for (const t of tables) {
    const cols = t.columns.map(quoteIdent).join(', ');
    lines.push(
      `\\copy (select ${cols} from core.${quoteIdent(t.table)} where ${t.where}) to ${quoteLiteral(path.join(ctx.out, t.file))}`,
    );
  }
  lines.push('commit;');
  await runTool('psql', ['-X', '-q', '-f', '-'], { stdin: `${lines.join('\n')}\n`, target: ctx.target });
  for (const t of tables) {
    const text = await readFile(path.join(ctx.out, t.file), 'utf8');
    t.rows = text === '' ? 0 : text.split('\n').length - 1;
  }
}

/** Whole backup: DATA_DIR as it is (with its .app-secret), or nothing when files live in a bucket. */
async function copyDataDir(dataDir: string | null, out: string): Promise<Manifest['files']> {
  if (!dataDir) return { store: 'bucket', copied: false, keys: [], bytes: 0 };
  const keys: string[] = [];
  let bytes = 0;
  const src = path.resolve(dataDir);
  const exists = await stat(src).catch(() => null);
  if (exists) {
    await cp(src, path.join(out, 'files'), {
      recursive: true,
      filter: (f) => !/\.\d+\.\d+\.tmp$/.test(f),
    });
    for (const f of await readdir(path.join(out, 'files'), { recursive: true, withFileTypes: true })) {
      if (!f.isFile()) continue;
      const abs = path.join(f.parentPath, f.name);
      keys.push(path.relative(path.join(out, 'files'), abs));
      bytes += (await stat(abs)).size;
    }
  }
  return { store: 'local', copied: true, keys: keys.sort(), bytes };
}

/** A group's files (`groupFileKeys`), read through the file store, so a bucket's files are copied too. */
async function copyGroupFiles(
  keys: string[],
  out: string,
  store: FileStore | undefined,
): Promise<Manifest['files']> {
  let bytes = 0;
  const copied: string[] = [];
  if (store) {
    for (const key of keys) {
      const body = await store.get(key).catch(() => null);
      if (!body) continue;
      const dest = path.join(out, 'files', key);
      await mkdir(path.dirname(dest), { recursive: true });
      await pipeline(body, createWriteStream(dest));
      bytes += (await stat(dest)).size;
      copied.push(key);
    }
  }
  return { store: 'local', copied: Boolean(store), keys: store ? copied : keys, bytes };
}
