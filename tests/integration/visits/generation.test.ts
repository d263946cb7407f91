/**
 * Issue 30 item 3: the scheduled generation of visits. Through a real BullMQ worker (a core.jobs
 * row) and directly: a plan written without its visits gets them; runs twice, later days and two
 * runs at once add exactly the missing (plan, day) rows, never a duplicate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { coreDb, type TenantDb, tenantDb } from '../../../src/server/db/database.ts';
import { runVisitGeneration } from '../../../src/server/domains/visits/generation-run.ts';
import { visitGenerationJob, visitJobs } from '../../../src/server/domains/visits/jobs.ts';
import { createRegistry } from '../../../src/server/jobs/define.ts';
import { closeQueue, enqueue } from '../../../src/server/jobs/queue.ts';
import { addDays, todayIn } from '../../../src/shared/equipment/status.ts';
import { onOneDay } from '../../helpers/days.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { loginAs, rest, testApp } from '../../helpers/api.ts';
import { otherTenant, waitFor } from '../qr/helpers.ts';

// Queues of their own: no other file's worker takes these runs, and these workers take no other job.
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:visits`;
resetConfig();

testApp();
const today = todayIn(process.env.APP_TIME_ZONE ?? 'America/Sao_Paulo');
const registry = createRegistry([visitJobs]);
let worker: RunningWorker | undefined;
/** A company group of this file's own: its runs never add visits to other files' plans. */
let demo: { groupId: number; companyId: number; email: string };
let db: TenantDb;
let technicianId: number;

beforeAll(async () => {
  demo = await otherTenant();
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', demo.groupId)
    .executeTakeFirstOrThrow();
  db = tenantDb(g.schema_name);
  const admin = await coreDb()
    .selectFrom('users')
    .select('id')
    .where('email', '=', demo.email)
    .executeTakeFirstOrThrow();
  technicianId = admin.id;
  worker = startWorker({ registry });
  await worker.ready;
});

afterAll(async () => {
  await worker?.close();
  await closeQueue();
});

/** A plan as a row alone (no visits yet): what the job must fill. */
async function bareWeeklyPlan(
  over: Partial<{
    interval_unit: 'WEEKS' | 'MONTHS';
    first_date: string;
    generate_from: string;
    horizon_days: number;
  }> = {},
): Promise<number> {
  const r = await db
    .insertInto('visit_plans')
    .values({
      company_id: demo.companyId,
      name: `Semanal ${Math.random().toString(36).slice(2, 7)}`,
      interval_value: 1,
      interval_unit: 'WEEKS',
      first_date: addDays(today, 1),
      start_time: null,
      end_time: null,
      technician_id: technicianId,
      technician_name: 'Outro Admin',
      horizon_days: 30,
      generate_from: today,
      created_by: null,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

async function days(planId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('visits')
    .select('planned_date')
    .where('plan_id', '=', planId)
    .orderBy('planned_date')
    .execute();
  return rows.map((r) => r.planned_date);
}

/** Runs the generation through the worker and answers the job's summary. */
async function runJob(day: string) {
  const id = await enqueue(
    visitGenerationJob,
    { companyGroupIds: [demo.groupId], day },
    { companyGroupId: null },
  );
  const row = await waitFor(async () => {
    const r = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return r.state === 'completed' || r.state === 'failed' ? r : undefined;
  });
  expect([row.state, row.error]).toEqual(['completed', null]);
  return row.result as { day: string; groups: number; visits: number };
}

const weekly = (from: number, to: number) => {
  const out: string[] = [];
  for (let n = from; n <= to; n += 7) out.push(addDays(today, n));
  return out;
};

describe('the visit generation job', () => {
  it('fills a plan’s missing visits; running it again, later and twice at once adds one row per (plan, day)', async () => {
    const plan = await bareWeeklyPlan();
    expect(await days(plan)).toEqual([]);

    const first = await runJob(today);
    expect(first).toEqual({ day: today, groups: 1, visits: 5, failedGroups: 0 });
    expect(await days(plan)).toEqual(weekly(1, 29)); // 1, 8, 15, 22, 29 (the horizon is day 30)

    const second = await runJob(today);
    expect(second).toEqual({ day: today, groups: 1, visits: 0, failedGroups: 0 });
    expect(await days(plan)).toEqual(weekly(1, 29));
    const mine = await db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('plan_id', '=', plan)
      .executeTakeFirstOrThrow();
    expect(Number(mine.n)).toBe(5);

    // A week later: one more day at the end, nothing twice.
    expect((await runJob(addDays(today, 7))).visits).toBe(1);
    expect(await days(plan)).toEqual(weekly(1, 36));

    // Two runs at once (two workers, or a retry racing the schedule): the same rows.
    const day = addDays(today, 21);
    const [a, b] = await Promise.all([
      runVisitGeneration({ companyGroupIds: [demo.groupId], day }),
      runVisitGeneration({ companyGroupIds: [demo.groupId], day }),
    ]);
    expect([a.groups + b.groups, a.visits + b.visits]).toEqual([2, 2]); // days 43 and 50, once
    expect(await days(plan)).toEqual(weekly(1, 50));
    const dupes = await db
      .selectFrom('visits')
      .select(['plan_id', 'planned_date', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy(['plan_id', 'planned_date'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(dupes).toEqual([]);
  });

  it('adds months to the first day: a plan from the 31st visits the last day of shorter months, without drifting', async () => {
    const plan = await bareWeeklyPlan({
      interval_unit: 'MONTHS',
      first_date: '2031-01-31',
      generate_from: '2031-01-20',
      horizon_days: 100,
    });
    await runVisitGeneration({ companyGroupIds: [demo.groupId], day: '2031-01-20' });
    expect(await days(plan)).toEqual(['2031-01-31', '2031-02-28', '2031-03-31', '2031-04-30']);
  });

  it('leaves inactive plans alone and never back-fills days before the plan was made', async () => {
    const plan = await bareWeeklyPlan();
    await db.updateTable('visit_plans').set({ active: false }).where('id', '=', plan).execute();
    await runVisitGeneration({ companyGroupIds: [demo.groupId], day: today });
    expect(await days(plan)).toEqual([]);
    // A plan whose first day is long past starts at the day it was made (generate_from) — the
    // server's day: made again if São Paulo midnight passed meanwhile.
    const token = await loginAs(demo.email, 'Demo@123');
    const made = await onOneDay(async (day) => {
      const r = await rest<{ id: number }>('POST', '/web/visit-plans/', {
        token,
        body: {
          companyId: demo.companyId,
          name: 'Desde o ano passado',
          intervalValue: 1,
          intervalUnit: 'WEEKS',
          firstDate: addDays(day, -364),
          technicianId,
          horizonDays: 10,
        },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return { day, days: await days(r.json.data!.id) };
    });
    expect(made.days).toEqual([made.day, addDays(made.day, 7)]);
  });
});
