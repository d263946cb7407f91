/**
 * Issue 30 item 4, offline: the working set carries each equipment's maintenance cycles (pages and
 * the per-tag part) and, on its first page, the caller's own visits of today and the next six
 * days (APP_TIME_ZONE) with their equipment — due by the visit's day, in tag order, with their
 * reference locations and the cycles due — as `visits.get` answers them. Another technician's
 * visits are not carried, nor another tenant's; the version moves when a carried visit or cycle
 * does. A company of the demo group of its own, so the demo's equipment never shows up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { addDays, addMonths, todayIn } from '../../../src/shared/equipment/status.ts';
import type { WorkingSetPage, WorkingSetTag } from '../../../src/shared/field/schemas.ts';
import type { VisitDetail, VisitPlan } from '../../../src/shared/visits/schemas.ts';
import { loginAs, rest, testApp } from '../../helpers/api.ts';
import { createTag, equipmentSetup, register, type Setup } from '../equipment/helpers.ts';
import { addCompany, makeUser, PASSWORD } from '../organisations/fixtures.ts';
import { otherTenant } from '../qr/helpers.ts';

testApp();
const today = todayIn(process.env.APP_TIME_ZONE ?? 'America/Sao_Paulo');

let s: Setup;
let companyId: number;
let admin: string;
let tech: { id: number; token: string };
let other: { id: number; token: string };
const serials = { expired: '', soon: '', far: '' };
const ids = { expired: 0, soon: 0, far: 0 };
const plans: Record<'today' | 'lastDay' | 'tooFar' | 'otherTech', VisitPlan> = {} as never;

async function extinguisher(dueDay: string): Promise<{ serial: string; id: number }> {
  const serial = await createTag({ groupId: s.demo.groupId, companyId, schema: s.demo.schema });
  const id = await register(admin, {
    tagSerialNumber: serial,
    productId: s.c.productId,
    attributes: [
      { attributeId: s.c.attributes.manufacturing, value: addMonths(today, -12) },
      // recharge every 12 months: its due day is the recharge + 12 months
      { attributeId: s.c.attributes.recharge, value: addMonths(dueDay, -12) },
    ],
  });
  return { serial, id };
}

async function plan(firstDate: string, technicianId: number): Promise<VisitPlan> {
  const r = await rest<VisitPlan>('POST', '/web/visit-plans/', {
    token: admin,
    body: {
      companyId,
      name: `Ronda ${Math.random().toString(36).slice(2, 7)}`,
      intervalValue: 12,
      intervalUnit: 'WEEKS',
      firstDate,
      technicianId,
      horizonDays: 30,
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data!;
}

beforeAll(async () => {
  s = await equipmentSetup();
  const preset = await rest('POST', `/web/inspection-types/${s.c.typeId}/cycles/preset/`, {
    token: s.t.group,
    body: { preset: 'nbr-12962-extinguishers' },
  });
  expect(preset.status).toBe(200);
  companyId = await addCompany(s.demo.groupId);
  await coreDb().updateTable('companies').set({ tags_limit: 100 }).where('id', '=', companyId).execute();
  const a = await makeUser({ role: 'COMPANY_ADMIN', groupId: s.demo.groupId, companyId });
  admin = await loginAs(a.email, PASSWORD);
  const t1 = await makeUser({ role: 'COMPANY_OPERATOR', groupId: s.demo.groupId, companyId });
  const t2 = await makeUser({ role: 'COMPANY_OPERATOR', groupId: s.demo.groupId, companyId });
  tech = { id: t1.id, token: await loginAs(t1.email, PASSWORD) };
  other = { id: t2.id, token: await loginAs(t2.email, PASSWORD) };
  for (const [k, due] of [
    ['expired', addDays(today, -3)],
    ['soon', addDays(today, 4)],
    ['far', addDays(today, 200)],
  ] as const) {
    const e = await extinguisher(due);
    serials[k] = e.serial;
    ids[k] = e.id;
  }
  // Reference locations: the walking order reads them offline too.
  const at = await rest('PUT', `/web/equipments/${serials.expired}/reference-location/`, {
    token: admin,
    body: { latitude: -23.55, longitude: -46.63 },
  });
  expect(at.status, JSON.stringify(at.json)).toBe(200);
  plans.today = await plan(today, tech.id);
  plans.lastDay = await plan(addDays(today, 6), tech.id);
  plans.tooFar = await plan(addDays(today, 7), tech.id);
  plans.otherTech = await plan(today, other.id);
}, 120_000);

type Page = WorkingSetPage & { generatedAt: string };

async function firstPage(token: string, pageSize = 2000): Promise<Page> {
  const r = await rest<Page>('GET', `/web/field/working-set/?pageSize=${pageSize}`, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data!;
}

async function visitOf(planId: number, token = admin): Promise<VisitDetail> {
  const list = await rest<{ items: { id: number }[] }>('GET', `/web/visits/?planId=${planId}`, { token });
  const id = list.json.data!.items[0]!.id;
  const r = await rest<VisitDetail>('GET', `/web/visits/${id}?pageSize=1000&sort=tag`, { token });
  expect(r.status).toBe(200);
  return r.json.data!;
}

describe('working set: cycles and the technician’s visits (issue 30 item 4)', () => {
  it('every equipment carries its cycles; the tag’s part too', async () => {
    const page = await firstPage(tech.token);
    const expired = page.equipment.find((e) => e.id === ids.expired)!;
    const recharge = expired.cycles.find((c) => c.code === 'recharge')!;
    expect(recharge).toMatchObject({
      doneBy: 'MAINTENANCE',
      dueDate: addDays(today, -3),
      status: 'EXPIRED',
      norm: 'ABNT NBR 12962',
    });
    expect(expired.cycles.map((c) => c.code)).toContain('hydrostatic-test');
    const far = page.equipment.find((e) => e.id === ids.far)!;
    expect(far.cycles.find((c) => c.code === 'recharge')?.status).toBe('VALID');

    const tag = await rest<WorkingSetTag>('GET', `/web/field/working-set/tags/${serials.soon}/`, {
      token: tech.token,
    });
    expect(tag.status).toBe(200);
    expect(tag.json.data!.equipment.cycles.find((c) => c.code === 'recharge')).toMatchObject({
      dueDate: addDays(today, 4),
      doneBy: 'MAINTENANCE',
    });
  });

  it('the first page carries the caller’s visits of today through six days ahead, as visits.get lists them', async () => {
    const page = await firstPage(tech.token, 10);
    const visits = page.visits!;
    expect(visits.map((v) => v.planId)).toEqual([plans.today.id, plans.lastDay.id]);
    expect(visits.map((v) => v.date)).toEqual([today, addDays(today, 6)]);
    expect(visits.every((v) => v.technicianId === tech.id && v.status === 'SCHEDULED')).toBe(true);
    // Today: the expired one only; six days ahead: the one due in four days joins it.
    expect(visits[0]!.equipment.map((e) => e.tagSerialNumber)).toEqual([serials.expired]);
    expect(visits[1]!.equipment.map((e) => e.tagSerialNumber).sort()).toEqual(
      [serials.expired, serials.soon].sort(),
    );
    // The same items (location, cycles due) as the online read.
    const online = await visitOf(plans.lastDay.id, tech.token);
    expect(visits[1]!.equipment).toEqual(online.equipment.items);
    expect(visits[1]!.equipment.find((e) => e.id === ids.expired)!.location).toEqual({
      lat: -23.55,
      lng: -46.63,
    });
    expect(visits[0]!.equipment[0]!.cycles.map((c) => c.code)).toEqual(['recharge']);
    // Later pages carry none.
    const next = await rest<Page>(
      'GET',
      `/web/field/working-set/?pageSize=10&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
      { token: tech.token },
    );
    if (page.nextCursor) expect(next.json.data!.visits).toBeNull();
  });

  it('another technician’s visits are not carried, nor another tenant’s', async () => {
    const mine = await firstPage(other.token);
    expect(mine.visits!.map((v) => v.planId)).toEqual([plans.otherTech.id]);
    // The company admin plans but visits nothing: none.
    expect((await firstPage(admin)).visits).toEqual([]);
    const foreign = await otherTenant();
    const theirs = await firstPage(await loginAs(foreign.email, 'Demo@123'));
    expect(theirs.visits).toEqual([]);
    expect(theirs.equipment.some((e) => Object.values(ids).includes(e.id) && e.companyId === companyId)).toBe(
      false,
    );
  });

  it('a closed visit is carried with what was still missing', async () => {
    const v = await visitOf(plans.otherTech.id);
    const closed = await rest('PUT', `/web/visits/${v.id}`, { token: admin, body: { close: true } });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    const [carried] = (await firstPage(other.token)).visits!;
    expect(carried).toMatchObject({ id: v.id, status: 'PARTIAL', missingCount: 1 });
    expect(carried!.equipment.map((e) => e.tagSerialNumber)).toEqual([serials.expired]);
  });

  it('the version moves when a carried visit or cycle changes, not otherwise', async () => {
    const one = (await firstPage(tech.token, 10)).version;
    expect((await firstPage(tech.token, 10)).version).toBe(one);
    // A visit moved out of the window.
    const v = await visitOf(plans.lastDay.id);
    const moved = await rest('PUT', `/web/visits/${v.id}`, {
      token: admin,
      body: { date: addDays(today, 9) },
    });
    expect(moved.status).toBe(200);
    const two = await firstPage(tech.token, 10);
    expect(two.visits!.map((x) => x.planId)).toEqual([plans.today.id]);
    expect(two.version).not.toBe(one);
    // The catalogue's cycle list edited: every equipment's cycles are recomputed.
    const list = await rest<Record<string, unknown>[]>('GET', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.group,
    });
    expect(list.status).toBe(200);
    const cycles = list.json.data!.map((c) =>
      c.code === 'recharge' ? { ...c, name: `Recarga ${Math.random().toString(36).slice(2, 6)}` } : c,
    );
    const put = await rest('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.group,
      body: { cycles },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    const three = await firstPage(tech.token, 10);
    expect(three.version).not.toBe(two.version);
    expect((await firstPage(tech.token)).equipment.find((e) => e.id === ids.far)!.cycles[0]).toBeDefined();
  });
});
