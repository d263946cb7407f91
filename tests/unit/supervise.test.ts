import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supervise } from '../../scripts/supervise.ts';

/** `npm start`'s supervisor with real child processes (small node scripts). */
const crasher = ['-e', 'setTimeout(() => process.exit(3), 30)'];
const steady = ['-e', "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"];
/** Ignores SIGTERM; touches `flag` once the handler is in place, so the test never signals it earlier. */
const stubborn = (flag: string) => [
  '-e',
  `process.on('SIGTERM', () => {}); require('node:fs').writeFileSync(${JSON.stringify(flag)}, ''); setInterval(() => {}, 1000)`,
];

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('supervise', () => {
  it('restarts a crashed child with growing backoff and logs each restart, leaving the others alone', async () => {
    const lines: Record<string, unknown>[] = [];
    const s = supervise(
      [
        { name: 'worker', args: crasher },
        { name: 'server', args: steady },
      ],
      { initialBackoffMs: 40, maxBackoffMs: 160, resetAfterMs: 10_000, log: (l) => lines.push(l) },
    );
    await until(() => (s.restarts.worker ?? 0) >= 4);
    await s.stop();
    const delays = lines.filter((l) => l.name === 'worker').map((l) => l.restartInMs);
    expect(delays.slice(0, 4)).toEqual([40, 80, 160, 160]);
    expect(
      lines.every((l) => l.level === 'error' && l.msg === 'process exited; restarting' && l.code === 3),
    ).toBe(true);
    expect(s.restarts.server).toBeUndefined();
  });

  it('stop() ends every child with SIGTERM and does not restart them', async () => {
    const s = supervise([{ name: 'server', args: steady }], { log: () => {} });
    await until(() => s.processes()[0]?.pid !== undefined);
    const [proc] = s.processes();
    await s.stop();
    // Ended by the SIGTERM: its handler's exit(0), or the signal itself if it came before the handler.
    expect(proc!.exitCode === 0 || proc!.signalCode === 'SIGTERM').toBe(true);
    expect(s.restarts.server).toBeUndefined();
  });

  it('kills a child that ignores SIGTERM once the deadline passes', async () => {
    const flag = path.join(mkdtempSync(path.join(tmpdir(), 'stubborn-')), 'ready');
    const s = supervise([{ name: 'stuck', args: stubborn(flag) }], { log: () => {}, stopDeadlineMs: 300 });
    // A loaded machine can take longer than any fixed pause to start node; wait for the child to say so.
    await until(() => existsSync(flag));
    const [proc] = s.processes();
    const t0 = Date.now();
    await s.stop();
    expect(proc!.signalCode).toBe('SIGKILL');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  });
});
