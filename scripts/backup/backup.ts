/**
 * `npm run backup` (issue 33 item 3). One transaction exports a snapshot (REPEATABLE READ,
 * `pg_export_snapshot()`) and stays open while one `pg_dump --snapshot` per schema runs (core, then
 * every tenant, a few at a time): each pg_dump locks only its own schema's tables, so the lock table
 * never has to hold every table of a thousand tenants at once (a whole-database pg_dump fails there
 * with "out of shared memory"), and all of them read the same instant — the backup is consistent.
 *
 * Layout of the output directory: `manifest.json` (written last: a directory without it is an
 * unfinished backup), `core.dump` and `schemas/<schema>.dump` (pg_dump custom format), for a group
 * `core-rows/<table>.copy` (COPY text of the group's core rows), and `files/` (the install's
 * DATA_DIR; for a group, the files its rows name).
 */
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import pg from 'pg';
import type { FileStore } from '../../src/server/files/store.ts';
import { type GroupTable, groupTablePlan } from '../../src/server/db/group-core-rows.ts';
import { BackupError, eachLimited, quoteIdent, quoteLiteral, requirePgTools, runTool } from './pg-tools.ts';

export const BACKUP_FORMAT = 'equipcheck-backup';
export const BACKUP_VERSION = 1;

export interface SchemaEntry {
  schema: string;
  groupId: number;
  /** The schema's applied migrations, newest last. */
  migrations: string[];
  file: string;
}

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
  /** Group backup: its rows in core, by table. */
  group?: { id: number; schemaName: string; tables: (GroupTable & { file: string; rows: number })[] };
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
  /** pg_dump processes at once (default 4). */
  jobs?: number;
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
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
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
    let groups = (
      await client.query<{ id: string; schema_name: string }>(
        'select id, schema_name from core.company_groups order by id',
      )
    ).rows.map((r) => ({
      id: Number(r.id),
      schemaName: r.schema_name,
      schema: fullSchemaName(r.schema_name),
    }));
    let group: Manifest['group'];
    if (opts.group) {
      const schema = fullSchemaName(opts.group);
      const g = groups.find((x) => x.schema === schema);
      if (!g) throw new BackupError(`no company group with schema ${schema}`);
      groups = [g];
      group = { id: g.id, schemaName: g.schemaName, tables: [] };
    }
    const schemas = await tenantMigrations(opts.databaseUrl, snapshot, groups);
    const dump = (args: string[]) =>
      runTool('pg_dump', [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--no-owner',
        '--no-privileges',
        ...args,
        `--dbname=${opts.databaseUrl}`,
      ]);
    let core: Manifest['core'];
    if (!group) {
      await dump(['--schema=core', `--file=${path.join(out, 'core.dump')}`]);
      core = { file: 'core.dump' };
    }
    await eachLimited(schemas, opts.jobs ?? 4, async (s) => {
      await dump([`--schema=${s.schema}`, `--file=${path.join(out, s.file)}`]);
    });
    if (group) group.tables = await copyGroupRows(client, opts.databaseUrl, snapshot, group.id, out);
    const files = group
      ? await copyGroupFiles(client, group.tables, schemas[0]!.schema, out, opts.store)
      : await copyDataDir(opts.dataDir, out);
    await client.query('commit');
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      kind: group ? 'group' : 'whole',
      createdAt: new Date(started).toISOString(),
      server,
      extensions,
      coreMigrations,
      ...(core ? { core } : {}),
      schemas,
      ...(group ? { group } : {}),
      files,
      seconds: (Date.now() - started) / 1000,
    };
    await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Each tenant's applied migrations, read in the snapshot by a second connection in batches (each
 * its own transaction): reading them all in the exporting transaction would keep a lock per tenant
 * until the end.
 */
async function tenantMigrations(
  databaseUrl: string,
  snapshot: string,
  groups: { id: number; schema: string }[],
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
          migrations: m.rows.map((r) => r.name),
          file: `schemas/${g.schema}.dump`,
        });
      }
      await reader.query('commit');
    }
    return out;
  } finally {
    await reader.end().catch(() => {});
  }
}

/** The group's core rows as COPY text, read by psql in the same snapshot. */
async function copyGroupRows(
  client: pg.Client,
  databaseUrl: string,
  snapshot: string,
  groupId: number,
  out: string,
): Promise<(GroupTable & { file: string; rows: number })[]> {
  const plan = await groupTablePlan(client, groupId);
  await mkdir(path.join(out, 'core-rows'));
  const lines = [
    '\\set ON_ERROR_STOP on',
    'begin isolation level repeatable read read only;',
    `set transaction snapshot ${quoteLiteral(snapshot)};`,
  ];
  const tables = plan.map((t) => ({ ...t, file: `core-rows/${t.table}.copy`, rows: 0 }));
  for (const t of tables) {
    const cols = t.columns.map(quoteIdent).join(', ');
    lines.push(
      `\\copy (select ${cols} from core.${quoteIdent(t.table)} where ${t.where}) to ${quoteLiteral(path.join(out, t.file))}`,
    );
  }
  lines.push('commit;');
  await runTool('psql', ['-X', '-q', `--dbname=${databaseUrl}`, '-f', '-'], {
    stdin: `${lines.join('\n')}\n`,
  });
  for (const t of tables) {
    const text = await readFile(path.join(out, t.file), 'utf8');
    t.rows = text === '' ? 0 : text.split('\n').length - 1;
  }
  return tables;
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

/**
 * A group's files: every key its rows name (`*_key` text columns of its core rows and of its
 * schema's tables) and every file under `jobs/<id>/` of its jobs — read through the file store, so a
 * bucket's files are copied too.
 */
async function copyGroupFiles(
  client: pg.Client,
  tables: GroupTable[],
  schema: string,
  out: string,
  store: FileStore | undefined,
): Promise<Manifest['files']> {
  const keys = new Set<string>();
  const keyColumns = await client.query<{ schema: string; table: string; column: string }>(
    `select n.nspname as schema, c.relname as table, a.attname as column
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('core', $1) and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and a.attname like '%\\_key' and a.atttypid = 'text'::regtype`,
    [schema],
  );
  const where = new Map(tables.map((t) => [t.table, t.where]));
  for (const k of keyColumns.rows) {
    const cond = k.schema === 'core' ? where.get(k.table) : 'true';
    if (!cond) continue;
    const r = await client.query<{ key: string }>(
      `select distinct ${quoteIdent(k.column)} as key from ${quoteIdent(k.schema)}.${quoteIdent(k.table)}
       where (${cond}) and ${quoteIdent(k.column)} is not null`,
    );
    for (const row of r.rows) keys.add(row.key);
  }
  const jobs = where.get('jobs');
  if (store && jobs) {
    const ids = await client.query<{ id: string }>(`select id::text from core.jobs where ${jobs}`);
    for (const { id } of ids.rows) for (const f of await store.list(`jobs/${id}/`)) keys.add(f.key);
  }
  let bytes = 0;
  const copied: string[] = [];
  if (store) {
    for (const key of [...keys].sort()) {
      const body = await store.get(key).catch(() => null);
      if (!body) continue;
      const dest = path.join(out, 'files', key);
      await mkdir(path.dirname(dest), { recursive: true });
      await pipeline(body, createWriteStream(dest));
      bytes += (await stat(dest)).size;
      copied.push(key);
    }
  }
  return { store: 'local', copied: Boolean(store), keys: store ? copied : [...keys].sort(), bytes };
}
