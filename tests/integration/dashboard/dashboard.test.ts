import { beforeAll, describe, expect, it } from 'vitest';
import { dayStart, today } from '../../../src/server/db/days.ts';
import { baseDb, coreDb } from '../../../src/server/db/database.ts';
import { dashboardMonths } from '../../../src/shared/dashboard/months.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import {
  createdAt,
  fromToday,
  inspectAt,
  type Made,
  makeEquipment,
  qs,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportTenant,
  sp,
} from './helpers.ts';
import { sql } from 'kysely';

/**
 * Every dashboard call against hand-computed numbers, on a tenant of the test's own. Months and
 * days are São Paulo's (APP_TIME_ZONE, the days the report filters by): an inspection at 00:00:00
 * on the first of a month belongs to it, one at 23:59:59 the day before to the month before — and
 * one at 00:00:00 UTC on the first (21:00 the day before in São Paulo) to the month before too.
 *
 * | key | product | company | last inspection (SP)              | by      | status   | created (SP)         |
 * |-----|---------|---------|-----------------------------------|---------|----------|----------------------|
 * | a1  | ext     | A       | month 22, 1st 00:00:00 (2nd one)  | Ana     | VALID    | today−10             |
 * | a2  | ext     | A       | month 21, last day 23:59:59       | Mariana | EXPIRED  | today−10             |
 * | a3  | lamp    | A       | 1st of month 22 00:00:00 UTC      | Ana     | IMPROPER | today−10             |
 * | a4  | lamp    | A       | never                             | —       | NA       | today−10             |
 * | a5  | ext     | B       | today (now − 2 min)               | Bruno   | EXPIRED (due passed) | today−6 00:00:00 |
 * | a6  | ext     | A       | day before month 0, 23:59:59      | Ana     | EXPIRED  | today−6 00:00:00     |
 * | a7  | ext     | A       | 2017-12-31 23:59:59               | Ana     | VALID    | today−7 23:59:59     |
 * | a8  | lamp    | A (tag disabled) | today (now − 1 min)      | admin   | VALID    | now − 1 h            |
 * | a9  | lamp    | A       | 1st of month 0, 00:00:00          | Carla   | VALID    | now − 2 h            |
 *
 * a1 was inspected once more before (month 10). Inspections: 9 (8 in A), 2 in the last 7 days.
 */
let tn: ReportTenant;
let c: ReportCatalogue;
const k: Record<string, Made> = {};
let months: ReturnType<typeof dashboardMonths>;
const at: Record<string, Date> = {};

