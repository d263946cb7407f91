/**
 * A local Redis Cluster of three masters (no replicas) for tests and trying the product on a cluster
 * (issue 28 item 4): `redis-server --cluster-enabled yes` on three ports in a temporary directory,
 * joined with `redis-cli --cluster create`, ready once every node reports `cluster_state:ok`.
 *
 *   npx tsx scripts/redis-cluster.ts start [--port 27000]   prints the env to point a server at it
 *   npx tsx scripts/redis-cluster.ts stop --dir <dir>       shuts the nodes down and removes <dir>
 *
 * Needs `redis-server` and `redis-cli` (7+) on the PATH. Each node also uses its port + 10000 (the
 * cluster bus). Nothing is persisted (`--save "" --appendonly no`).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RedisClusterHandle {
  dir: string;
  ports: number[];
  /** the seed nodes, as REDIS_URL takes them (with REDIS_CLUSTER=true) */
  url: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** Three consecutive ports from `from`, each free along with its bus port (+10000). */
async function freePorts(from?: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = from ?? 20_000 + Math.floor(Math.random() * 9_000);
    const ports = [base, base + 1, base + 2];
    const free = await Promise.all(ports.flatMap((p) => [portFree(p), portFree(p + 10_000)]));
    if (free.every(Boolean)) return ports;
    if (from !== undefined)
      throw new Error(`ports ${ports.join(', ')} (or their bus ports +10000) are taken`);
  }
  throw new Error('no three free ports found for a Redis Cluster');
}

const cli = (port: number, ...args: string[]) =>
  run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 }).then((r) =>
    r.stdout.trim(),
  );

/** Polls `check` until it answers true, for at most `ms`; on timeout throws with `state()`. */
async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  state: () => Promise<string>,
  ms: number,
) {
  const until = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what} not reached within ${ms} ms: ${await state()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts three masters and joins them into one cluster; `stop()` shuts them down and removes `dir`. */
export async function startRedisCluster(opts: { port?: number } = {}): Promise<RedisClusterHandle> {
  const ports = await freePorts(opts.port);
  const dir = mkdtempSync(path.join(tmpdir(), 'eqc-redis-cluster-'));
  writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify({ ports }));
  const handle: RedisClusterHandle = {
    dir,
    ports,
    url: ports.map((p) => `redis://127.0.0.1:${p}`).join(','),
    stop: () => stopRedisCluster(dir),
  };
  try {
    for (const port of ports) {
      const nodeDir = path.join(dir, String(port));
      mkdirSync(nodeDir);
      await run('redis-server', [
        '--cluster-enabled',
        'yes',
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        nodeDir,
        '--cluster-config-file',
        path.join(nodeDir, 'nodes.conf'),
        '--pidfile',
        path.join(nodeDir, 'redis.pid'),
        '--logfile',
        path.join(nodeDir, 'redis.log'),
        '--daemonize',
        'yes',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ]);
    }
    for (const port of ports)
      await waitUntil(
        `redis on ${port}`,
        async () => (await cli(port, 'ping')) === 'PONG',
        async () => readLog(dir, port),
        READY_TIMEOUT_MS,
      );
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { timeout: 30_000 },
    );
    const info = async () =>
      (await Promise.all(ports.map((p) => cli(p, 'cluster', 'info').catch(String)))).join('\n');
    await waitUntil(
      'cluster_state:ok on every node',
      async () =>
        (await Promise.all(ports.map((p) => cli(p, 'cluster', 'info')))).every((i) =>
          /cluster_state:ok/.test(i),
        ),
      info,
      READY_TIMEOUT_MS,
    );
  } catch (err) {
    await stopRedisCluster(dir);
    throw err;
  }
  return handle;
}

function readLog(dir: string, port: number): string {
  const f = path.join(dir, String(port), 'redis.log');
  return existsSync(f) ? readFileSync(f, 'utf8').slice(-2000) : '(no log)';
}

/** Shuts down the nodes of a cluster started in `dir` (without saving) and removes the directory. */
export async function stopRedisCluster(dir: string): Promise<void> {
  const file = path.join(dir, 'cluster.json');
  if (!existsSync(file)) return;
  const { ports } = JSON.parse(readFileSync(file, 'utf8')) as { ports: number[] };
  await Promise.all(
    ports.map(async (port) => {
      const pidFile = path.join(dir, String(port), 'redis.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : undefined;
      await cli(port, 'shutdown', 'nosave').catch(() => undefined);
      if (!pid) return;
      const gone = async () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      };
      await waitUntil(
        `redis on ${port} (pid ${pid}) stopped`,
        gone,
        async () => readLog(dir, port),
        10_000,
      ).catch((e: Error) => console.warn(e.message));
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, ...rest] = process.argv.slice(2);
  const arg = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  try {
    if (cmd === 'start') {
      const port = arg('--port');
      const c = await startRedisCluster({ port: port ? Number(port) : undefined });
      console.log(`Redis Cluster ready (3 masters on ports ${c.ports.join(', ')}), files in ${c.dir}`);
      console.log(`REDIS_CLUSTER=true REDIS_URL=${c.url}`);
      console.log(`Stop it with: npx tsx scripts/redis-cluster.ts stop --dir ${c.dir}`);
    } else if (cmd === 'stop' && arg('--dir')) {
      await stopRedisCluster(arg('--dir')!);
    } else {
      console.error('usage: redis-cluster.ts start [--port P] | stop --dir DIR');
      process.exit(2);
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
