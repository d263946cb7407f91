import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { diagnosticJob } from '../../../src/server/domains/jobs/jobs.ts';
import { getJobUnchecked } from '../../../src/server/domains/jobs/service.ts';
import { closeQueue, enqueue, insertJobRow, queueFor } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { waitFor } from '../qr/helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

function jobRow(id: string) {
  return coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function finished(id: string, timeoutMs = 15_000) {
  return waitFor(async () => {
    const r = await jobRow(id);
    return r.state === 'completed' || r.state === 'failed' ? r : undefined;
  }, timeoutMs);
}

describe('worker plumbing (real BullMQ on Redis)', () => {
  it('runs an enqueued job to completion and records progress and result in core.jobs', async () => {
    const id = await enqueue(diagnosticJob, { steps: 5, echo: 'hello' }, { companyGroupId: null });
    const row = await finished(id);
    expect(row.state).toBe('completed');
    expect(row.progress).toBe(100);
    expect(row.result).toEqual({ steps: 5, echo: 'hello' });
    // The row keeps the parsed params (defaults applied).
    expect(row.params).toEqual({ steps: 5, echo: 'hello' });
    expect(row.started_at).not.toBeNull();
    expect(row.finished_at).not.toBeNull();
    expect(row.expires_at).not.toBeNull();
    // the job's view answers the summary (the import screen reads its counts there)
    const view = await getJobUnchecked(id);
    expect(view?.summary).toEqual({ steps: 5, echo: 'hello' });
  });

  it('retries a failing job as often as its definition says and records the final failure', async () => {
    expect(diagnosticJob.attempts).toBe(3);
    const id = await enqueue(diagnosticJob, { fail: 'boom' }, { companyGroupId: null });
    const row = await finished(id, 25_000);
    expect([row.state, row.error, row.attempts]).toEqual(['failed', 'boom', 3]);
    const job = await queueFor(diagnosticJob.queue).getJob(id);
    expect(job?.attemptsMade).toBe(3);
  });
});

describe('job parameters are checked by the definition’s schema', () => {
  it('the typed enqueue refuses bad params before writing a row or queueing anything', async () => {
    const marker = `refused-${Date.now()}`;
    await expect(
      // @ts-expect-error steps must be a number: a compile error, and refused at run time too
      enqueue(diagnosticJob, { steps: 'many', echo: marker }, { companyGroupId: null }),
    ).rejects.toMatchObject({ name: 'ZodError', issues: [expect.objectContaining({ path: ['steps'] })] });
    await expect(
      enqueue(diagnosticJob, { steps: 50, echo: marker }, { companyGroupId: null }),
    ).rejects.toThrow(/steps/);
    const rows = await coreDb()
      .selectFrom('jobs')
      .select('id')
      .where(sql`params->>'echo'`, '=', marker)
      .execute();
    expect(rows).toEqual([]);
    const queued = await queueFor(diagnosticJob.queue).getJobs([
      'waiting',
      'delayed',
      'active',
      'completed',
      'failed',
    ]);
    expect(queued.filter((j) => (j.data.params as { echo?: string }).echo === marker)).toEqual([]);
  });

  it('a job whose payload does not fit the schema fails on its first attempt, naming the bad field', async () => {
    // As if an old release (or a hand-made `queue.add`) put a bad payload on the queue.
    const jobId = await insertJobRow(diagnosticJob.type, { steps: 'many' }, { companyGroupId: null });
    await queueFor(diagnosticJob.queue).add(
      diagnosticJob.type,
      {
        jobId,
        type: diagnosticJob.type,
        params: { steps: 'many' },
        companyGroupId: null,
        companyId: null,
        requestedBy: null,
      },
      { jobId, attempts: 3, backoff: { type: 'fixed', delay: 100 } },
    );
    const done = await finished(jobId);
    expect(done.state).toBe('failed');
    expect(done.error).toMatch(/^invalid diagnostic parameters: steps: /);
    expect(done.attempts).toBe(1);
    expect(done.started_at).toBeNull();
    const job = await queueFor(diagnosticJob.queue).getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
    expect(await job?.getState()).toBe('failed');
  });

  it('an unknown job type fails at once too', async () => {
    const id = crypto.randomUUID();
    const job = await queueFor(diagnosticJob.queue).add(
      'no-such-job',
      {
        jobId: null,
        type: 'no-such-job',
        params: {},
        companyGroupId: null,
        companyId: null,
        requestedBy: null,
      },
      { jobId: id, attempts: 3 },
    );
    const state = await waitFor(async () => {
      const s = await job.getState();
      return s === 'failed' ? s : undefined;
    });
    expect(state).toBe('failed');
    const failed = await queueFor(diagnosticJob.queue).getJob(id);
    expect([failed?.attemptsMade, failed?.failedReason]).toEqual([1, 'unknown job type "no-such-job"']);
  });
});
