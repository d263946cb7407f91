import { afterAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { resultSweepJob } from '../../../src/server/domains/jobs/jobs.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { type JobSchedule, scheduleOf } from '../../../src/server/jobs/define.ts';
import { closeQueue, queueFor } from '../../../src/server/jobs/queue.ts';
import { jobRegistry } from '../../../src/server/jobs/registry.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { waitFor } from '../qr/helpers.ts';

// Queues of their own: the short schedule below must not be replaced by another file's workers.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:schedulers`;
resetConfig();

const EVERY = 300;
const workers: RunningWorker[] = [];
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await closeQueue();
});

async function resultRow(key: string, expiresAt: Date): Promise<string> {
  await fileStore().put(key, Buffer.from('%PDF-x'), 'application/pdf');
  const r = await coreDb()
    .insertInto('jobs')
    .values({
      type: 'qr-pdf',
      params: '{}',
      company_group_id: null,
      company_id: null,
      requested_by: null,
      state: 'completed',
      progress: 100,
      result_key: key,
      result_name: 'x.pdf',
      result_content_type: 'application/pdf',
      result_size: 6,
      result: null,
      error: null,
      started_at: new Date(),
      finished_at: new Date(),
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

describe('scheduled jobs (BullMQ job schedulers)', () => {
  it('two workers register one scheduler per scheduled type; it runs once per tick and sweeps expired results', async () => {
    const maintenance = queueFor(resultSweepJob.queue);
    // A scheduler no definition wants any more (e.g. a job type that was removed) is dropped at start.
    await maintenance.upsertJobScheduler('retired-job', { every: 3_600_000 }, { name: 'retired-job' });

    const key = `jobs/scheduler-${Date.now()}/old.pdf`;
    const expired = await resultRow(key, new Date(Date.now() - 1000));
    const fresh = await resultRow(`${key}.fresh`, new Date(Date.now() + 3_600_000));

    const schedules = { [resultSweepJob.type]: { every: EVERY } };
    workers.push(startWorker({ schedules }), startWorker({ schedules }));
    await Promise.all(workers.map((w) => w.ready));
    const readyAt = Date.now();

    const found = await maintenance.getJobSchedulers();
    const sweep = found.filter((s) => s.key === resultSweepJob.type);
    expect(sweep.map((s) => [s.key, s.every, s.template?.data?.type])).toEqual([
      [resultSweepJob.type, EVERY, resultSweepJob.type],
    ]);
    // The queue's other scheduled types (e.g. the page views' retention) have theirs, once each.
    const maintenanceQueue = jobRegistry().queues.find((q) => q.name === resultSweepJob.queue)!;
    expect(found.map((s) => s.key).sort()).toEqual(
      maintenanceQueue.definitions
        .filter((d) => scheduleOf(d) !== undefined)
        .map((d) => d.type)
        .sort(),
    );
    // Other queues hold the schedulers of their own scheduled definitions, on their own schedule.
    for (const q of jobRegistry().queues.filter((q) => q.name !== resultSweepJob.queue)) {
      const own = q.definitions.filter((d) => scheduleOf(d) !== undefined);
      const schedulers = await queueFor(q.name).getJobSchedulers();
      const shown = (s: JobSchedule) =>
        typeof s === 'string' ? s : 'pattern' in s ? s.pattern : Number(s.every);
      expect(schedulers.map((s) => [s.key, s.pattern ?? Number(s.every)]).sort()).toEqual(
        own.map((d) => [d.type, shown(scheduleOf(d)!)]).sort(),
      );
    }

    // The sweep runs on its own and deletes the expired result (the row stays), not the fresh one.
    const row = await waitFor(async () => {
      const r = await coreDb()
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', expired)
        .executeTakeFirstOrThrow();
      return r.result_key === null ? r : undefined;
    });
    expect(row.state).toBe('completed');
    expect(await fileStore().size(key)).toBeNull();
    const kept = await coreDb()
      .selectFrom('jobs')
      .select('result_key')
      .where('id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(kept.result_key).toBe(`${key}.fresh`);
    expect(await fileStore().size(`${key}.fresh`)).toBe(6);

    // Once per tick across both workers: the runs scheduled after start are EVERY ms apart, all
    // from the one scheduler, and none of them created a core.jobs row.
    const runs = await waitFor(async () => {
      const done = (await maintenance.getJobs(['completed'])).filter(
        (j) => j.repeatJobKey === resultSweepJob.type && Number(j.id!.split(':').pop()) > readyAt,
      );
      return done.length >= 3 ? done : undefined;
    });
    const ticks = runs.map((j) => Number(j.id!.split(':').pop())).sort((a, b) => a - b);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(EVERY);
    expect(runs.every((j) => j.id === `repeat:${resultSweepJob.type}:${j.id!.split(':').pop()}`)).toBe(true);
    expect(runs.every((j) => j.data.jobId === null && j.returnvalue?.removed !== undefined)).toBe(true);
    const sweepRows = await coreDb()
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', resultSweepJob.type)
      .execute();
    expect(sweepRows).toEqual([]);
  });
});
