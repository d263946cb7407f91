import { afterAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { closeQueue, enqueueJob } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

describe('worker plumbing (real BullMQ on Redis)', () => {
  it('runs an enqueued job to completion and records progress and result in core.jobs', async () => {
    const id = await enqueueJob({
      type: 'diagnostic',
      params: { steps: 5, echo: 'hello' },
      companyGroupId: null,
    });
    const row = await waitFor(async () => {
      const r = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return r.state === 'completed' ? r : undefined;
    });
    expect(row.progress).toBe(100);
    expect(row.result).toEqual({ steps: 5, echo: 'hello' });
    expect(row.started_at).not.toBeNull();
    expect(row.finished_at).not.toBeNull();
    expect(row.expires_at).not.toBeNull();
  });

  it('retries a failing job and records the final failure', async () => {
    const id = await enqueueJob({ type: 'diagnostic', params: { fail: 'boom' }, companyGroupId: null });
    const row = await waitFor(async () => {
      const r = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return r.state === 'failed' ? r : undefined;
    }, 25_000);
    expect(row.error).toBe('boom');
    expect(row.attempts).toBe(3);
  });
});