beforeAll(async () => {
  tn = await reportTenant();
  c = await reportCatalogue(tn.tokens.group);
  months = dashboardMonths(today());
  const ext = (label: string, company = tn.companyA) =>
    makeEquipment(tn, { productId: c.extinguisherId, extraLabel: label }, company);
  const lamp = (label: string, company = tn.companyA) =>
    makeEquipment(tn, { productId: c.lampId, extraLabel: label }, company);
  k.a1 = await ext('Corredor');
  k.a2 = await ext('Sala');
  k.a3 = await lamp('Escada');
  k.a4 = await lamp('Garagem');
  k.a5 = await ext('Depósito', tn.companyB);
  k.a6 = await ext('Recepção');
  k.a7 = await ext('Arquivo');
  k.a8 = await lamp('Portaria');
  k.a9 = await lamp('Cozinha');
  const first = (i: number) => months[i]!.from;
  const dayBefore = (d: string) => {
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, dd - 1)).toISOString().slice(0, 10);
  };
  const now = Date.now();
  at.a1 = sp(first(22), '00:00:00');
  at.a2 = sp(dayBefore(first(22)), '23:59:59');
  at.a3 = new Date(`${first(22)}T00:00:00Z`);
  at.a5 = new Date(now - 120_000);
  at.a6 = sp(dayBefore(first(0)), '23:59:59');
  at.a7 = sp('2017-12-31', '23:59:59');
  at.a8 = new Date(now - 60_000);
  at.a9 = sp(first(0), '00:00:00');
  await inspectAt(tn, k.a1, sp(first(10)), { next: fromToday(-300), by: 'Ana' });
  await inspectAt(tn, k.a1, at.a1, { next: fromToday(10), by: 'Ana' });
  await inspectAt(tn, k.a2, at.a2, { next: fromToday(-1), by: 'Mariana' });
  await inspectAt(tn, k.a3, at.a3, { next: fromToday(30), improper: true, by: 'Ana' });
  await inspectAt(tn, k.a5, at.a5, { next: fromToday(5), due: fromToday(-1), by: 'Bruno' });
  await inspectAt(tn, k.a6, at.a6, { next: fromToday(-400), by: 'Ana' });
  await inspectAt(tn, k.a7, at.a7, { next: fromToday(1), by: 'Ana' });
  await inspectAt(tn, k.a8, at.a8, { next: fromToday(0) });
  await inspectAt(tn, k.a9, at.a9, { next: fromToday(30), by: 'Carla' });
  for (const key of ['a1', 'a2', 'a3', 'a4']) await createdAt(tn, k[key]!, new Date(now - 10 * 86_400_000));
  const start = await sql<{ t: Date }>`select ${dayStart(fromToday(-6))} as t`.execute(baseDb());
  const windowStart = start.rows[0]!.t;
  await createdAt(tn, k.a5!, windowStart);
  await createdAt(tn, k.a6!, windowStart);
  await createdAt(tn, k.a7!, new Date(windowStart.getTime() - 1000));
  await createdAt(tn, k.a8!, new Date(now - 3_600_000));
  await createdAt(tn, k.a9!, new Date(now - 7_200_000));
  at.a8created = new Date(now - 3_600_000);
  at.a5created = windowStart;
  await tn.db.updateTable('tags').set({ enabled: false }).where('serial_number', '=', k.a8.serial).execute();
  // A maintenance 30 s ago (recent activity).
  const m = await rest('POST', `/web/equipments/${k.a3.serial}/maintenances`, {
    token: tn.tokens.group,
    body: { answers: [] },
  });
  expect(m.status).toBe(201);
}, 120_000);

interface Card {
  allTimeTotal: number;
  last7DaysTotal: number;
  lastCreateTime: string | null;
}
interface Summary {
  users: Card;
  equipments: Card;
  inspections: Card;
}

const get = async <T>(path: string, q: Record<string, string | number> = {}, token = tn.tokens.group) => {
  const r = await rest<T>('GET', `${path}${Object.keys(q).length ? `?${qs(q)}` : ''}`, { token });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
};

