/**
 * `npm run restore` (issue 33 item 3).
 *
 * - A whole backup goes into an EMPTY database (no `core`, no `cg_*` schema): its extensions, then
 *   `core`, then every tenant archive (a batch of schemas each; a few pg_restore at a time, each
 *   statement its own transaction: one transaction per batch would hold a lock per table, index
 *   and sequence of its schemas), then DATA_DIR's files.
 * - One group (`--group`), from a group backup or from a whole one (its schema taken from its batch
 *   archive with `pg_restore --schema`, its core rows from `core-rows/<schema>/`), replaces that
 *   group in a LIVE install, in one transaction (psql `--single-transaction`): the group's current
 *   core rows are deleted (credentials too: sessions and e-mail tokens are not brought back), its
 *   schema dropped and restored, its core rows copied back (FK triggers off for that copy only:
 *   `company_groups` and its subscriptions refer to each other), and the caches of running
 *   processes told (NOTIFY). Other groups are not touched. Then its files are written back through
 *   the file store.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FileStore } from '../../src/server/files/store.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  fullSchemaName,
  GROUP_ID,
  type GroupTableFile,
  type Manifest,
} from './backup.ts';
import { groupFileKeys } from './group-files.ts';
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

export interface RestoreOptions {
  databaseUrl: string;
  from: string;
  /** Restore this one group (its schema name), from a group backup or a whole one. */
  group?: string;
  /** Required to replace a group that exists in the install. */
  yes?: boolean;
  /** Whole restore: where DATA_DIR's files go (null: the files are not restored). */
  dataDir: string | null;
  /** Group restore: the store its files are written to. */
  store?: FileStore;
  /** pg_restore processes at once (default 2). */
  jobs?: number;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => {
    throw new BackupError(`${dir} has no manifest.json: not a backup, or an unfinished one`);
  });
  const m = JSON.parse(text) as Manifest;
  if (m.format !== BACKUP_FORMAT) throw new BackupError(`${dir}/manifest.json is not an equipcheck backup`);
  if (!Number.isInteger(m.version) || m.version < 1 || m.version > BACKUP_VERSION)
    throw new BackupError(
      `${dir} is a backup of format version ${m.version}; this version of equipcheck reads versions 1 to ${BACKUP_VERSION}: restore it with the version that made it, or a newer one`,
    );
  return m;
}

export async function restore(opts: RestoreOptions): Promise<Manifest> {
  requirePgTools();
  const dir = path.resolve(opts.from);
  const m = await readManifest(dir);
  const target = await pgTarget(opts.databaseUrl);
  try {
    if (opts.group || m.kind === 'group') await restoreGroup(opts, target, dir, groupSource(m, opts.group));
    else await restoreWhole(opts, target, dir, m);
  } finally {
    await target.close();
  }
  return m;
}

