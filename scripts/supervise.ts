/**
 * A small process supervisor for `npm start`: runs each child (server, workers), restarts one that
 * exits while nobody asked it to, with exponential backoff (reset once it has stayed up a while),
 * logs each crash and restart as one JSON line, and on stop sends SIGTERM to every child and waits
 * for them (SIGKILL after a deadline). Production runs the same entry points without it
 * (`npm run start:server`, `npm run start:worker` × N) under its own supervisor.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface ChildSpec {
  name: string;
  /** argv after the node executable */
  args: string[];
}

export interface SuperviseOptions {
  /** first restart delay (doubles up to maxBackoffMs) */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** a child that stayed up this long restarts with the initial delay again */
  resetAfterMs?: number;
  /** how long stop() waits before SIGKILL */
  stopDeadlineMs?: number;
  env?: NodeJS.ProcessEnv;
  log?: (line: Record<string, unknown>) => void;
}

export interface Supervisor {
  /** restarts so far, per child name */
  restarts: Record<string, number>;
  /** current process of each child */
  processes(): ChildProcess[];
  stop(): Promise<void>;
}

const jsonLog = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...line })}\n`);

export function supervise(specs: ChildSpec[], opts: SuperviseOptions = {}): Supervisor {
  const initial = opts.initialBackoffMs ?? 1000;
  const max = opts.maxBackoffMs ?? 30_000;
  const resetAfter = opts.resetAfterMs ?? 60_000;
  const log = opts.log ?? jsonLog;
  const current = new Map<string, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  const restarts: Record<string, number> = {};
  let stopping = false;

  const launch = (spec: ChildSpec, delay: number) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, spec.args, { stdio: 'inherit', env: opts.env ?? process.env });
    current.set(spec.name, child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      // Backoff grows while the child keeps dying young, and starts over once it held.
      const next = Date.now() - startedAt >= resetAfter ? initial : Math.min(max, delay * 2);
      restarts[spec.name] = (restarts[spec.name] ?? 0) + 1;
      log({
        level: 'error',
        msg: 'process exited; restarting',
        name: spec.name,
        code,
        signal,
        restartInMs: delay,
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) launch(spec, next);
      }, delay);
      timers.add(timer);
    });
  };
  for (const spec of specs) launch(spec, initial);

  return {
    restarts,
    processes: () => [...current.values()],
    stop: async () => {
      stopping = true;
      for (const t of timers) clearTimeout(t);
      const alive = [...current.values()].filter((c) => c.exitCode === null && c.signalCode === null);
      const exits = alive.map((c) => new Promise((r) => c.once('exit', r)));
      for (const c of alive) c.kill('SIGTERM');
      const kill = setTimeout(() => {
        for (const c of alive) if (c.exitCode === null) c.kill('SIGKILL');
      }, opts.stopDeadlineMs ?? 25_000);
      await Promise.all(exits);
      clearTimeout(kill);
    },
  };
}
