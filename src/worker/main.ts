import { closeDb } from '../server/db/database.ts';
import { closeQueue } from '../server/jobs/queue.ts';
import { log } from '../server/logger.ts';
import { closeRedis } from '../server/redis.ts';
import { checkServices } from '../server/services-check.ts';
import { startWorker } from './worker.ts';

/** `npm run start:worker`: one worker process; run N of them to scale out. */
async function main(): Promise<void> {
  await checkServices();
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

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