describe('dashboard numbers', () => {
  it('summary: users, equipment and inspections — totals, last 7 days (São Paulo days), newest', async () => {
    const users = await coreDb()
      .selectFrom('users')
      .select([sql<number>`count(*)::int`.as('n'), sql<Date>`max(created_at)`.as('last')])
      .where('company_group_id', '=', tn.groupId)
      .executeTakeFirstOrThrow();
    expect(users.n).toBe(3);
    const s = await get<Summary>('/web/dashboard/');
    expect(s.users).toEqual({ allTimeTotal: 3, last7DaysTotal: 3, lastCreateTime: users.last.toISOString() });
    // a5, a6 at 00:00:00 of today−6 are in; a7 one second before is not.
    expect(s.equipments).toEqual({
      allTimeTotal: 9,
      last7DaysTotal: 4,
      lastCreateTime: at.a8created!.toISOString(),
    });
    expect(s.inspections).toEqual({
      allTimeTotal: 9,
      last7DaysTotal: 2,
      lastCreateTime: at.a8!.toISOString(),
    });

    const b = await get<typeof s>('/web/dashboard/', { companyId: tn.companyB });
    expect(b.users.allTimeTotal).toBe(1);
    expect(b.equipments).toEqual({
      allTimeTotal: 1,
      last7DaysTotal: 1,
      lastCreateTime: at.a5created!.toISOString(),
    });
    expect(b.inspections).toEqual({
      allTimeTotal: 1,
      last7DaysTotal: 1,
      lastCreateTime: at.a5!.toISOString(),
    });
    const a = await get<typeof s>('/web/dashboard/', { companyId: tn.companyA });
    expect([a.users.allTimeTotal, a.equipments.allTimeTotal, a.inspections.allTimeTotal]).toEqual([2, 8, 8]);
  });

  it('monthly inspections: 24 months, zeros included, equipment by the month of its last inspection', async () => {
    const m = await get<{ yearMonth: string; value: number }[]>('/web/dashboard/monthly-inspections/');
    expect(m.map((x) => x.yearMonth)).toEqual(months.map((x) => x.yearMonth));
    expect(m).toHaveLength(24);
    const want = Array(24).fill(0);
    want[0] = 1; // a9 (a6, one second earlier, is the month before the first)
    want[21] = 2; // a2 at 23:59:59 SP, a3 at 00:00:00 UTC of the 1st (21:00 SP the day before)
    want[22] = 1; // a1 at 00:00:00 SP on the 1st (its earlier inspection does not count)
    want[23] = 2; // a5, a8 (tag disabled: counted)
    expect(m.map((x) => x.value)).toEqual(want);
    const b = await get<typeof m>('/web/dashboard/monthly-inspections/', { companyId: tn.companyB });
    expect(b.map((x) => x.value)).toEqual([...Array(23).fill(0), 1]);
  });

  it('equipment status: EXPIRED, IMPROPER, VALID (and NA) today', async () => {
    expect(await get('/web/dashboard/equipment-status/')).toEqual({
      EXPIRED: 3,
      IMPROPER: 1,
      VALID: 4,
      NA: 1,
    });
    expect(await get('/web/dashboard/equipment-status/', { companyId: tn.companyA })).toEqual({
      EXPIRED: 2,
      IMPROPER: 1,
      VALID: 4,
      NA: 1,
    });
    expect(await get('/web/dashboard/equipment-status/', { companyId: tn.companyB })).toEqual({
      EXPIRED: 1,
      IMPROPER: 0,
      VALID: 0,
      NA: 0,
    });
  });

  it('employee inspections: last inspector per equipment in the range (default 2018-01-01 → today)', async () => {
    const e = await get<{ label: string; qtt: number }[]>('/web/dashboard/employee-inspections-by-month/');
    expect(e).toEqual([
      { label: 'Ana', qtt: 3 },
      { label: 'Bruno', qtt: 1 },
      { label: 'Carla', qtt: 1 },
      { label: 'Mariana', qtt: 1 },
      { label: 'Outro Admin', qtt: 1 },
    ]);
    // 2017-12-31 23:59:59 in São Paulo is before 2018-01-01.
    const wide = await get<typeof e>('/web/dashboard/employee-inspections-by-month/', {
      dateStart: '2017-12-31',
    });
    expect(wide[0]).toEqual({ label: 'Ana', qtt: 4 });
    // One day: month 22's first day holds a1 only (a3 is the day before in São Paulo).
    const one = await get<typeof e>('/web/dashboard/employee-inspections-by-month/', {
      dateStart: months[22]!.from,
      dateEnd: months[22]!.from,
    });
    expect(one).toEqual([{ label: 'Ana', qtt: 1 }]);
    const b = await get<typeof e>('/web/dashboard/employee-inspections-by-month/', {
      companyId: tn.companyB,
    });
    expect(b).toEqual([{ label: 'Bruno', qtt: 1 }]);
  });

  it('product inspections: per product, NO improper, YES valid, EXPIRED', async () => {
    const p = await get<{ productId: number; name: string; sku: string; answer: string; qtt: number }[]>(
      '/web/dashboard/product-inspections-by-month/',
    );
    const ext = { productId: c.extinguisherId, ...c.names.extinguisher };
    const lamp = { productId: c.lampId, ...c.names.lamp };
    expect(p).toEqual([
      { ...ext, answer: 'EXPIRED', qtt: 3 },
      { ...ext, answer: 'YES', qtt: 1 },
      { ...lamp, answer: 'NO', qtt: 1 },
      { ...lamp, answer: 'YES', qtt: 2 },
    ]);
    const recent = await get<typeof p>('/web/dashboard/product-inspections-by-month/', {
      dateStart: fromToday(0),
      dateEnd: fromToday(0),
    });
    expect(recent).toEqual([
      { ...ext, answer: 'EXPIRED', qtt: 1 },
      { ...lamp, answer: 'YES', qtt: 1 },
    ]);
  });

  it('inspection types: per subcategory in the range', async () => {
    const t = await get<{ inspectionTypeId: number; label: string; categoryName: string; qtt: number }[]>(
      '/web/dashboard/inspection-type-inspections/',
    );
    expect(t.map((x) => [x.inspectionTypeId, x.qtt])).toEqual([
      [c.extType, 4],
      [c.lampType, 3],
    ]);
    expect(t[0]!.label).toMatch(/^Extintores /);
    expect(t[0]!.categoryName).toMatch(/^Combate a Incêndio /);
    const a = await get<typeof t>('/web/dashboard/inspection-type-inspections/', {
      companyId: tn.companyA,
      dateStart: months[21]!.from,
    });
    expect(a.map((x) => [x.inspectionTypeId, x.qtt])).toEqual([
      [c.extType, 2],
      [c.lampType, 2],
    ]);
  });

  it('recent activity: inspections and maintenances of the last 7 days, newest first', async () => {
    const r = await get<{ kind: string; tagSerialNumber: string; improper: boolean; userName: string }[]>(
      '/web/dashboard/recent-activity/',
    );
    expect(r.map((x) => [x.kind, x.tagSerialNumber])).toEqual([
      ['MAINTENANCE', k.a3!.serial],
      ['INSPECTION', k.a8!.serial],
      ['INSPECTION', k.a5!.serial],
    ]);
    expect(r[2]).toMatchObject({
      userName: 'Bruno',
      improper: false,
      productName: c.names.extinguisher.name,
    });
    const op = await get<typeof r>('/web/dashboard/recent-activity/', {}, tn.tokens.operator);
    expect(op.map((x) => x.tagSerialNumber)).toEqual([k.a3!.serial, k.a8!.serial]);
  });

  it('tRPC answers the same numbers', async () => {
    const t = trpcClient(tn.tokens.group).dashboard;
    expect(await t.equipmentStatus.query({ companyId: tn.companyA })).toEqual({
      EXPIRED: 2,
      IMPROPER: 1,
      VALID: 4,
      NA: 1,
    });
    const s = await t.summary.query({});
    expect(s.inspections.lastCreateTime).toEqual(at.a8);
    expect((await t.monthlyInspections.query({})).at(-1)).toEqual({
      yearMonth: months[23]!.yearMonth,
      value: 2,
    });
  });
});

