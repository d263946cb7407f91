/**
 * Issue 30 item 3: visit plans and visits over REST, against the real database. A company of the
 * demo group of its own (so the demo's equipment never shows up), extinguishers whose NBR 12962
 * recharge cycle falls due on known days, a plan every two weeks: the visits generated for the
 * horizon, the equipment each visit lists (due by its day, expired included), a maintenance
 * fulfilling the cycle removing it, closing (DONE / PARTIAL with the missing list), LATE,
 * reschedule, reassign, a plan edit, and who may do what.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, todayIn } from '../../../src/shared/equipment/status.ts';
import type { Page } from '../../../src/shared/list.ts';
import type { Visit, VisitDetail, VisitPlan } from '../../../src/shared/visits/schemas.ts';
import { loginAs, rest, testApp } from '../../helpers/api.ts';
import { dayNow } from '../../helpers/days.ts';
import { demoDb, type Setup } from '../equipment/helpers.ts';
import { makeUser, PASSWORD } from '../organisations/fixtures.ts';
import { otherTenant } from '../qr/helpers.ts';
import { extinguisherDueOn, visitsCompany } from './helpers.ts';

testApp();
// One captured day for the whole file: every day below is relative to it. Checked across São Paulo
// midnight: the server's day may then be the next one — the visits' days come from the plans' first
// dates and horizons, so only `generateFrom` (the server's day) is read as either.
const today = todayIn(process.env.APP_TIME_ZONE ?? 'America/Sao_Paulo');

interface World {
  s: Setup;
  companyId: number;
  admin: string;
  operator: string;
  operatorId: number;
  adminId: number;
  /** an operator of another company of the group: no technician for this one */
  strangerId: number;
  /** serial → the day its recharge falls due */
  due: Record<'soon' | 'later' | 'far' | 'expired', string>;
  serials: Record<'soon' | 'later' | 'far' | 'expired', string>;
}
let w: World;

beforeAll(async () => {
  const { s, companyId } = await visitsCompany();
  const admin = await makeUser({
    role: 'COMPANY_ADMIN',
    groupId: s.demo.groupId,
    companyId,
    name: 'Ana Admin',
  });
  const op = await makeUser({
    role: 'COMPANY_OPERATOR',
    groupId: s.demo.groupId,
    companyId,
    name: 'Otto Técnico',
  });
  const stranger = await makeUser({
    role: 'COMPANY_OPERATOR',
    groupId: s.demo.groupId,
    companyId: s.demo.companyId,
  });
  const adminToken = await loginAs(admin.email, PASSWORD);
  const due = {
    soon: addDays(today, 10),
    later: addDays(today, 40),
    far: addDays(today, 200),
    expired: addDays(today, -3),
  };
  const adminWorld = { s, companyId };
  const serials = {
    soon: await extinguisherDueOn(adminWorld, adminToken, today, due.soon),
    later: await extinguisherDueOn(adminWorld, adminToken, today, due.later),
    far: await extinguisherDueOn(adminWorld, adminToken, today, due.far),
    expired: await extinguisherDueOn(adminWorld, adminToken, today, due.expired),
  };
  w = {
    s,
    companyId,
    admin: adminToken,
    operator: await loginAs(op.email, PASSWORD),
    operatorId: op.id,
    adminId: admin.id,
    strangerId: stranger.id,
    due,
    serials,
  };
}, 120_000);

function planBody(over: Record<string, unknown> = {}) {
  return {
    companyId: w.companyId,
    name: `Visita quinzenal ${Math.random().toString(36).slice(2, 7)}`,
    intervalValue: 2,
    intervalUnit: 'WEEKS',
    firstDate: addDays(today, 7),
    startTime: '08:00',
    endTime: '12:00',
    technicianId: w.operatorId,
    horizonDays: 60,
    ...over,
  };
}

async function createPlan(over: Record<string, unknown> = {}, token = w.admin) {
  const r = await rest<VisitPlan>('POST', '/web/visit-plans/', { token, body: planBody(over) });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data!;
}

async function visitRows(planId: number) {
  return demoDb()
    .selectFrom('visits')
    .select(['id', 'planned_date', 'date', 'technician_id', 'manual'])
    .where('plan_id', '=', planId)
    .orderBy('planned_date')
    .execute();
}

