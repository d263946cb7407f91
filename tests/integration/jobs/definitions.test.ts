import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { config, resetConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { createRegistry, defineJob } from '../../../src/server/jobs/define.ts';
import { closeQueue, enqueue, queueFor } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { waitFor } from '../qr/helpers.ts';

// Queues of their own, so only this file's worker (with its test-only definitions) runs these jobs.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:definitions`;
resetConfig();

const flakyParams = z.object({ note: z.string() });
const failTwice = defineJob({
  type: 'test-flaky-twice',
  params: flakyParams,
  queue: 'test-retry',
  attempts: 2,
  backoff: { type: 'fixed', delay: 50 },
  async process({ params }) {
    throw new Error(`flaky ${params.note}`);
  },
});
const failOnce = defineJob({
  type: 'test-flaky-once',
  params: flakyParams,
  queue: 'test-retry',
  attempts: 1,
  async process({ params }) {
    throw new Error(`flaky ${params.note}`);
  },
});

const gate = { open: false, running: 0, peak: 0 };
const gatedJob = defineJob({
  type: 'test-gated',
  params: z.object({ n: z.number().int() }),
  queue: 'test-wide',
  concurrency: 3,
  async process({ params }) {
    gate.running++;
    gate.peak = Math.max(gate.peak, gate.running);
    await waitFor(async () => (gate.open ? true : undefined), 20_000, 20);
    gate.running--;
    return { summary: { n: params.n } };
  },
});

const worker = startWorker({ registry: createRegistry([[failTwice, failOnce], [gatedJob]]) });
afterAll(async () => {
  gate.open = true;
  await worker.close();
  await closeQueue();
});

function jobRow(id: string) {
  return coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('job definitions drive the queues', () => {
  it('starts one BullMQ worker per queue with the concurrency of its definitions', () => {
    expect(config().REDIS_PREFIX).toMatch(/:definitions$/);
    expect(worker.workers.map((w) => [w.name, w.opts.concurrency])).toEqual([
      ['test-retry', 2],
      ['test-wide', 3],
    ]);
  });

  it('honours each type’s attempts, even on one queue', async () => {
    const twice = await enqueue(failTwice, { note: 'a' }, { companyGroupId: null });
    const once = await enqueue(failOnce, { note: 'b' }, { companyGroupId: null });
    const rows = await waitFor(async () => {
      const r = await Promise.all([jobRow(twice), jobRow(once)]);
      return r.every((x) => x.state === 'failed') ? r : undefined;
    });
    expect(rows.map((r) => [r.type, r.attempts, r.error])).toEqual([
      ['test-flaky-twice', 2, 'flaky a'],
      ['test-flaky-once', 1, 'flaky b'],
    ]);
    const q = queueFor('test-retry');
    const jobs = await Promise.all([q.getJob(twice), q.getJob(once)]);
    expect(jobs.map((j) => [j?.opts.attempts, j?.attemptsMade])).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });

  it('runs at most `concurrency` jobs of a queue at once', async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => enqueue(gatedJob, { n }, { companyGroupId: null })),
    );
    const q = queueFor('test-wide');
    await waitFor(async () => {
      const counts = await q.getJobCounts('active', 'waiting');
      return gate.running === 3 && counts.active === 3 && counts.waiting === 2 ? true : undefined;
    });
    expect(gate.peak).toBe(3);
    gate.open = true;
    const rows = await waitFor(async () => {
      const r = await Promise.all(ids.map(jobRow));
      return r.every((x) => x.state === 'completed') ? r : undefined;
    });
    expect(rows.map((r) => r.result)).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    expect(gate.peak).toBe(3);
  });
});