describe('dashboard dates', () => {
  const paths = [
    '/web/dashboard/employee-inspections-by-month/',
    '/web/dashboard/product-inspections-by-month/',
    '/web/dashboard/inspection-type-inspections/',
  ];
  it('a bad day, a reversed range or a future day is 400 with the code naming the parameter', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ dateStart: '2024-13-01' }, 'REPORT_FILTER_INVALID', 'dateStart'],
      [{ dateEnd: '01/02/2024' }, 'REPORT_FILTER_INVALID', 'dateEnd'],
      [{ dateStart: '2024-05-02', dateEnd: '2024-05-01' }, 'REPORT_DATE_RANGE_INVALID', 'dateStart'],
      [{ dateEnd: fromToday(1) }, 'REPORT_DATE_IN_FUTURE', 'dateEnd'],
      [{ dateStart: fromToday(1) }, 'REPORT_DATE_IN_FUTURE', 'dateStart'],
    ];
    for (const path of paths)
      for (const [q, code, parameter] of cases) {
        const r = await rest('GET', `${path}?${qs(q)}`, { token: tn.tokens.group });
        expect([r.status, r.json.error?.code], `${path} ${qs(q)}`).toEqual([400, code]);
        const params = r.json.error?.params ?? r.json.error?.issues?.[0];
        expect(JSON.stringify(r.json.error), `${path} ${qs(q)}`).toContain(parameter);
        expect(params).toBeDefined();
      }
    await expect(
      trpcClient(tn.tokens.group).dashboard.employeeInspections.query({
        dateStart: '2024-05-02',
        dateEnd: '2024-05-01',
      }),
    ).rejects.toMatchObject({ data: { code: 'REPORT_DATE_RANGE_INVALID' } });
  });

  it('a one-day range of today and an empty range answer', async () => {
    const r = await rest<unknown[]>(
      'GET',
      `${paths[0]}?${qs({ dateStart: '2018-01-01', dateEnd: '2018-01-01' })}`,
      {
        token: tn.tokens.group,
      },
    );
    expect([r.status, r.json.data]).toEqual([200, []]);
  });
});

