/**
 * `npm run citus:cluster -- start|stop|status` (issue 28): a local Citus cluster — a coordinator and
 * two workers on 127.0.0.1 (CITUS_PORTS, default 5440,5441,5442) — for the scale-out tests and for
 * trying the product on Citus. Real deployments use Citus's own packages or container image.
 *
 * - start: builds and installs Citus into the machine's PostgreSQL when `citus.so` is missing
 *   (`build.sh` of CITUS_VENDOR_DIR, default `../shared/vendor/citus` beside the repository), runs
 *   `initdb` for each node missing under CITUS_DATA_DIR (default /tmp/equipcheck-citus), starts
 *   them with `pg_ctl`, then makes CITUS_DATABASE (default `equipcheck`) a Citus database (the
 *   extension on every node, the coordinator's host, each worker added) and prints its URL.
 * - status: waits (at most 30 s) for every node to answer and both workers to be active.
 * - stop: stops the nodes (`pg_ctl stop -m fast`); the data folder stays.
 * PostgreSQL refuses to run as root: as root, the node commands run as the `postgres` OS user (the
 * one the machine's own PostgreSQL runs as).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  type CitusNode,
  citusNodes,
  citusWorkers,
  coordinatorUrl,
  createCitusDatabase,
  nodeUrl,
} from './citus/nodes.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CITUS_VENDOR_DIR, else `../shared/vendor/citus` beside the checkout, else the workplace's
// `/work/shared/vendor/citus` (a CI clone may sit elsewhere).
const vendor = process.env.CITUS_VENDOR_DIR
  ? path.resolve(repo, process.env.CITUS_VENDOR_DIR)
  : ([path.resolve(repo, '../shared/vendor/citus'), '/work/shared/vendor/citus'].find((d) =>
      existsSync(path.join(d, 'build.sh')),
    ) ?? path.resolve(repo, '../shared/vendor/citus'));
const dataRoot = path.resolve(process.env.CITUS_DATA_DIR ?? '/tmp/equipcheck-citus');
const database = process.env.CITUS_DATABASE ?? 'equipcheck';
const asRoot = process.getuid?.() === 0;

function run(cmd: string, args: string[], opts: { asPostgres?: boolean; quiet?: boolean } = {}): string {
  const [file, argv] =
    opts.asPostgres && asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, {
    encoding: 'utf8',
    stdio: opts.quiet ? 'pipe' : ['ignore', 'pipe', 'inherit'],
  });
  if (r.error) throw r.error;
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stdout ?? ''}${r.stderr ?? ''}`);
  return r.stdout ?? '';
}

/** The bin folder of the PostgreSQL that Citus is built into (the newest installed, as build.sh). */
function pgBin(): string {
  const config =
    process.env.PG_CONFIG ??
    run('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin/pg_config | sort -V | tail -n 1'], {
      quiet: true,
    }).trim();
  return run(config, ['--bindir'], { quiet: true }).trim();
}

function ensureCitusBuilt(bin: string): void {
  const pkglib = run(path.join(bin, 'pg_config'), ['--pkglibdir'], { quiet: true }).trim();
  if (existsSync(path.join(pkglib, 'citus.so'))) return;
  const script = path.join(vendor, 'build.sh');
  if (!existsSync(script))
    throw new Error(`Citus is not installed and ${script} is missing (set CITUS_VENDOR_DIR)`);
  console.log(`building Citus with ${script} (a few minutes)…`);
  const r = spawnSync('bash', [script], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${script} failed (${r.status})`);
}

const nodeDir = (n: CitusNode) => path.join(dataRoot, n.name);

function initNode(bin: string, n: CitusNode): void {
  const dir = nodeDir(n);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dataRoot, uid, gid);
    chownSync(dir, uid, gid);
  }
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync'], {
    asPostgres: true,
    quiet: true,
  });
  // Test settings: durability off (throwaway data), 2PC and logical replication on (Citus writes
  // to several nodes with prepared transactions; citus_schema_move copies by logical replication).
  const settings = [
    `port = ${n.port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dataRoot}'`,
    "shared_preload_libraries = 'citus'",
    'max_connections = 300',
    'max_prepared_transactions = 300',
    'wal_level = logical',
    'max_replication_slots = 20',
    'max_wal_senders = 20',
    'shared_buffers = 64MB',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    "log_min_messages = 'warning'",
  ];
  appendFileSync(path.join(dir, 'postgresql.conf'), `\n# equipcheck citus:cluster\n${settings.join('\n')}\n`);
}

function postgresUser(): { uid: number; gid: number } {
  const s = statSync('/var/lib/postgresql', { throwIfNoEntry: false });
  if (s) return { uid: s.uid, gid: s.gid };
  const uid = Number(run('id', ['-u', 'postgres'], { quiet: true }).trim());
  const gid = Number(run('id', ['-g', 'postgres'], { quiet: true }).trim());
  return { uid, gid };
}

function isRunning(bin: string, n: CitusNode): boolean {
  // pg_ctl refuses root even for `status`.
  const args = ['status', '-D', nodeDir(n)];
  const pgCtl = path.join(bin, 'pg_ctl');
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args], { encoding: 'utf8' })
    : spawnSync(pgCtl, args, { encoding: 'utf8' });
  return r.status === 0;
}

function startNode(bin: string, n: CitusNode): void {
  if (isRunning(bin, n)) return;
  run(
    path.join(bin, 'pg_ctl'),
    ['start', '-D', nodeDir(n), '-l', path.join(nodeDir(n), 'server.log'), '-w', '-t', '60'],
    {
      asPostgres: true,
      quiet: true,
    },
  );
}

/** Waits until every node answers and both workers are active, or throws after `ms`. */
async function waitReady(ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let state = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      for (const n of citusNodes()) {
        const c = new pg.Client({ connectionString: nodeUrl(n, 'postgres'), connectionTimeoutMillis: 2000 });
        await c.connect();
        await c.end();
      }
      const workers = await citusWorkers(database);
      state = `workers: ${JSON.stringify(workers)}`;
      if (workers.length === 2 && workers.every((w) => w.isactive)) return;
    } catch (e) {
      state = String(e);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Citus cluster is not ready after ${ms} ms: ${state}`);
}

async function main(): Promise<void> {
  const command = process.argv[2];
  const bin = pgBin();
  if (command === 'start') {
    const t = Date.now();
    ensureCitusBuilt(bin);
    mkdirSync(dataRoot, { recursive: true });
    for (const n of citusNodes()) {
      initNode(bin, n);
      startNode(bin, n);
    }
    await createCitusDatabase(database);
    await waitReady(30_000);
    console.log(
      `Citus cluster up in ${((Date.now() - t) / 1000).toFixed(1)} s: DATABASE_URL=${coordinatorUrl(database)}`,
    );
  } else if (command === 'status') {
    await waitReady(30_000);
    for (const n of citusNodes()) console.log(`${n.name} 127.0.0.1:${n.port} running`);
    console.log(`DATABASE_URL=${coordinatorUrl(database)}`);
  } else if (command === 'stop') {
    for (const n of citusNodes()) {
      if (existsSync(path.join(nodeDir(n), 'PG_VERSION')) && isRunning(bin, n)) {
        run(path.join(bin, 'pg_ctl'), ['stop', '-D', nodeDir(n), '-m', 'fast', '-w', '-t', '60'], {
          asPostgres: true,
          quiet: true,
        });
        console.log(`${n.name} stopped`);
      }
    }
  } else {
    console.error('usage: npm run citus:cluster -- start|stop|status');
    process.exitCode = 2;
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
