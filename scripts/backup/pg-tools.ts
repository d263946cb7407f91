/**
 * The PostgreSQL client programs the backup runs (pg_dump, pg_restore, psql): found on PATH, their
 * stderr kept for the error message. The connection reaches them without its password on the
 * command line (argv is visible to every user in `ps`): `pgTarget` turns the database URL into
 * `--dbname=<url without password>` plus a PGPASSFILE (mode 0600, in a 0700 temp directory) in
 * their environment, and every error message has the URL and the password masked.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A refusal or a failed step, told in one sentence (no stack trace). */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const PG_TOOLS = ['pg_dump', 'pg_restore', 'psql'] as const;

/** Throws one sentence when a client program is missing (Debian/Ubuntu: `postgresql-client`). */
export function requirePgTools(): void {
  const missing = PG_TOOLS.filter((t) => spawnSync(t, ['--version'], { stdio: 'ignore' }).status !== 0);
  if (missing.length) {
    throw new BackupError(
      `${missing.join(', ')} not found on PATH: install the PostgreSQL client programs (apt-get install postgresql-client), version ≥ the server's`,
    );
  }
}

/** How the client programs reach the database: pass `dbname` as `--dbname=`, spawn with `env`. */
export interface PgTarget {
  /** The URL without its password (user, host, port, database and options stay). */
  dbname: string;
  env: NodeJS.ProcessEnv;
  /** Strings no message may show (the URL, the password, raw and encoded). */
  secrets: string[];
  /** Removes the password file. */
  close(): Promise<void>;
}

/** `*:*:*:*:<password>` escaped as libpq's password file wants (`\` and `:` backslashed). */
function passfileLine(password: string): string {
  return `*:*:*:*:${password.replaceAll('\\', '\\\\').replaceAll(':', '\\:')}\n`;
}

export async function pgTarget(databaseUrl: string): Promise<PgTarget> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupError('DATABASE_URL is not a postgres:// URL');
  }
  const raw = url.password || url.searchParams.get('password') || '';
  const password = raw && url.password ? decodeURIComponent(raw) : raw;
  const secrets = [databaseUrl, raw, password].filter((s) => s.length > 0);
  if (!password) return { dbname: databaseUrl, env: { ...process.env }, secrets, close: async () => {} };
  url.password = '';
  url.searchParams.delete('password');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'eqc-pgpass-'));
  const file = path.join(dir, 'pgpass');
  await writeFile(file, passfileLine(password), { mode: 0o600 });
  await chmod(file, 0o600);
  const env: NodeJS.ProcessEnv = { ...process.env, PGPASSFILE: file };
  delete env.PGPASSWORD; // it would win over the file
  return {
    dbname: url.toString(),
    env,
    secrets,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Replaces every secret in a text by `***`. */
export function mask(text: string, secrets: string[]): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.replaceAll(s, '***');
  return out;
}

type SpawnObserver = (cmd: string, args: readonly string[], env: NodeJS.ProcessEnv) => void;
/** Called with every program the backup spawns, its argv and environment (tests check where the password goes). */
let spawnObserver: SpawnObserver | null = null;
export function observeSpawns(fn: SpawnObserver | null): void {
  spawnObserver = fn;
}

export interface ToolOptions {
  stdin?: string;
  /** The connection: appends `--dbname=`, spawns with its environment, masks its secrets. */
  target?: PgTarget;
}

/** Runs a client program; resolves with its stdout, rejects with its stderr (secrets masked). */
export function runTool(cmd: string, args: string[], opts: ToolOptions = {}): Promise<string> {
  const t = opts.target;
  const argv = t ? [...args, `--dbname=${t.dbname}`] : args;
  spawnObserver?.(cmd, argv, t?.env ?? process.env);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'pipe'], ...(t ? { env: t.env } : {}) });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else {
        const stderr = mask(Buffer.concat(err).toString().trim(), t?.secrets ?? []);
        reject(new BackupError(`${cmd} failed (exit ${code}): ${stderr.slice(0, 2000)}`));
      }
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/** Runs `work` over `items` with at most `limit` at once; the first failure rejects (others finish). */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: unknown;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (e) {
        failure ??= e;
      }
    }
  });
  await Promise.all(lanes);
  if (failure !== undefined) throw failure;
}

/** A psql script literal: `'it''s'`. */
export function quoteLiteral(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

/** A SQL identifier: `"a""b"`. */
export function quoteIdent(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}
