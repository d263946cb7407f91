/**
 * Issue 30 (calendar leftovers): the assigned technician closes their own visit (REST and tRPC)
 * and nothing else; an inspection or maintenance that empties today's visit closes it by itself;
 * each visit of the list carries how many equipment it lists; the demo seed has visit plans.
 * A company of the demo group of its own, extinguishers whose recharge falls due on known days.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb, observeQueries } from '../../../src/server/db/database.ts';
import { DEMO_USERS } from '../../../src/server/seed/demo-users.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import type { Page } from '../../../src/shared/list.ts';
import type { Visit, VisitDetail, VisitPlan } from '../../../src/shared/visits/schemas.ts';
import { loginAs, rest, testApp, trpcClient } from '../../helpers/api.ts';
import { awayFromMidnight, dayNow } from '../../helpers/days.ts';
import { demoDb, type Setup } from '../equipment/helpers.ts';
import { makeUser, PASSWORD } from '../organisations/fixtures.ts';
import { extinguisherDueOn, visitsCompany } from './helpers.ts';

testApp();

interface World {
  s: Setup;
  companyId: number;
  admin: string;
  tech: string;
  techId: number;
  /** another operator of the same company: not the visits' technician */
  other: string;
  otherId: number;
}
let w: World;

const extinguisher = (token: string, today: string, dueDay: string) =>
  extinguisherDueOn(w, token, today, dueDay);

beforeAll(async () => {
  const { s, companyId } = await visitsCompany();
  const admin = await makeUser({ role: 'COMPANY_ADMIN', groupId: s.demo.groupId, companyId });
  const tech = await makeUser({
    role: 'COMPANY_OPERATOR',
    groupId: s.demo.groupId,
    companyId,
    name: 'Tina Técnica',
  });
  const other = await makeUser({ role: 'COMPANY_OPERATOR', groupId: s.demo.groupId, companyId });
  w = {
    s,
    companyId,
    admin: await loginAs(admin.email, PASSWORD),
    tech: await loginAs(tech.email, PASSWORD),
    techId: tech.id,
    other: await loginAs(other.email, PASSWORD),
    otherId: other.id,
  };
}, 120_000);

