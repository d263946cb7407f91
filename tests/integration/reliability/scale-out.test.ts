import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ensureBuilt } from '../../../scripts/build.ts';
import { config, resetConfig } from '../../../src/server/config.ts';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { closeQueue, queueFor } from '../../../src/server/jobs/queue.ts';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-users.ts';
import { DEMO } from '../../helpers/api.ts';
import { demoCompany, roomForTags, waitFor } from '../qr/helpers.ts';

/**
 * Scale-out, as production runs it: the compiled build (`dist/`, what `npm start` runs) started as
 * real processes against the run's one database — server A with WEB_CONCURRENCY=2 (a cluster
 * primary and two HTTP processes on one port), server B on another port, and a worker with
 * WORKERS=2 (two worker processes). Sessions live in Postgres and throttles and jobs in Redis, so
 * a token from A works on B (and its revocation too), the sign-in throttle counts the attempts of
 * both servers, and a QR batch is processed once, by one of the two workers.
 */

// A Redis prefix of its own: only the workers below (never another test file's worker) take the job.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:scale`;
resetConfig();

const children: ChildProcess[] = [];

interface Started {
  proc: ChildProcess;
  /** the pid of each process that logged `ready` (cluster children, or the process itself) */
  pids: number[];
  url?: string;
  output: () => string;
}

/** Starts a compiled entry point and waits until `count` of its processes logged `ready`. */
function startCompiled(entry: string, env: Record<string, string>, ready: RegExp, count: number) {
  return new Promise<Started>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--enable-source-maps', entry], {
      env: {
        ...process.env,
        REDIS_PREFIX: config().REDIS_PREFIX,
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(proc);
    let out = '';
    const pids: number[] = [];
    let url: string | undefined;
    const onData = (b: Buffer) => {
      out += b.toString();
      if (pids.length) return;
      const lines = out.split('\n').filter((l) => ready.test(l));
      if (lines.length < count) return;
      for (const l of lines.slice(0, count)) {
        // `listen`: the bound address (`url` is PUBLIC_URL when that is set).
        const line = JSON.parse(l) as { pid: number; listen?: string };
        pids.push(line.pid);
        url ??= line.listen;
      }
      resolve({ proc, pids, url, output: () => out });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`${entry} exited early (${code}): ${out.slice(-2000)}`)));
  });
}

function request(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {},
): Promise<{ status: number; json: { data?: unknown; error?: { code: string } }; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      { agent: init.agent, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        // Read now: the socket is handed back to the agent (or closed) once the answer has ended.
        const localPort = res.socket.localPort ?? 0;
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: body.startsWith('{') ? JSON.parse(body) : {},
            localPort,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Direct children of a process, from /proc. */
function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // pid (comm) state ppid …  — comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch {}
  }
  return out.sort();
}

