import v8 from 'node:v8';
import { runClustered } from '../server/cluster.ts';
import { config } from '../server/config.ts';
import { closeDb } from '../server/db/database.ts';
import { log } from '../server/logger.ts';
import { closeRedis } from '../server/redis.ts';
import { checkServices } from '../server/services-check.ts';

/**
 * V8 lets the old generation of a mostly idle process (a job waits on Postgres most of the time)
 * grow to ~4× its live set before a full collection. An import promotes ~12 MB of each 1,000-row
 * chunk's short-lived data (its rows, the statements' nodes and parameters live across the chunk's
 * queries), so a 50,000-row import's worker peaked at 365–385 MB with a live set of ~60–70 MB.
 * A growing factor of 1.5 collects at ~1.5× the live set instead: the same import peaks ~210 MB,
 * the full collections cost a few tens of ms each. It changes when V8 collects, never how much the
 * heap may hold (no limit: a job that needs more still gets it). Read at every collection, so set
 * here at start it applies to every worker process however it is started (`npm start`,
 * `npm run start:worker`, the tests' and the bench's child workers). A `--heap-growing-percent`
 * given on node's command line wins (0: V8's own heuristics). docs/decisions.md.
 */
const WORKER_HEAP_GROWING_PERCENT = 50;

/** One worker process: the whole worker with WORKERS=1, else each cluster child. */
async function runWorkerProcess(): Promise<void> {
  if (!process.execArgv.some((a) => /^--heap[-_]growing[-_]percent/.test(a)))
    v8.setFlagsFromString(`--heap-growing-percent=${WORKER_HEAP_GROWING_PERCENT}`);
  await checkServices();
  // Loaded here, not at the top: a cluster primary runs this file too and runs no job.
  const { startWorker } = await import('./worker.ts');
  const { closeQueue } = await import('../server/jobs/queue.ts');
  const w = startWorker();
  await w.ready;
  log.info('worker started', { pid: process.pid, queues: w.workers.map((q) => q.name) });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info('worker stopping');
    await w.close();
    await Promise.allSettled([closeQueue(), closeDb(), closeRedis()]);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * `npm run start:worker`: WORKERS processes (default: the cores), each with one BullMQ worker per
 * queue; run it on more machines to scale further. SIGTERM to the primary stops every one of them.
 */
async function main(): Promise<void> {
  await runClustered({ role: 'worker', size: config().WORKERS, beforeFork: checkServices }, runWorkerProcess);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