/** A plan of the company with `techId` as technician; its visits in date order. */
async function planVisits(firstDate: string, over: Record<string, unknown> = {}): Promise<Visit[]> {
  const r = await rest<VisitPlan>('POST', '/web/visit-plans/', {
    token: w.admin,
    body: {
      companyId: w.companyId,
      name: `Fechamento ${Math.random().toString(36).slice(2, 8)}`,
      intervalValue: 2,
      intervalUnit: 'WEEKS',
      firstDate,
      technicianId: w.techId,
      horizonDays: 20,
      ...over,
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const list = await rest<Page<Visit>>('GET', `/web/visits/?planId=${r.json.data!.id}&pageSize=100`, {
    token: w.admin,
  });
  expect(list.status).toBe(200);
  return list.json.data!.items;
}

const stored = (id: number) =>
  demoDb()
    .selectFrom('visits')
    .select(['closed_status', 'closed_by', 'missing_count', 'date', 'technician_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function recharge(serial: string, token = w.tech) {
  const m = await rest('POST', `/web/equipments/${serial}/maintenances`, {
    token,
    body: {
      answers: [
        { questionId: w.s.c.maintenance.recharged, answer: 'YES' },
        { questionId: w.s.c.maintenance.description, answer: '' },
      ],
      cycles: ['recharge'],
    },
  });
  expect(m.status, JSON.stringify(m.json)).toBe(201);
}

describe('closing visits', () => {
  it('today’s visit closes by itself when a record empties its list; the list counts each visit’s equipment', async () => {
    // The whole scenario reads "today" on the server: never start it in the last minutes of a day.
    const today = await awayFromMidnight(2 * 60_000);
    const expired = await extinguisher(w.admin, today, addDays(today, -3));
    const soon = await extinguisher(w.admin, today, addDays(today, 10));
    // visits today and in two weeks: today lists `expired`, the other both
    const [now, later] = await planVisits(today);
    expect([now!.date, later!.date]).toEqual([today, addDays(today, 14)]);
    expect([now!.equipmentCount, later!.equipmentCount]).toEqual([1, 2]);
    const viaTrpc = await trpcClient(w.admin).visits.list.query({ planId: now!.planId, pageSize: 10 });
    expect(viaTrpc.items.map((v) => v.equipmentCount)).toEqual([1, 2]);

    // A record that leaves something due on today's visit closes nothing.
    await recharge(soon);
    expect((await stored(now!.id)).closed_status).toBeNull();

    // The record that empties it: DONE, closed by its author, nothing missing — and the close is a
    // part of the record's one statement (besides the visits' probe in the record's one read, the
    // statement that takes the record's id): the record stays three statements (issue 32 item 1).
    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q.sql));
    try {
      await recharge(expired);
    } finally {
      stop();
    }
    expect(seen.filter((q) => /"visits"/.test(q) && !/nextval\(/.test(q))).toHaveLength(1);
    expect(seen.filter((q) => !/^\s*(begin|commit)\b/i.test(q))).toHaveLength(seen.length);
    expect(seen.find((q) => /"visits"/.test(q) && !/nextval\(/.test(q))).toMatch(/write_guard/);
    expect(await stored(now!.id)).toMatchObject({
      closed_status: 'DONE',
      closed_by: w.techId,
      missing_count: 0,
    });
    // The visit in two weeks is not today's: it stays open, its count follows the records.
    expect((await stored(later!.id)).closed_status).toBeNull();
    const after = await rest<Page<Visit>>('GET', `/web/visits/?planId=${now!.planId}&pageSize=10`, {
      token: w.tech,
    });
    expect(after.json.data!.items.map((v) => [v.status, v.equipmentCount])).toEqual([
      ['DONE', 0],
      ['SCHEDULED', 0],
    ]);
    // (a wait for midnight is at most ~2.5 minutes)
  }, 240_000);

  it('the visit’s technician closes it, REST and tRPC (DONE / PARTIAL); nobody else, nothing else', async () => {
    const today = dayNow();
    const due = await extinguisher(w.admin, today, addDays(today, 30));
    const [first, second] = await planVisits(addDays(today, 20), { horizonDays: 40 });
    // Another operator of the company: 403, the visit untouched.
    const foreign = await rest('PUT', `/web/visits/${first!.id}`, { token: w.other, body: { close: true } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error?.code).toBe('FORBIDDEN');
    // The technician may not reschedule or reassign, even with a close.
    for (const body of [{ date: addDays(today, 21) }, { technicianId: w.otherId, close: true }]) {
      const r = await rest('PUT', `/web/visits/${first!.id}`, { token: w.tech, body });
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.json.error?.code).toBe('FORBIDDEN');
    }
    await expect(
      trpcClient(w.other).visits.update.mutate({ id: second!.id, close: true }),
    ).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    expect(await stored(first!.id)).toMatchObject({ closed_status: null, date: first!.date });

    // REST: nothing due by day 20 (`due` falls on day 30): DONE.
    const done = await rest<VisitDetail>('PUT', `/web/visits/${first!.id}`, {
      token: w.tech,
      body: { close: true },
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.data).toMatchObject({
      status: 'DONE',
      closedBy: w.techId,
      missingCount: 0,
      equipmentCount: 0,
    });
    // tRPC: day 34 lists `due`: PARTIAL with it missing.
    const partial = await trpcClient(w.tech).visits.update.mutate({ id: second!.id, close: true });
    expect(partial).toMatchObject({ status: 'PARTIAL', missingCount: 1, equipmentCount: 1 });
    expect(partial.equipment.items.map((e) => e.tagSerialNumber)).toEqual([due]);
    const missing = await demoDb()
      .selectFrom('visit_missing')
      .select('cycles')
      .where('visit_id', '=', second!.id)
      .execute();
    expect(missing.map((m) => m.cycles)).toEqual([['recharge']]);
    // Closed stays closed.
    const again = await rest('PUT', `/web/visits/${first!.id}`, { token: w.tech, body: { close: true } });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('VISIT_CLOSED');
  });
});

describe('demo visit plans', () => {
  it('the demo seed plans a weekly round for the operator and a monthly one for the company admin, with visits', async () => {
    const ids = await coreDb()
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'email',
        'in',
        DEMO_USERS.filter((u) => u.role === 'COMPANY_OPERATOR' || u.role === 'COMPANY_ADMIN').map(
          (u) => u.email,
        ),
      )
      .execute();
    const byEmail = new Map(ids.map((u) => [u.email, u.id]));
    const plans = await demoDb()
      .selectFrom('visit_plans as p')
      .select(['p.id', 'p.name', 'p.technician_id', 'p.first_date', 'p.interval_unit'])
      .where('p.name', 'in', ['Ronda semanal de extintores', 'Manutenção mensal'])
      .orderBy('p.id')
      .execute();
    expect(plans.map((p) => [p.name, p.interval_unit, p.technician_id])).toEqual([
      ['Ronda semanal de extintores', 'WEEKS', byEmail.get('operator@equipcheck.dev')],
      ['Manutenção mensal', 'MONTHS', byEmail.get('company.admin@equipcheck.dev')],
    ]);
    for (const p of plans) {
      const first = await demoDb()
        .selectFrom('visits')
        .select(['date'])
        .where('plan_id', '=', p.id)
        .orderBy('planned_date')
        .executeTakeFirst();
      // the weekly round's first visit is the seed's day (the operator's /my-day)
      expect(first?.date, p.name).toBe(p.first_date);
    }
  });
});