async function restoreWhole(opts: RestoreOptions, target: PgTarget, dir: string, m: Manifest): Promise<void> {
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const taken = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_namespace where nspname = 'core' or nspname like 'cg\\_%'`,
    );
    if (taken.rows[0]!.n > 0)
      throw new BackupError(
        'the database is not empty (it has core or cg_* schemas): restore into a new database',
      );
    for (const e of m.extensions) {
      await client.query(`create schema if not exists ${quoteIdent(e.schema)}`);
      await client.query(
        `create extension if not exists ${quoteIdent(e.name)} with schema ${quoteIdent(e.schema)}`,
      );
    }
  } finally {
    await client.end();
  }
  const pgRestore = (file: string) =>
    runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', path.join(dir, file)], {
      target,
    });
  if (!m.core) throw new BackupError('the backup has no core dump');
  await pgRestore(m.core.file);
  const archives = [...new Set(m.schemas.map((s) => s.file))];
  await eachLimited(archives, opts.jobs ?? 2, (file) => pgRestore(file).then(() => {}));
  if (opts.dataDir && m.files.copied && (await stat(path.join(dir, 'files')).catch(() => null))) {
    await cp(path.join(dir, 'files'), path.resolve(opts.dataDir), { recursive: true, force: true });
  }
}

/** What one group's restore reads: its archive, its core rows, and how its files are found. */
interface GroupSource {
  schema: string;
  archive: string;
  createdAt: string;
  group: { id: number; schemaName: string; tables: GroupTableFile[] };
  /** Group backup: the keys it copied. Whole backup: null (found from the restored rows). */
  fileKeys: string[] | null;
  filesCopied: boolean;
}

function groupSource(m: Manifest, asked: string | undefined): GroupSource {
  if (m.kind === 'group') {
    const schema = m.schemas[0]!.schema;
    if (asked && fullSchemaName(asked) !== schema)
      throw new BackupError(`this backup holds ${schema}, not ${asked}`);
    return {
      schema,
      archive: m.schemas[0]!.file,
      createdAt: m.createdAt,
      group: m.group!,
      fileKeys: m.files.keys,
      filesCopied: m.files.copied,
    };
  }
  const schema = fullSchemaName(asked!);
  const entry = m.schemas.find((s) => s.schema === schema);
  if (!entry) throw new BackupError(`this backup has no company group ${schema}`);
  if (!m.groupPlan || !entry.coreRows)
    throw new BackupError(
      `this whole backup (format version ${m.version}) has no per-group core rows: restore ${schema} from a group backup (npm run backup -- --group ${schema})`,
    );
  const rows = entry.coreRows;
  const tables = m.groupPlan.map((t) => ({
    ...t,
    where: t.where.replaceAll(GROUP_ID, String(entry.groupId)),
    file: `core-rows/${schema}/${t.table}.copy`,
    rows: rows[t.table] ?? 0,
  }));
  return {
    schema,
    archive: entry.file,
    createdAt: m.createdAt,
    group: { id: entry.groupId, schemaName: entry.schemaName ?? schema.slice(3), tables },
    fileKeys: null,
    filesCopied: m.files.copied,
  };
}

async function restoreGroup(
  opts: RestoreOptions,
  target: PgTarget,
  dir: string,
  src: GroupSource,
): Promise<void> {
  const { schema, group: g } = src;
  await checkGroupSlot(opts, src);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'eqc-restore-'));
  try {
    const schemaSql = path.join(tmp, 'schema.sql');
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      `--schema=${schema}`,
      `--file=${schemaSql}`,
      path.join(dir, src.archive),
    ]);
    const lines = ['\\set ON_ERROR_STOP on'];
    // Children first (a parent's delete would set their key to null and hide them), the group last.
    for (const t of [...g.tables].sort((a, b) => b.depth - a.depth)) {
      lines.push(`delete from core.${quoteIdent(t.table)} where ${t.where};`);
    }
    lines.push(`drop schema if exists ${quoteIdent(schema)} cascade;`);
    // `pg_restore --schema` leaves out the schema's own CREATE SCHEMA.
    lines.push(`create schema ${quoteIdent(schema)};`);
    lines.push(`\\i ${quoteLiteral(schemaSql)}`);
    lines.push('set local session_replication_role = replica;');
    for (const t of g.tables) {
      if (!t.restore || t.rows === 0) continue;
      lines.push(
        `\\copy core.${quoteIdent(t.table)} (${t.columns.map(quoteIdent).join(', ')}) from ${quoteLiteral(path.join(dir, t.file))}`,
      );
    }
    lines.push('set local session_replication_role = origin;');
    lines.push(
      `select pg_notify('rows_changed', 'core'), pg_notify('rows_changed', ${quoteLiteral(schema)}), pg_notify('auth_changed', ''), pg_notify('settings_changed', '');`,
    );
    await runTool('psql', ['-X', '-q', '--single-transaction', '-f', '-'], {
      stdin: `${lines.join('\n')}\n`,
      target,
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  if (opts.store && src.filesCopied) await restoreGroupFiles(opts, opts.store, dir, src);
}

/** Refuses when the group's id or schema now belongs to another group, or when it exists without --yes. */
async function checkGroupSlot(opts: RestoreOptions, src: GroupSource): Promise<void> {
  const g = src.group;
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const live = await client.query<{ id: string; schema_name: string }>(
      'select id, schema_name from core.company_groups where id = $1 or schema_name = $2',
      [g.id, g.schemaName],
    );
    const other = live.rows.find((r) => Number(r.id) !== g.id || r.schema_name !== g.schemaName);
    if (other)
      throw new BackupError(
        `group id ${g.id} / schema ${g.schemaName} is now group ${other.id} (${other.schema_name}): not restored`,
      );
    if (live.rows.length && !opts.yes) {
      throw new BackupError(
        `${src.schema} exists: its data and core rows will be replaced by the backup of ${src.createdAt}; run again with --yes`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Writes the group's files back through the store (from a whole backup: the keys its restored rows name). */
async function restoreGroupFiles(opts: RestoreOptions, store: FileStore, dir: string, src: GroupSource) {
  const files = path.join(dir, 'files');
  let keys = src.fileKeys;
  if (!keys) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      keys = await groupFileKeys(client, src.group.tables, src.schema, async (id) => {
        const jobDir = path.join(files, 'jobs', id);
        const found = await readdir(jobDir, { recursive: true, withFileTypes: true }).catch(() => []);
        return found
          .filter((f) => f.isFile())
          .map((f) => path.relative(files, path.join(f.parentPath, f.name)));
      });
    } finally {
      await client.end();
    }
  }
  for (const key of keys) {
    const file = path.join(files, key);
    if (!(await stat(file).catch(() => null))) continue;
    await store.put(key, createReadStream(file), 'application/octet-stream');
  }
}
