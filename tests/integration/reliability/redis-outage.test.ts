import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-users.ts';
import { DEMO } from '../../helpers/api.ts';
import { roomForTags, waitFor } from '../qr/helpers.ts';
import { companyOf } from '../tags/helpers.ts';

/**
 * Redis stops for OUTAGE_MS (5 s here; REDIS_OUTAGE_MS=30000 for the issue's figures) under a real
 * server and a real worker process, both pointed at a Redis this test starts on its own port:
 * - sign-in and forgot-password answer 503 REDIS_UNAVAILABLE within a second (their throttles fail
 *   closed), CEP look-ups and signed-in reads keep answering, a QR batch is accepted (its row
 *   stays `queued`), and nothing answers 500 or hangs;
 * - Redis comes back empty (no persistence): the worker's sweep puts the rows back on the queue and
 *   every job finishes — none is left stuck;
 * - every line both processes wrote is one JSON object.
 */
const OUTAGE_MS = Number(process.env.REDIS_OUTAGE_MS ?? 5000);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(proc);
    let out = '';
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Ready to accept connections')) resolve(proc);
    });
    proc.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
  });
}

interface Proc {
  proc: ChildProcess;
  lines: string[];
}

function startNode(
  script: string,
  env: Record<string, string>,
  readyPattern: RegExp,
): Promise<Proc & { out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(proc);
    const lines: string[] = [];
    let out = '';
    let partial = '';
    const onData = (b: Buffer) => {
      const text = partial + b.toString();
      const parts = text.split('\n');
      partial = parts.pop()!;
      lines.push(...parts.filter((l) => l.length > 0));
      out += b.toString();
      const m = out.match(readyPattern);
      if (m) resolve({ proc, lines, out: m[1] ?? '' });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`${script} exited early (${code}): ${out.slice(-2000)}`)));
  });
}

function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - t0 }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer in 15 s: ${url}`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

const code = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

let redisPort: number;
let redisProc: ChildProcess;
let server: Proc & { out: string };
let worker: Proc;
let cep: http.Server;

beforeAll(async () => {
  redisPort = await freePort();
  redisProc = await startRedis(redisPort);
  // A stand-in for the public CEP service (the sandbox has no internet).
  cep = http
    .createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          cep: '01001-000',
          logradouro: 'Praça da Sé',
          bairro: 'Sé',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    })
    .listen(0, '127.0.0.1');
  await new Promise((r) => cep.once('listening', r));
  const env = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    CEP_SERVICE_URL: `http://127.0.0.1:${(cep.address() as net.AddressInfo).port}/{cep}`,
    LOG_LEVEL: 'info',
    JOB_SWEEP_EVERY_MS: '500',
    JOB_REQUEUE_MIN_AGE_MS: '1000',
  };
  server = await startNode(
    'src/server/main.ts',
    { ...env, PORT: '0', HOST: '127.0.0.1' },
    /"msg":"server listening".*?"listen":"([^"]+)"/,
  );
  worker = await startNode('src/worker/main.ts', env, /"msg":"worker started"/);
}, 60_000);

afterAll(async () => {
  cep?.close();
});