describe('dashboard scope and roles', () => {
  it('the operator reads the summary, the monthly chart and the recent activity of their company only', async () => {
    const op = tn.tokens.operator;
    const s = await get<{ equipments: { allTimeTotal: number } }>('/web/dashboard/', {}, op);
    expect(s.equipments.allTimeTotal).toBe(8);
    const m = await get<{ value: number }[]>('/web/dashboard/monthly-inspections/', {}, op);
    expect(m[23]!.value).toBe(1);
    expect(
      (
        await get<{ value: number }[]>('/web/dashboard/monthly-inspections/', { companyId: tn.companyA }, op)
      )[23]!.value,
    ).toBe(1);
    for (const path of [
      '/web/dashboard/',
      '/web/dashboard/monthly-inspections/',
      '/web/dashboard/recent-activity/',
    ]) {
      const r = await rest('GET', `${path}?companyId=${tn.companyB}`, { token: op });
      expect([r.status, r.json.error?.code], path).toEqual([404, 'NOT_FOUND']);
    }
    for (const path of [
      '/web/dashboard/equipment-status/',
      '/web/dashboard/employee-inspections-by-month/',
      '/web/dashboard/inspection-type-inspections/',
      '/web/dashboard/product-inspections-by-month/',
    ]) {
      const r = await rest('GET', path, { token: op });
      expect([r.status, r.json.error?.code], path).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('a company admin reads their company whatever they leave out, and never another', async () => {
    const b = tn.tokens.companyAdminB;
    expect(await get('/web/dashboard/equipment-status/', {}, b)).toEqual({
      EXPIRED: 1,
      IMPROPER: 0,
      VALID: 0,
      NA: 0,
    });
    const r = await rest('GET', `/web/dashboard/equipment-status/?companyId=${tn.companyA}`, { token: b });
    expect([r.status, r.json.error?.code]).toEqual([404, 'NOT_FOUND']);
    const g = await rest('GET', `/web/dashboard/equipment-status/?companyGroupId=${tn.groupId + 100000}`, {
      token: b,
    });
    expect([g.status, g.json.error?.code]).toEqual([404, 'NOT_FOUND']);
  });

  it("another group's admin cannot read this group's companies or group", async () => {
    const demo = await loginAs(DEMO.groupAdmin);
    for (const q of [`companyId=${tn.companyA}`, `companyGroupId=${tn.groupId}`]) {
      const r = await rest('GET', `/web/dashboard/?${q}`, { token: demo });
      expect([r.status, r.json.error?.code], q).toEqual([404, 'NOT_FOUND']);
    }
  });

  it('the provider admin reads any group (companyGroupId) and any of its companies', async () => {
    const provider = await loginAs(DEMO.admin);
    const status = await get('/web/dashboard/equipment-status/', { companyGroupId: tn.groupId }, provider);
    expect(status).toEqual({ EXPIRED: 3, IMPROPER: 1, VALID: 4, NA: 1 });
    const b = await get(
      '/web/dashboard/equipment-status/',
      { companyGroupId: tn.groupId, companyId: tn.companyB },
      provider,
    );
    expect(b).toEqual({ EXPIRED: 1, IMPROPER: 0, VALID: 0, NA: 0 });
    const e = await get<unknown[]>(
      '/web/dashboard/employee-inspections-by-month/',
      { companyGroupId: tn.groupId, companyId: tn.companyB },
      provider,
    );
    expect(e).toEqual([{ label: 'Bruno', qtt: 1 }]);
    // A company of another group than the one named is 404; so is a group that does not exist.
    const wrong = await rest('GET', `/web/dashboard/?companyId=${tn.companyA}`, { token: provider });
    expect([wrong.status, wrong.json.error?.code]).toEqual([404, 'NOT_FOUND']);
    const none = await rest('GET', '/web/dashboard/?companyGroupId=2147483000', { token: provider });
    expect([none.status, none.json.error?.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('without a session 401', async () => {
    const r = await rest('GET', '/web/dashboard/');
    expect(r.status).toBe(401);
  });
});
