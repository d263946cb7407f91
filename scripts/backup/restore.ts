/**
 * `npm run restore` (issue 33 item 3).
 *
 * - A whole backup goes into an EMPTY database (no `core`, no `cg_*` schema): its extensions, then
 *   `core`, then every tenant schema (a few pg_restore at a time), then DATA_DIR's files.
 * - A group backup (`--group`) replaces that one group in a LIVE install, in one transaction (psql
 *   `--single-transaction`): the group's current core rows are deleted (credentials too: sessions
 *   and e-mail tokens are not brought back), its schema dropped and restored, its core rows copied
 *   back (FK triggers off for that copy only: `company_groups` and its subscriptions refer to each
 *   other), and the caches of running processes told (NOTIFY). Other groups are not touched. Then
 *   its files are written back through the file store.
 */
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FileStore } from '../../src/server/files/store.ts';
import { BACKUP_FORMAT, type Manifest } from './backup.ts';
import { BackupError, eachLimited, quoteIdent, quoteLiteral, requirePgTools, runTool } from './pg-tools.ts';

export interface RestoreOptions {
  databaseUrl: string;
  from: string;
  /** Restore this one group (its schema name) from a group backup. */
  group?: string;
  /** Required to replace a group that exists in the install. */
  yes?: boolean;
  /** Whole restore: where DATA_DIR's files go (null: the files are not restored). */
  dataDir: string | null;
  /** Group restore: the store its files are written to. */
  store?: FileStore;
  jobs?: number;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => {
    throw new BackupError(`${dir} has no manifest.json: not a backup, or an unfinished one`);
  });
  const m = JSON.parse(text) as Manifest;
  if (m.format !== BACKUP_FORMAT) throw new BackupError(`${dir}/manifest.json is not an equipcheck backup`);
  return m;
}

export async function restore(opts: RestoreOptions): Promise<Manifest> {
  requirePgTools();
  const dir = path.resolve(opts.from);
  const m = await readManifest(dir);
  if (opts.group || m.kind === 'group') {
    if (m.kind !== 'group')
      throw new BackupError(
        'a single group is restored from a group backup (npm run backup -- --group <schema>)',
      );
    await restoreGroup(opts, dir, m);
  } else await restoreWhole(opts, dir, m);
  return m;
}

async function restoreWhole(opts: RestoreOptions, dir: string, m: Manifest): Promise<void> {
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
    runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${opts.databaseUrl}`,
      path.join(dir, file),
    ]);
  if (!m.core) throw new BackupError('the backup has no core dump');
  await pgRestore(m.core.file);
  await eachLimited(m.schemas, opts.jobs ?? 4, (s) => pgRestore(s.file).then(() => {}));
  if (opts.dataDir && m.files.copied && (await stat(path.join(dir, 'files')).catch(() => null))) {
    await cp(path.join(dir, 'files'), path.resolve(opts.dataDir), { recursive: true, force: true });
  }
}

async function restoreGroup(opts: RestoreOptions, dir: string, m: Manifest): Promise<void> {
  const g = m.group!;
  const schema = m.schemas[0]!.schema;
  if (opts.group && opts.group !== schema && `cg_${opts.group}` !== schema) {
    throw new BackupError(`this backup holds ${schema}, not ${opts.group}`);
  }
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
        `${schema} exists: its data and core rows will be replaced by the backup of ${m.createdAt}; run again with --yes`,
      );
    }
  } finally {
    await client.end();
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'eqc-restore-'));
  try {
    const schemaSql = path.join(tmp, 'schema.sql');
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      `--file=${schemaSql}`,
      path.join(dir, m.schemas[0]!.file),
    ]);
    const lines = ['\\set ON_ERROR_STOP on'];
    // Children first (a parent's delete would set their key to null and hide them), the group last.
    for (const t of [...g.tables].sort((a, b) => b.depth - a.depth)) {
      lines.push(`delete from core.${quoteIdent(t.table)} where ${t.where};`);
    }
    lines.push(`drop schema if exists ${quoteIdent(schema)} cascade;`);
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
    await runTool('psql', ['-X', '-q', '--single-transaction', `--dbname=${opts.databaseUrl}`, '-f', '-'], {
      stdin: `${lines.join('\n')}\n`,
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  if (opts.store && m.files.copied) {
    for (const key of m.files.keys) {
      const file = path.join(dir, 'files', key);
      if (!(await stat(file).catch(() => null))) continue;
      await opts.store.put(key, createReadStream(file), 'application/octet-stream');
    }
  }
}
