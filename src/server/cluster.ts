import cluster, { type Worker } from 'node:cluster';
import { log } from './logger.ts';

export interface ClusterOptions {
  /** what the processes are, in log lines: `server`, `worker` */
  role: string;
  /** processes to run; 1 runs `child` in this process, without a primary */
  size: number;
  /** the primary's own start-up check before forking (a missing service stops it with its sentence) */
  beforeFork?: () => Promise<void>;
  /** first restart delay of a child that died (doubles up to maxBackoffMs) */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** a child that stayed up this long restarts with the initial delay again */
  resetAfterMs?: number;
  /** how long the primary waits for its children after SIGTERM before SIGKILL */
  stopDeadlineMs?: number;
}

/**
 * Runs an entry point as `size` processes (node:cluster). In a cluster child, or when `size` is 1,
 * this simply runs `child` (the process's real work, with its own SIGTERM handling). Otherwise this
 * process becomes the primary: it does no work of its own, forks `size` children running the same
 * entry, forks a child again (with backoff) when one dies, and on SIGTERM/SIGINT sends SIGTERM to
 * every child — each drains as a single process would — waits for all of them, and exits 0.
 * HTTP children share the listening port: the primary accepts connections and hands them out
 * round-robin (node's default scheduling on Linux).
 */
export async function runClustered(opts: ClusterOptions, child: () => Promise<void>): Promise<void> {
  if (opts.size <= 1 || cluster.isWorker) return child();
  await opts.beforeFork?.();
  const initial = opts.initialBackoffMs ?? 1000;
  const max = opts.maxBackoffMs ?? 30_000;
  const resetAfter = opts.resetAfterMs ?? 60_000;
  const slots = new Map<number, Worker>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  const fork = (slot: number, delay: number) => {
    const startedAt = Date.now();
    const w = cluster.fork();
    slots.set(slot, w);
    w.on('exit', (code, signal) => {
      if (stopping) return;
      const next = Date.now() - startedAt >= resetAfter ? initial : Math.min(max, delay * 2);
      log.error(`${opts.role} process exited; restarting`, {
        pid: w.process.pid,
        code,
        signal,
        restartInMs: delay,
      });
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) fork(slot, next);
      }, delay);
      timers.add(timer);
    });
  };
  for (let slot = 0; slot < opts.size; slot++) fork(slot, initial);
  log.info(`${opts.role} cluster started`, { pid: process.pid, processes: opts.size });

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const t of timers) clearTimeout(t);
    const alive = [...slots.values()].filter((w) => !w.isDead());
    log.info(`${opts.role} cluster stopping`, { processes: alive.length });
    const exits = alive.map((w) => new Promise((r) => w.once('exit', r)));
    for (const w of alive) w.process.kill('SIGTERM');
    const kill = setTimeout(() => {
      for (const w of alive) if (!w.isDead()) w.process.kill('SIGKILL');
    }, opts.stopDeadlineMs ?? 24_000);
    await Promise.all(exits);
    clearTimeout(kill);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
