import { TRPCClientError } from '@trpc/client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationName, getPool } from '../../../src/server/db/database.ts';
import { forgetSessions } from '../../../src/server/domains/auth/session-cache.ts';
import { diagnosticJob } from '../../../src/server/domains/jobs/jobs.ts';
import { closeQueue, enqueue } from '../../../src/server/jobs/queue.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { waitFor } from '../qr/helpers.ts';

/*
 * A dropped Postgres connection (pg_terminate_backend, a restart) must neither end the process
 * ("Unhandled 'error' event") nor answer 500. Only this process's connections are killed (they
 * carry its application_name), so test files running in parallel on the same database are not.
 */

const escaped: unknown[] = [];
const onEscaped = (e: unknown) => escaped.push(e);
let poolErrors = 0;
let admin: pg.Client;
let token: string;

/** Terminates this process's backends (not the admin's own), waiting for them to exit; returns how many. */
async function killOurBackends(where = ''): Promise<number> {
  const r = await admin.query(
    `select pg_terminate_backend(pid, 5000) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and application_name = $1 ${where}`,
    [applicationName()],
  );
  return r.rowCount ?? 0;
}

async function warmPool(): Promise<void> {
  // Several calls at once so the pool holds several idle connections.
  const rs = await Promise.all(Array.from({ length: 4 }, () => rest('GET', '/web/logged-user/', { token })));
  expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  expect(getPool().idleCount).toBeGreaterThan(0);
}

beforeAll(async () => {
  process.on('uncaughtException', onEscaped);
  process.on('unhandledRejection', onEscaped);
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  admin.on('error', () => {});
  await admin.connect();
  // The pool's own handler is there before ours (ours only counts).
  expect(getPool().listenerCount('error')).toBeGreaterThan(0);
  getPool().on('error', () => {
    poolErrors++;
  });
  token = await loginAs(DEMO.companyAdmin);
});

afterAll(async () => {
  process.off('uncaughtException', onEscaped);
  process.off('unhandledRejection', onEscaped);
  await admin.end();
});

describe('a dropped Postgres connection', () => {
  it('killing idle connections is logged and dropped; the next calls succeed', async () => {
    await warmPool();
    const idle = getPool().idleCount;
    const before = poolErrors;
    expect(await killOurBackends()).toBeGreaterThanOrEqual(idle);
    // The pool hears of each idle connection's death and drops it.
    await waitFor(async () => (poolErrors - before >= idle ? true : undefined), 10_000);
    for (let i = 0; i < 3; i++) {
      const r = await rest('GET', '/web/logged-user/', { token });
      expect(r.status).toBe(200);
    }
    expect(await trpcClient(token).account.me.query()).toMatchObject({ email: DEMO.companyAdmin });
    expect(escaped).toEqual([]);
  });

  it('a query whose connection is killed mid-way answers 503 DATABASE_UNAVAILABLE (REST and tRPC)', async () => {
    // Hold a lock the call's query waits for, kill the waiting backend, then let go.
    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      for (const door of ['rest', 'trpc'] as const) {
        await locker.query('begin');
        await locker.query('lock table core.companies in access exclusive mode');
        // The call must reach the sign-in statement (which reads core.companies): a session the
        // cache still holds from an earlier call would answer without waiting on the lock.
        forgetSessions();
        const call =
          door === 'rest'
            ? rest('GET', '/web/logged-user/', { token })
            : trpcClient(token)
                .account.me.query()
                .then(
                  () => ({ status: 200, code: undefined }),
                  (e: unknown) => {
                    if (!(e instanceof TRPCClientError)) throw e;
                    return { status: e.data?.httpStatus as number, code: e.data?.code as string };
                  },
                );
        await waitFor(
          async () => ((await killOurBackends(`and wait_event_type = 'Lock'`)) > 0 ? true : undefined),
          10_000,
          20,
        );
        await locker.query('rollback');
        const r = await call;
        if (door === 'rest') {
          const res = r as Awaited<ReturnType<typeof rest>>;
          expect([res.status, res.json.error?.code]).toEqual([503, 'DATABASE_UNAVAILABLE']);
          expect(res.json.error?.message).toBeTruthy();
        } else {
          expect(r).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
        }
      }
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
    expect((await rest('GET', '/web/logged-user/', { token })).status).toBe(200);
    expect(escaped).toEqual([]);
  });

  it('50 concurrent calls while connections are killed over and over: only 200 or 503 with its code', async () => {
    await warmPool();
    let done = false;
    let kills = 0;
    const killer = (async () => {
      while (!done) kills += await killOurBackends();
    })();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => rest('GET', '/web/logged-user/', { token })),
    );
    done = true;
    await killer;
    expect(kills).toBeGreaterThan(0);
    // A connection killed just as it went back to the pool is dropped when the pool hears of it:
    // wait for that state (the pool holds no more clients than we have live backends).
    await waitFor(async () => {
      const live = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
        [applicationName()],
      );
      return getPool().totalCount <= live.rows[0].n ? true : undefined;
    }, 10_000);
    for (const r of results) {
      if (r.status === 503) expect(r.json.error?.code).toBe('DATABASE_UNAVAILABLE');
      else expect(r.status).toBe(200);
    }
    // Afterwards, the pool serves again with fresh connections.
    expect((await rest('GET', '/web/logged-user/', { token })).status).toBe(200);
    expect(escaped).toEqual([]);
  });

  it('the worker survives its connections being killed and runs the next job', async () => {
    const worker = startWorker({ concurrency: 1 });
    try {
      await worker.ready;
      const finished = (id: string) =>
        waitFor(async () => {
          const row = await coreDb()
            .selectFrom('jobs')
            .select(['state'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return row.state === 'completed' || row.state === 'failed' ? row.state : undefined;
        }, 20_000);
      const first = await enqueue(diagnosticJob, { steps: 2, echo: 'before' }, { companyGroupId: null });
      expect(await finished(first)).toBe('completed');
      // Whether the pool notices the kill at once (an idle client's error) depends on which of its
      // connections were idle; the point is that the next job runs on fresh ones.
      expect(await killOurBackends()).toBeGreaterThan(0);
      const second = await enqueue(diagnosticJob, { steps: 2, echo: 'after' }, { companyGroupId: null });
      expect(await finished(second)).toBe('completed');
    } finally {
      await worker.close();
      await closeQueue();
    }
    expect(escaped).toEqual([]);
  });
});
