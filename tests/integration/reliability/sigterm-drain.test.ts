import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-users.ts';
import { DEMO } from '../../helpers/api.ts';

/**
 * SIGTERM under load: a real server process (`src/server/main.ts`) answering 20 keep-alive
 * connections is sent SIGTERM; every request that was on the wire before the signal gets its
 * answer (200), the process exits 0 once the work in flight is done, well inside the deadline.
 */
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
});

function startServerProcess(): Promise<{ proc: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = out.match(/"msg":"server listening".*?"listen":"([^"]+)"/);
      if (m) resolve({ proc, url: m[1]! });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out.slice(-2000)}`)));
  });
}

function request(
  agent: http.Agent,
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      { agent, method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('SIGTERM drains the requests in flight', () => {
  it('answers every request sent before the signal, then exits 0', async () => {
    const { proc, url } = await startServerProcess();
    child = proc;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const login = await request(agent, url, '/web/authentication/', {
      method: 'POST',
      headers: { Email: DEMO.companyAdmin, 'X-Forwarded-For': '10.55.0.1' },
      body: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body) as { data: string }).data;
    const headers = { Authorization: `Bearer ${token}` };

    let signalled = false;
    let signalAt = 0;
    const before: { status: number | string }[] = [];
    const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
    // 20 connections, each sending requests back to back (a tRPC batch of 5 reads per request, so
    // each takes a few milliseconds of real work).
    const loop = async () => {
      while (!signalled || performance.now() - signalAt < 200) {
        const sentBeforeSignal = !signalled;
        const outcome = await request(
          agent,
          url,
          `/trpc/account.me,catalogue.categories.list,catalogue.products.list,jobs.list,config.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: {} }, 2: { json: {} }, 3: { json: {} }, 4: { json: null } }))}`,
          { headers },
        ).then(
          (r) => r.status,
          (e: NodeJS.ErrnoException) => e.code ?? 'error',
        );
        if (sentBeforeSignal) before.push({ status: outcome });
        if (typeof outcome !== 'number') return; // the server is gone: stop this connection
      }
    };
    const loops = Array.from({ length: 20 }, loop);
    // Let the load settle, then stop the server in the middle of it.
    await new Promise((r) => setTimeout(r, 800));
    signalled = true;
    signalAt = performance.now();
    proc.kill('SIGTERM');
    await Promise.all(loops);
    const code = await exited;
    const drainMs = performance.now() - signalAt;
    agent.destroy();

    const failed = before.filter((b) => b.status !== 200 && b.status !== 207);
    console.log(
      `SIGTERM under load: ${before.length} requests sent before the signal, ${failed.length} failed; exit ${code} after ${drainMs.toFixed(0)} ms`,
    );
    // At least one request per connection was on the wire (how many more depends on the machine).
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(failed).toEqual([]);
    expect(code).toBe(0);
    expect(drainMs).toBeLessThan(10_000);
  }, 60_000);
});