/** The pid whose open files hold the server side of the TCP connection from `clientPort` to `serverPort`. */
function ownerOfConnection(pids: number[], serverPort: number, clientPort: number): number | undefined {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const row = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hex(serverPort)}`) && f[2]?.endsWith(`:${hex(clientPort)}`));
  const inode = row?.[9];
  if (!inode) return undefined;
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false;
      }
    }),
  );
}

let serverA: Started;
let serverB: Started;
let workers: Started;

beforeAll(async () => {
  // What `npm start` does first: build the server side when its sources changed.
  await ensureBuilt({ client: false, log: () => {} });
  const common = { PORT: '0', LOGIN_FREE_PER_PAIR: '3', WORKER_CONCURRENCY: '1' };
  [serverA, serverB, workers] = await Promise.all([
    startCompiled('dist/server/main.js', { ...common, WEB_CONCURRENCY: '2' }, /"msg":"server listening"/, 2),
    startCompiled('dist/server/main.js', { ...common, WEB_CONCURRENCY: '1' }, /"msg":"server listening"/, 1),
    startCompiled('dist/worker/main.js', { ...common, WORKERS: '2' }, /"msg":"worker started"/, 2),
  ]);
}, 120_000);

afterAll(async () => {
  const exits = children
    .filter((c) => c.exitCode === null && c.signalCode === null)
    .map((c) => {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      return exited;
    });
  const timer = setTimeout(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  }, 30_000);
  await Promise.all(exits);
  clearTimeout(timer);
  await closeQueue();
}, 60_000);

describe('two servers and two workers on one database (compiled build)', () => {
  it('WEB_CONCURRENCY=2 serves one port from two processes, children of one primary', async () => {
    const primary = serverA.proc.pid!;
    const kids = childPids(primary);
    expect(kids).toHaveLength(2);
    expect([...serverA.pids].sort()).toEqual(kids);
    const port = Number(new URL(serverA.url!).port);
    // Eight connections (each its own client port); the primary deals them out round-robin.
    const agents = Array.from({ length: 8 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      const answers = await Promise.all(agents.map((agent) => request(serverA.url!, '/health', { agent })));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const owners = answers.map((a) => ownerOfConnection(kids, port, a.localPort));
      expect(owners.every((o) => o !== undefined && kids.includes(o))).toBe(true);
      expect(new Set(owners).size).toBe(2);
    } finally {
      for (const a of agents) a.destroy();
    }
    // The workers' primary likewise runs two worker processes.
    expect([...workers.pids].sort()).toEqual(childPids(workers.proc.pid!));
  });

  it('a session made on server A is valid on server B, and revoked there for A too', async () => {
    const login = await request(serverA.url!, '/web/authentication/', {
      method: 'POST',
      headers: { Email: DEMO.companyAdmin, 'X-Forwarded-For': '10.77.0.1' },
      body: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const auth = { Authorization: `Bearer ${login.json.data as string}` };
    const me = await request(serverB.url!, '/web/logged-user/', { headers: auth });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.json.data)).toContain(DEMO.companyAdmin);
    // Both of A's processes now hold the session in their cache (SESSION_CACHE_MS, 5 s).
    const agents = Array.from({ length: 4 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    onTestFinished(() => {
      for (const a of agents) a.destroy();
    });
    for (const agent of agents)
      expect((await request(serverA.url!, '/web/logged-user/', { headers: auth, agent })).status).toBe(200);
    const signedOut = Date.now();
    expect(
      (await request(serverB.url!, '/web/authentication/', { method: 'DELETE', headers: auth })).status,
    ).toBe(200);
    // A write is never authorised from a cache: at once, on every process.
    const put = await request(serverA.url!, '/web/logged-user/', {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Nobody', phone: null, occupation: null }),
    });
    expect(put.status).toBe(401);
    // Reads on A follow the NOTIFY of the revocation: well before the cache's 5 s.
    for (const agent of agents)
      await waitFor(
        async () =>
          (await request(serverA.url!, '/web/logged-user/', { headers: auth, agent })).status === 401
            ? true
            : undefined,
        4000,
        10,
      );
    // Below the cache's 5 s is what proves the NOTIFY path; a tighter bound fails on a loaded machine.
    expect(Date.now() - signedOut).toBeLessThan(4000);
  });

  it('the sign-in throttle counts the attempts made on both servers', async () => {
    // LOGIN_FREE_PER_PAIR=3: attempts 1–4 are answered (the 4th starts the delay), the 5th waits.
    // Counted per process, each server would have seen only two or three.
    const attempt = (url: string) =>
      request(url, '/web/authentication/', {
        method: 'POST',
        headers: { Email: `nobody.scale.${process.pid}@example.test`, 'X-Forwarded-For': '10.77.0.2' },
        body: 'wrong password',
      });
    const statuses: number[] = [];
    for (const url of [serverA.url!, serverB.url!, serverA.url!, serverB.url!])
      statuses.push((await attempt(url)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const fifth = await attempt(serverA.url!);
    expect([fifth.status, fifth.json.error?.code]).toEqual([429, 'AUTHENTICATION_RATE_LIMITED']);
  });

  it('a QR batch requested on server B is processed exactly once, by one of the two workers', {
    timeout: 90_000,
  }, async () => {
    const N = 48;
    const demo = await demoCompany();
    await roomForTags(demo.companyId, N);
    const login = await request(serverA.url!, '/web/authentication/', {
      method: 'POST',
      headers: { Email: DEMO.groupAdmin, 'X-Forwarded-For': '10.77.0.3' },
      body: DEMO_PASSWORD,
    });
    const auth = { Authorization: `Bearer ${login.json.data as string}` };
    const res = await request(serverB.url!, `/web/qr-code/generate/${demo.companyId}/${N}`, {
      headers: { ...auth, Prefer: 'respond-async', 'X-Forwarded-For': '10.77.0.3' },
    });
    expect(res.status).toBe(202);
    const { jobId } = res.json.data as { jobId: string };
    // Its tags would stay spare under the restored limit and refuse later demo batches: disable them.
    onTestFinished(async () => {
      await tenantDb(demo.schema)
        .updateTable('tags')
        .set({ enabled: false })
        .where('job_id', '=', jobId)
        .execute();
    });
    const done = await waitFor(
      async () => {
        const j = await coreDb()
          .selectFrom('jobs')
          .selectAll()
          .where('id', '=', jobId)
          .executeTakeFirstOrThrow();
        return j.state === 'completed' || j.state === 'failed' ? j : undefined;
      },
      60_000,
      100,
    );
    expect([done.state, done.error, done.attempts]).toEqual(['completed', null, 1]);
    const bull = await queueFor('qr').getJob(jobId);
    expect(bull?.attemptsStarted).toBe(1);
    const [, pid] = (bull?.processedBy ?? '').split(':');
    expect(workers.pids).toContain(Number(pid));
    const tags = await coreDb()
      .selectFrom('tag_registry')
      .select((eb) => [eb.fn.countAll<string>().as('n')])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(Number(tags.n)).toBe(N);
    // And the file is served by the other server.
    const file = await request(serverA.url!, `/web/jobs/${jobId}`, { headers: auth });
    expect(file.status).toBe(200);
  });
});