describe('Redis outage', () => {
  it('answers fast with codes while Redis is away, and loses no job when it comes back empty', async () => {
    const url = server.out;
    const json = { 'Content-Type': 'application/json' };
    const login = await request(`${url}/web/authentication/`, {
      method: 'POST',
      headers: { Email: DEMO.companyAdmin, 'X-Forwarded-For': '10.66.0.1' },
      body: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body) as { data: string }).data;
    // The company admin's company is the shared demo one: room for this test's batches.
    await roomForTags(await companyOf(DEMO.companyAdmin), 100);
    const auth = { Authorization: `Bearer ${token}` };
    const generate = () =>
      request(`${url}/trpc/qr.generate`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ json: { quantity: 2, format: 'xlsx' } }),
      });
    const jobIdOf = (body: string) =>
      (JSON.parse(body) as { result: { data: { json: { jobId: string } } } }).result.data.json.jobId;

    // Before: a batch runs end to end.
    const first = await generate();
    expect(first.status).toBe(200);
    const firstId = jobIdOf(first.body);
    const stateOf = async (id: string) =>
      (await coreDb().selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow())
        .state;
    await waitFor(async () => ((await stateOf(firstId)) === 'completed' ? true : undefined));

    // Redis goes away.
    redisProc.kill('SIGKILL');
    await new Promise((r) => redisProc.once('exit', r));
    const outageEnds = Date.now() + OUTAGE_MS;
    const linesBefore = { server: server.lines.length, worker: worker.lines.length };
    const answers: { what: string; status: number; code?: string; ms: number }[] = [];
    const accepted: string[] = [];
    const probe = async (what: string, p: Promise<{ status: number; body: string; ms: number }>) => {
      const r = await p;
      answers.push({ what, status: r.status, code: code(r.body), ms: r.ms });
      return r;
    };
    // Three batches asked for while Redis is away (in parallel with the other calls).
    const batches = Promise.all(
      [1, 2, 3].map(() =>
        probe('qr-generate', generate()).then((r) => {
          if (r.status === 200) accepted.push(jobIdOf(r.body));
        }),
      ),
    );
    let i = 0;
    while (Date.now() < outageEnds) {
      i++;
      await Promise.all([
        probe(
          'sign-in',
          request(`${url}/web/authentication/`, {
            method: 'POST',
            headers: { Email: DEMO.companyAdmin, 'X-Forwarded-For': `10.66.1.${i % 200}` },
            body: DEMO_PASSWORD,
          }),
        ),
        probe(
          'forgot-password',
          request(`${url}/web/password/reset/`, { method: 'POST', headers: { Email: DEMO.operator } }),
        ),
        probe('cep', request(`${url}/web/cep/01001000`, { headers: auth })),
        probe('logged-user', request(`${url}/web/logged-user/`, { headers: auth })),
        probe('categories', request(`${url}/web/categories/`, { headers: auth })),
      ]);
    }
    await batches;
    const by = (what: string) => answers.filter((a) => a.what === what);
    const summary = Object.fromEntries(
      ['sign-in', 'forgot-password', 'cep', 'logged-user', 'categories', 'qr-generate'].map((w) => [
        w,
        {
          n: by(w).length,
          statuses: [...new Set(by(w).map((a) => `${a.status}${a.code ? ` ${a.code}` : ''}`))],
          maxMs: Math.round(Math.max(...by(w).map((a) => a.ms))),
        },
      ]),
    );
    console.log(`Redis stopped ${OUTAGE_MS} ms: ${answers.length} requests`, JSON.stringify(summary));

    expect(answers.filter((a) => a.status === 500)).toEqual([]);
    for (const a of [...by('sign-in'), ...by('forgot-password')]) {
      expect(a).toMatchObject({ status: 503, code: 'REDIS_UNAVAILABLE' });
      expect(a.ms).toBeLessThan(1500);
    }
    for (const a of [...by('cep'), ...by('logged-user'), ...by('categories')]) expect(a.status).toBe(200);
    expect(accepted).toHaveLength(3);
    for (const a of by('qr-generate')) expect(a.ms).toBeLessThan(3500);
    for (const id of accepted) expect(await stateOf(id)).toBe('queued');

    // Issue 26 item 20: an outage is logged once per state change and connection, not at each
    // reconnect attempt (a worker wrote ~480 error lines in 30 s): no warning or error line of the
    // outage repeats, whatever its length.
    const outageLines = {
      server: server.lines.slice(linesBefore.server),
      worker: worker.lines.slice(linesBefore.worker),
    };
    for (const [who, lines] of Object.entries(outageLines)) {
      const keys = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.level === 'warn' || l.level === 'error')
        .map((l) => JSON.stringify([l.msg, l.connection, l.queue, l.id]));
      const repeated = keys.filter((k, i) => keys.indexOf(k) !== i);
      console.log(`${who}: ${lines.length} lines in the outage, ${keys.length} warnings/errors`);
      expect(repeated, `${who} repeated:\n${lines.join('\n').slice(0, 3000)}`).toEqual([]);
    }
    expect(outageLines.worker.some((l) => l.includes('"redis unavailable"'))).toBe(true);

    // Redis returns, empty: the sweep requeues the rows and they all finish.
    redisProc = await startRedis(redisPort);
    for (const id of accepted)
      await waitFor(async () => ((await stateOf(id)) === 'completed' ? true : undefined), 60_000);
    const stuck = await coreDb()
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', [firstId, ...accepted])
      .where('state', '!=', 'completed')
      .execute();
    expect(stuck).toEqual([]);

    // Sign-in works again.
    await waitFor(async () => {
      const r = await request(`${url}/web/authentication/`, {
        method: 'POST',
        headers: { Email: DEMO.companyAdmin, 'X-Forwarded-For': '10.66.0.1' },
        body: DEMO_PASSWORD,
      });
      return r.status === 200 ? true : undefined;
    }, 15_000);

    // One JSON object per line, from both processes, through the whole outage.
    const notJson = [...server.lines, ...worker.lines].filter((l) => {
      try {
        return typeof JSON.parse(l) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(server.lines.some((l) => l.includes('redis unavailable'))).toBe(true);
    // …and once when it is back.
    expect(worker.lines.some((l) => l.includes('"redis available again"'))).toBe(true);
  }, 180_000);
});