async function visitsOf(planId: number, token = w.admin, query = '') {
  const r = await rest<Page<Visit>>('GET', `/web/visits/?planId=${planId}&pageSize=100${query}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data!;
}

async function visit(id: number, token = w.admin) {
  const r = await rest<VisitDetail>('GET', `/web/visits/${id}?pageSize=100`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data!;
}

const serialsOf = (d: VisitDetail) => d.equipment.items.map((e) => e.tagSerialNumber).sort();

describe('visit plans and visits', () => {
  it('a new plan has its visits for the horizon at once, one per planned day', async () => {
    // generateFrom is the server's day when it saved: today, or tomorrow if midnight passed since.
    const before = dayNow();
    const plan = await createPlan();
    expect([before, dayNow()]).toContain(plan.generateFrom);
    expect(plan).toMatchObject({
      companyId: w.companyId,
      intervalValue: 2,
      intervalUnit: 'WEEKS',
      startTime: '08:00',
      endTime: '12:00',
      technicianId: w.operatorId,
      technicianName: 'Otto Técnico',
      active: true,
      horizonDays: 60,
    });
    const days = [7, 21, 35, 49].map((n) => addDays(today, n));
    expect((await visitRows(plan.id)).map((r) => r.planned_date)).toEqual(days);
    const list = await visitsOf(plan.id);
    expect(list.total).toBe(4);
    expect(list.items.map((v) => [v.date, v.status, v.technicianName, v.startTime, v.planName])).toEqual(
      days.map((d) => [d, 'SCHEDULED', 'Otto Técnico', '08:00', plan.name]),
    );
    const far = await createPlan({
      intervalValue: 1,
      intervalUnit: 'MONTHS',
      firstDate: addDays(today, 1),
      horizonDays: 95,
    });
    expect((await visitRows(far.id)).map((r) => r.planned_date)).toEqual(
      [0, 1, 2, 3].map((n) => addMonths(addDays(today, 1), n)).filter((d) => d <= addDays(today, 95)),
    );
  });

  it('a visit lists exactly the equipment with cycles due by its day; a maintenance fulfilling the cycle removes it', async () => {
    const plan = await createPlan();
    const [v7, v21, , v49] = (await visitsOf(plan.id)).items;
    expect(serialsOf(await visit(v7!.id))).toEqual([w.serials.expired]);
    expect(serialsOf(await visit(v21!.id))).toEqual([w.serials.expired, w.serials.soon].sort());
    const d49 = await visit(v49!.id);
    expect(serialsOf(d49)).toEqual([w.serials.expired, w.serials.later, w.serials.soon].sort());
    const later = d49.equipment.items.find((e) => e.tagSerialNumber === w.serials.later)!;
    expect(later.cycles.map((c) => [c.code, c.dueDate, c.status])).toEqual([
      ['recharge', w.due.later, 'VALID'],
    ]);
    const expired = d49.equipment.items.find((e) => e.tagSerialNumber === w.serials.expired)!;
    expect(expired.cycles.map((c) => [c.code, c.status])).toEqual([['recharge', 'EXPIRED']]);

    // The technician recharges the expired one: it leaves every visit.
    const m = await rest('POST', `/web/equipments/${w.serials.expired}/maintenances`, {
      token: w.operator,
      body: {
        answers: [
          { questionId: w.s.c.maintenance.recharged, answer: 'YES' },
          { questionId: w.s.c.maintenance.description, answer: '' },
        ],
        cycles: ['recharge'],
      },
    });
    expect(m.status, JSON.stringify(m.json)).toBe(201);
    expect(serialsOf(await visit(v7!.id))).toEqual([]);
    expect(serialsOf(await visit(v49!.id))).toEqual([w.serials.later, w.serials.soon].sort());
    // Search and paging over the same list.
    const one = await rest<VisitDetail>('GET', `/web/visits/${v49!.id}?pageSize=10&query=${w.serials.soon}`, {
      token: w.admin,
    });
    expect(one.json.data!.equipment.items.map((e) => e.tagSerialNumber)).toEqual([w.serials.soon]);
    expect(one.json.data!.equipment.total).toBe(1);
  });

  it('closing: DONE with nothing due, PARTIAL with the missing list; a closed visit stays closed', async () => {
    const plan = await createPlan();
    const [v7, v21] = (await visitsOf(plan.id)).items;
    // By now (the previous test's maintenance) nothing is due by day 7; "soon" is due by day 21.
    const done = await rest<VisitDetail>('PUT', `/web/visits/${v7!.id}`, {
      token: w.admin,
      body: { close: true },
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.data).toMatchObject({ status: 'DONE', missingCount: 0, closedBy: w.adminId });
    expect(done.json.data!.equipment.items).toEqual([]);

    const partial = await rest<VisitDetail>('PUT', `/web/visits/${v21!.id}`, {
      token: w.admin,
      body: { close: true },
    });
    expect(partial.status).toBe(200);
    expect(partial.json.data).toMatchObject({ status: 'PARTIAL', missingCount: 1 });
    expect(
      partial.json.data!.equipment.items.map((e) => [e.tagSerialNumber, e.cycles.map((c) => c.code)]),
    ).toEqual([[w.serials.soon, ['recharge']]]);
    const stored = await demoDb()
      .selectFrom('visit_missing')
      .select(['equipment_id', 'cycles'])
      .where('visit_id', '=', v21!.id)
      .execute();
    expect(stored.map((r) => r.cycles)).toEqual([['recharge']]);
    expect((await visitsOf(plan.id, w.admin, '&status=PARTIAL')).items.map((v) => v.id)).toEqual([v21!.id]);
    expect((await visitsOf(plan.id, w.admin, '&status=DONE')).items.map((v) => v.id)).toEqual([v7!.id]);

    const again = await rest('PUT', `/web/visits/${v21!.id}`, {
      token: w.admin,
      body: { date: addDays(today, 30) },
    });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('VISIT_CLOSED');
  });

  it('reschedule and reassign; a past open visit is LATE; the plan regenerates nothing over them', async () => {
    const plan = await createPlan();
    const [v7, v21] = (await visitsOf(plan.id)).items;
    const late = await rest<VisitDetail>('PUT', `/web/visits/${v7!.id}`, {
      token: w.admin,
      body: { date: addDays(today, -1) },
    });
    expect(late.status).toBe(200);
    expect(late.json.data).toMatchObject({
      date: addDays(today, -1),
      plannedDate: addDays(today, 7),
      status: 'LATE',
    });
    expect((await visitsOf(plan.id, w.admin, '&status=LATE')).items.map((v) => v.id)).toEqual([v7!.id]);
    expect((await visitsOf(plan.id, w.admin, '&status=SCHEDULED')).total).toBe(3);

    const reassigned = await rest<VisitDetail>('PUT', `/web/visits/${v21!.id}`, {
      token: w.admin,
      body: { technicianId: w.adminId },
    });
    expect(reassigned.status).toBe(200);
    expect(reassigned.json.data).toMatchObject({ technicianId: w.adminId, technicianName: 'Ana Admin' });
    const byTech = await rest<Page<Visit>>(
      'GET',
      `/web/visits/?from=${addDays(today, -1)}&to=${addDays(today, 30)}&technicianId=${w.adminId}&planId=${plan.id}`,
      { token: w.admin },
    );
    expect(byTech.json.data!.items.map((v) => v.id)).toEqual([v21!.id]);
    const stranger = await rest('PUT', `/web/visits/${v21!.id}`, {
      token: w.admin,
      body: { technicianId: w.strangerId },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json.error?.code).toBe('VISIT_TECHNICIAN_INVALID');
    const range = await rest('GET', `/web/visits/?from=${addDays(today, 5)}&to=${today}`, { token: w.admin });
    expect(range.status).toBe(400);
    expect(range.json.error?.code).toBe('REPORT_DATE_RANGE_INVALID');

    // A plan edit (every week now) replaces the untouched open visits, keeps the two touched ones.
    const edited = await rest<VisitPlan>('PUT', `/web/visit-plans/${plan.id}`, {
      token: w.admin,
      body: { ...planBody({ name: plan.name, intervalValue: 1, horizonDays: 20 }) },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const rows = await visitRows(plan.id);
    expect(rows.map((r) => [r.planned_date, r.manual])).toEqual([
      [addDays(today, 7), true],
      [addDays(today, 14), false],
      [addDays(today, 21), true],
    ]);
    // Deactivated: its untouched future visits go.
    const off = await rest('PUT', `/web/visit-plans/${plan.id}`, {
      token: w.admin,
      body: { ...planBody({ name: plan.name, intervalValue: 1, horizonDays: 20, active: false }) },
    });
    expect(off.status).toBe(200);
    expect((await visitRows(plan.id)).map((r) => r.planned_date)).toEqual([
      addDays(today, 7),
      addDays(today, 21),
    ]);
  });

  it('each equipment of a visit carries its reference location (the technician’s day walks by it)', async () => {
    const put = await rest('PUT', `/web/equipments/${w.serials.soon}/reference-location/`, {
      token: w.admin,
      body: { latitude: -23.5505, longitude: -46.6333 },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const plan = await createPlan();
    const items = (await visitsOf(plan.id)).items;
    const last = await visit(items[items.length - 1]!.id);
    const bySerial = new Map(last.equipment.items.map((e) => [e.tagSerialNumber, e.location]));
    expect(bySerial.get(w.serials.soon)).toEqual({ lat: -23.5505, lng: -46.6333 });
    expect(bySerial.get(w.serials.later)).toBeNull();
  });

  it('who may do what: operators read, admins write within their scope, other tenants see nothing', async () => {
    const plan = await createPlan();
    const [v] = (await visitsOf(plan.id)).items;
    const opCreate = await rest('POST', '/web/visit-plans/', { token: w.operator, body: planBody() });
    expect(opCreate.status).toBe(403);
    expect(opCreate.json.error?.code).toBe('FORBIDDEN');
    // The operator is this plan's technician: it may close the visit (close.test.ts), not move it.
    const opMove = await rest('PUT', `/web/visits/${v!.id}`, {
      token: w.operator,
      body: { date: addDays(today, 30) },
    });
    expect(opMove.status).toBe(403);
    expect(opMove.json.error?.code).toBe('FORBIDDEN');
    // The operator reads its company's plans and visits.
    expect((await visitsOf(plan.id, w.operator)).total).toBe(4);
    const opPlan = await rest<VisitPlan>('GET', `/web/visit-plans/${plan.id}`, { token: w.operator });
    expect(opPlan.status).toBe(200);
    // The group admin plans for any company of the group; a company admin only for its own.
    const byGroup = await createPlan({}, w.s.t.group);
    expect(byGroup.companyId).toBe(w.companyId);
    const otherCompany = await rest('POST', '/web/visit-plans/', {
      token: w.admin,
      body: planBody({ companyId: w.s.demo.companyId, technicianId: w.adminId }),
    });
    expect(otherCompany.status).toBe(404);
    expect(otherCompany.json.error?.code).toBe('VISIT_COMPANY_NOT_FOUND');
    // The demo company's admin: this company's plan and visit do not exist for it.
    for (const path of [`/web/visit-plans/${plan.id}`, `/web/visits/${v!.id}`]) {
      const r = await rest('GET', path, { token: w.s.t.company });
      expect(r.status).toBe(404);
    }
    const put = await rest('PUT', `/web/visits/${v!.id}`, { token: w.s.t.company, body: { close: true } });
    expect(put.status).toBe(404);
    expect(put.json.error?.code).toBe('VISIT_NOT_FOUND');
    const list = await rest<Page<Visit>>('GET', `/web/visits/?planId=${plan.id}`, { token: w.s.t.company });
    expect(list.json.data!.total).toBe(0);
    // Another tenant: 404 on the ids, nothing in its lists.
    const other = await otherTenant();
    const token = await loginAs(other.email, 'Demo@123');
    for (const path of [`/web/visit-plans/${plan.id}`, `/web/visits/${v!.id}`]) {
      const r = await rest('GET', path, { token });
      expect(r.status).toBe(404);
    }
    const foreign = await rest('PUT', `/web/visit-plans/${plan.id}`, {
      token,
      body: planBody({ companyId: other.companyId }),
    });
    expect(foreign.status).toBe(404);
    // Bad input: the window, the technician.
    const window = await rest('POST', '/web/visit-plans/', {
      token: w.admin,
      body: planBody({ startTime: '14:00', endTime: '09:00' }),
    });
    expect(window.status).toBe(400);
    expect(window.json.error?.code).toBe('VISIT_TIME_WINDOW_INVALID');
    const tech = await rest('POST', '/web/visit-plans/', {
      token: w.admin,
      body: planBody({ technicianId: w.strangerId }),
    });
    expect(tech.status).toBe(400);
    expect(tech.json.error?.code).toBe('VISIT_TECHNICIAN_INVALID');
    const plans = await rest<Page<VisitPlan>>(
      'GET',
      `/web/visit-plans/?companyId=${w.companyId}&active=yes&pageSize=100`,
      {
        token: w.admin,
      },
    );
    expect(plans.status).toBe(200);
    expect(plans.json.data!.items.map((p) => p.id)).toContain(plan.id);
  });
});
