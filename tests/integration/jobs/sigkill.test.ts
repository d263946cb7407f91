import { type ChildProcess, spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { config, resetConfig } from '../../../src/server/config.ts';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { decodeLabelPdf } from '../../helpers/qr-decode.ts';
import { bodyBytes, demoCompany, roomForTags, waitFor } from '../qr/helpers.ts';

// A queue of its own, so only the child workers below (never another test file's worker) run this job.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:sigkill`;
resetConfig();

const children: ChildProcess[] = [];
function startChildWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker/main.ts'], {
    env: {
      ...process.env,
      REDIS_PREFIX: config().REDIS_PREFIX,
      WORKER_LOCK_MS: '2000',
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await closeQueue();
});

const N = 6000;

describe('a worker killed with SIGKILL mid-batch', () => {
  it('is replaced by another worker that finishes the job with exactly N distinct serials', {
    timeout: 120_000,
  }, async () => {
    const demo = await demoCompany();
    // Room for N more unused tags under the demo company's limit for this batch (restored below).
    await roomForTags(demo.companyId, N);
    const token = await loginAs(DEMO.groupAdmin);
    const first = startChildWorker();
    const res = await rest<{ jobId: string }>('GET', `/web/qr-code/generate/${demo.companyId}/${N}`, {
      token,
      headers: { Prefer: 'respond-async' },
    });
    expect(res.status).toBe(202);
    const { jobId } = res.json.data!;
    // Its N tags would stay spare under the demo company's limit once it is restored: disable them,
    // or every later demo batch of the run is refused (QR_TAGS_LIMIT_EXCEEDED).
    onTestFinished(async () => {
      await tenantDb(demo.schema)
        .updateTable('tags')
        .set({ enabled: false })
        .where('job_id', '=', jobId)
        .execute();
    });
    const job = () =>
      coreDb().selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

    // Past allocation (10 %) and into the rendering, but not done: kill -9.
    await waitFor(
      async () => {
        const j = await job();
        return j.state === 'active' && j.progress > 10 ? j : undefined;
      },
      60_000,
      10,
    );
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const atKill = await job();
    expect(atKill.state).toBe('active');
    expect(atKill.progress).toBeLessThan(100);
    expect(atKill.attempts).toBe(1);
    const allocated = await coreDb()
      .selectFrom('tag_registry')
      .select('serial')
      .where('job_id', '=', jobId)
      .orderBy('batch_index')
      .execute();
    expect(allocated).toHaveLength(N);

    startChildWorker();
    const done = await waitFor(
      async () => {
        const j = await job();
        return j.state === 'completed' || j.state === 'failed' ? j : undefined;
      },
      90_000,
      100,
    );
    // The stalled job's re-run is its second attempt (issue 26 item 20).
    expect([done.state, done.error, done.attempts]).toEqual(['completed', null, 2]);

    const reg = await coreDb()
      .selectFrom('tag_registry')
      .select([sql<number>`count(*)::int`.as('n'), sql<number>`count(distinct serial)::int`.as('distinct')])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(reg).toEqual({ n: N, distinct: N });
    const tags = await tenantDb(demo.schema)
      .selectFrom('tags')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(distinct serial_number)::int`.as('distinct'),
      ])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(tags).toEqual({ n: N, distinct: N });
    // The retry rendered the serials allocated before the kill (nothing new was allocated).
    const after = await coreDb()
      .selectFrom('tag_registry')
      .select('serial')
      .where('job_id', '=', jobId)
      .orderBy('batch_index')
      .execute();
    expect(after).toEqual(allocated);

    const file = await rest('GET', `/web/jobs/${jobId}/download`, { token });
    expect(file.status).toBe(200);
    const pdf = await bodyBytes(file.res);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(Math.ceil(N / 24));
    const lastPage = Math.ceil(N / 24);
    expect(decodeLabelPdf(pdf, lastPage, lastPage)).toEqual(
      allocated.slice((lastPage - 1) * 24).map((r) => `${config().PUBLIC_URL}/#/t/${r.serial}`),
    );
  });
});
