/**
 * Issue 18 item 2: the top bar's bell (`notifications.due`, GET /web/notifications/due/) lists the
 * digest's equipment for the caller's company (the group's for a group admin): the longest in
 * notice first, each date's state, a capped count and the report links whose totals match it.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import type { Page } from '../../../src/shared/list.ts';
import {
  BELL_COUNT_CAP,
  BELL_ITEMS,
  type DueNotifications,
} from '../../../src/shared/notifications/schemas.ts';
import { loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { makeUser, PASSWORD } from '../organisations/fixtures.ts';
import {
  bulkEquipment,
  type Known,
  knownEquipment,
  qs,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportTenant,
} from '../reports/helpers.ts';

let tn: ReportTenant;
let cat: ReportCatalogue;
let known: Known;
let companyAdminA: string;
let day: string;

beforeAll(async () => {
  tn = await reportTenant();
  cat = await reportCatalogue(tn.tokens.group);
  known = await knownEquipment(tn, cat);
  const admin = await makeUser({ role: 'COMPANY_ADMIN', groupId: tn.groupId, companyId: tn.companyA });
  companyAdminA = await loginAs(admin.email, PASSWORD);
  day = today();
});

async function bell(token: string): Promise<DueNotifications> {
  const r = await rest<DueNotifications>('GET', '/web/notifications/due/', { token });
  expect(r.status).toBe(200);
  return r.json.data!;
}

async function reportTotal(token: string, search: Record<string, string>): Promise<number> {
  const r = await rest<Page<unknown>>('GET', `/web/equipments/?${qs(search)}`, { token });
  expect(r.status).toBe(200);
  return r.json.data!.total;
}

describe('the bell', () => {
  it('lists the company’s due equipment, longest in notice first, with each date’s state and the report links', async () => {
    const b = await bell(companyAdminA);
    expect(b.day).toBe(day);
    expect([b.total, b.totalCapped]).toEqual([3, false]);
    expect(b.items).toEqual([
      expect.objectContaining({
        equipmentId: known.e1.id,
        companyId: tn.companyA,
        tagSerialNumber: known.e1.serial,
        productName: cat.names.extinguisher.name,
        productSku: cat.names.extinguisher.sku,
        extraLabel: 'Corredor Norte',
        nextInspection: { date: '2024-03-31', status: 'EXPIRED', daysToExpire: expect.any(Number) },
        dueDate: null,
      }),
      expect.objectContaining({
        equipmentId: known.e6.id,
        nextInspection: null,
        dueDate: { date: addDays(day, -1), status: 'EXPIRED', daysToExpire: -1 },
      }),
      expect.objectContaining({
        equipmentId: known.e2.id,
        nextInspection: { date: addDays(day, 3), status: 'EXPIRING', daysToExpire: 3 },
        dueDate: { date: addDays(day, 5), status: 'EXPIRING', daysToExpire: 5 },
      }),
    ]);
    expect(b.links).toEqual({
      inspections: { companyId: String(tn.companyA), lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' },
      dueDates: { companyId: String(tn.companyA), dueDateExpirationStatus: 'EXPIRED_OR_EXPIRING' },
    });
    expect(await reportTotal(companyAdminA, b.links.inspections)).toBe(2);
    expect(await reportTotal(companyAdminA, b.links.dueDates)).toBe(2);
    // The same answer through tRPC, and for the company's operator.
    expect(await trpcClient(companyAdminA).notifications.due.query()).toEqual(b);
    expect(await bell(tn.tokens.operator)).toEqual(b);
  });

  it('is empty for a company with nothing due (its only overdue equipment is on a disabled tag)', async () => {
    expect(await bell(tn.tokens.companyAdminB)).toMatchObject({ total: 0, totalCapped: false, items: [] });
  });

  it('covers the whole group for its group admin, and follows the equipment’s next inspection', async () => {
    const b = await bell(tn.tokens.group);
    expect(b.items.map((i) => i.equipmentId)).toEqual([known.e1.id, known.e6.id, known.e2.id]);
    expect(b.links.inspections).toEqual({ lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' });
    // Inspected again today (next in 30 days, 5 days' notice): e1 leaves the bell.
    const next = addDays(day, 30);
    await tn.db
      .updateTable('equipment')
      .set({ next_inspection_date: next, inspection_notice_date: addDays(next, -5) })
      .where('id', '=', known.e1.id)
      .execute();
    const after = await bell(tn.tokens.group);
    expect(after.items.map((i) => i.equipmentId)).toEqual([known.e6.id, known.e2.id]);
    expect(after.total).toBe(2);
  });

  it('counts up to 99 and lists 10 however many are due', async () => {
    const big = await reportTenant();
    const c = await reportCatalogue(big.tokens.group);
    await bulkEquipment(big, c.lampId, 150, 'Lote');
    const s = tenantSchemaName(big.schema);
    // 150 overdue inspections (their notice started 10 to 159 days ago).
    await sql`update ${sql.table(`${s}.equipment`)} set next_inspection_date = ${day}::date - (id % 150) - 5,
      inspection_notice_date = ${day}::date - (id % 150) - 10`.execute(baseDb());
    const b = await bell(big.tokens.group);
    expect([b.total, b.totalCapped, b.items.length]).toEqual([BELL_COUNT_CAP, true, BELL_ITEMS]);
    const since = b.items.map((i) => i.nextInspection!.date);
    expect(since).toEqual([...since].sort());
    expect(await reportTotal(big.tokens.group, b.links.inspections)).toBe(150);
  });

  it('answers 401 without a session', async () => {
    expect((await rest('GET', '/web/notifications/due/')).status).toBe(401);
  });
});
