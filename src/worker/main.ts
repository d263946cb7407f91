import { runClustered } from '../server/cluster.ts';
import { config } from '../server/config.ts';
import { closeDb } from '../server/db/database.ts';
import { log } from '../server/logger.ts';
import { closeRedis } from '../server/redis.ts';
import { checkServices } from '../server/services-check.ts';

/** One worker process: the whole worker with WORKERS=1, else each cluster child. */
async function runWorkerProcess(): Promise<void> {
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
