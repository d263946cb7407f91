/**
 * The PostgreSQL client programs the backup runs (pg_dump, pg_restore, psql): found on PATH, run
 * with the database URL as `--dbname`, their stderr kept for the error message.
 */
import { spawn, spawnSync } from 'node:child_process';

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

/** Runs a client program; resolves with its stdout, rejects with its stderr. */
export function runTool(cmd: string, args: string[], opts: { stdin?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString());
      else
        reject(
          new BackupError(
            `${cmd} failed (exit ${code}): ${Buffer.concat(err).toString().trim().slice(0, 2000)}`,
          ),
        );
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
