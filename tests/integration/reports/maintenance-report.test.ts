import { beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import type { Page } from '../../../src/shared/list.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import {
  day,
  type Known,
  knownEquipment,
  MAINTENANCES,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportPage,
  reportTenant,
} from './helpers.ts';

/**
 * The maintenance report (`reports.maintenances`, GET /web/equipments/maintenance-report/): the
 * inspection report's filters without company and due date, a last-maintenance range by day in
 * APP_TIME_ZONE, the maintenance status (NA until maintained) as status filter and sort.
 */
let tn: ReportTenant;
let c: ReportCatalogue;
let k: Known;
beforeAll(async () => {
  tn = await reportTenant();
  c = await reportCatalogue(tn.tokens.group);
  k = await knownEquipment(tn, c);
}, 60_000);

type Key = keyof Known;
const keysOf = (p: Page<Equipment>) =>
  p.items.map((e) => (Object.keys(k) as Key[]).find((key) => k[key].id === e.id)).sort();
const inOrder = (p: Page<Equipment>) =>
  p.items.map((e) => (Object.keys(k) as Key[]).find((key) => k[key].id === e.id));
const report = (q: Record<string, string | number | boolean>, token = tn.tokens.group) =>
  reportPage(MAINTENANCES, token, { pageSize: 100, ...q });

describe('maintenance report', () => {
  it('answers the equipment with its last maintenance, maintainer and maintenance status', async () => {
    const page = await report({});
    expect(keysOf(page)).toEqual(['e1', 'e2', 'e3', 'e4', 'e6']);
    const e1 = page.items.find((e) => e.id === k.e1.id)!;
    expect(e1.lastMaintenance).toMatchObject({ createdAt: '2024-03-05T15:00:00.000Z' });
    expect(e1.lastMaintenance?.userName).toBe('Outro Admin');
    expect(e1.maintenanceStatus).toBe('EXPIRED');
    const e2 = page.items.find((e) => e.id === k.e2.id)!;
    expect([e2.lastMaintenance, e2.maintenanceStatus]).toEqual([null, 'NA']);
    // Maintained but never inspected: NA as well.
    expect(page.items.find((e) => e.id === k.e3.id)!.maintenanceStatus).toBe('NA');
  });

  it('filters by maintenance status, last-maintenance day (São Paulo days) and the shared filters', async () => {
    const cases: [Record<string, string | number | boolean>, Key[]][] = [
      [{ status: 'NA' }, ['e2', 'e3']],
      [{ status: 'EXPIRED' }, ['e1', 'e6']],
      [{ status: 'IMPROPER' }, ['e4']],
      [{ status: 'VALID' }, []],
      [{ status: 'NA', enabledTagsOnly: false }, ['e2', 'e3', 'e5']],
      [{ lastMaintenanceFrom: '2024-03-01', lastMaintenanceUpTo: '2024-04-30' }, ['e1', 'e3']],
      // e3 was maintained at 23:59:59 on the 9th in São Paulo (02:59:59Z on the 10th).
      [{ lastMaintenanceFrom: '2024-04-09', lastMaintenanceUpTo: '2024-04-09' }, ['e3']],
      [{ lastMaintenanceFrom: '2024-04-10', lastMaintenanceUpTo: '2024-04-10' }, []],
      [{ lastMaintenanceFrom: day(-5) }, ['e4']],
      [{ lastMaintenanceUpTo: '2024-06-01' }, ['e1', 'e3', 'e6']],
      [{ categoryId: c.fireId, status: 'EXPIRED' }, ['e1', 'e6']],
      [{ inspectionTypeId: c.lampType }, ['e4']],
      [{ productId: c.extinguisherId, createFrom: '2024-02-01', createUpTo: '2024-12-31' }, ['e2', 'e3']],
      [{ rechargeDate: '2024-02-02' }, ['e1', 'e2']],
      [{ query: 'escada' }, ['e4']],
    ];
    for (const [q, want] of cases) {
      const page = await report(q);
      expect(keysOf(page), JSON.stringify(q)).toEqual(want);
      expect(page.total, JSON.stringify(q)).toBe(want.length);
    }
  });

  it('parameters the maintenance report does not have are ignored over REST', async () => {
    // The seed's export query carries companyId and the due-date range; this report has neither.
    const page = await report({ companyId: tn.companyB, dueDateExpirationStatus: 'EXPIRED' });
    expect(page.total).toBe(5);
  });

  it('sorts by last maintenance, status, product and label, toggling the direction', async () => {
    const asc = await report({ sort: 'lastMaintenance', direction: 'asc' });
    // Never maintained last ascending, first descending (Postgres' null order).
    expect(inOrder(asc)).toEqual(['e1', 'e3', 'e6', 'e4', 'e2']);
    const desc = await report({ field: 'lastMaintenance', direction: 'desc' });
    expect(inOrder(desc)).toEqual(['e2', 'e4', 'e6', 'e3', 'e1']);
    const byStatus = await report({ sort: 'status', direction: 'asc' });
    const statuses = byStatus.items.map((e) => e.maintenanceStatus);
    expect(statuses).toEqual(['EXPIRED', 'EXPIRED', 'IMPROPER', 'NA', 'NA']);
    const byStatusDesc = await report({ sort: 'status', direction: 'desc' });
    expect(byStatusDesc.items.map((e) => e.maintenanceStatus)).toEqual([...statuses].reverse());
    const byProduct = await report({ sort: 'product', direction: 'desc' });
    expect(byProduct.items[0]!.product.name).toBe(c.names.lamp.name);
    const byLabel = await report({ sort: 'extraLabel', direction: 'asc' });
    expect(inOrder(byLabel)).toEqual(['e1', 'e3', 'e4', 'e6', 'e2']);
    // The default: newest registration first.
    expect(inOrder(await report({}))).toEqual(['e6', 'e4', 'e3', 'e2', 'e1']);
  });

  it('company roles see their company only (operators included), over REST and tRPC', async () => {
    expect(keysOf(await report({}, tn.tokens.operator))).toEqual(['e1', 'e2', 'e4', 'e6']);
    const b = await trpcClient(tn.tokens.companyAdminB).reports.maintenances.query({
      enabledTagsOnly: false,
    });
    expect(b.items.map((e) => e.id).sort((x, y) => x - y)).toEqual([k.e3.id, k.e5.id].sort((x, y) => x - y));
    expect(b.totalCapped).toBe(false);
  });

  it('is not shadowed by GET /web/equipments/{tag}/ (both slash spellings)', async () => {
    const r = await rest<Page<Equipment>>('GET', '/web/equipments/maintenance-report', {
      token: tn.tokens.group,
    });
    expect(r.status).toBe(200);
    expect(r.json.data!.total).toBe(5);
  });
});
