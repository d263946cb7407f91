import { beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import type { Page } from '../../../src/shared/list.ts';
import { trpcClient } from '../../helpers/api.ts';
import {
  day,
  INSPECTIONS,
  type Known,
  knownEquipment,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportPage,
  reportTenant,
} from './helpers.ts';

/**
 * The inspection report (`equipment.list`, GET /web/equipments/) over known data in a tenant of
 * its own: every filter with exact counts, the extinguisher date filters, sorting both ways and
 * the company scope of company roles.
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
const labels = (p: Page<Equipment>) => p.items.map((e) => e.extraLabel);
const keysOf = (p: Page<Equipment>) =>
  p.items.map((e) => (Object.keys(k) as Key[]).find((key) => k[key].id === e.id)).sort();
const list = (q: Record<string, string | number | boolean>, token = tn.tokens.group) =>
  reportPage(INSPECTIONS, token, { pageSize: 100, ...q });

describe('inspection report filters', () => {
  it('no filter: the active tags; enabledTagsOnly=false adds the disabled one', async () => {
    const on = await list({});
    expect(keysOf(on)).toEqual(['e1', 'e2', 'e3', 'e4', 'e6']);
    expect(on.total).toBe(5);
    const all = await list({ enabledTagsOnly: false });
    expect(all.total).toBe(6);
    expect(all.items.find((e) => e.id === k.e5.id)?.enabledTag).toBe(false);
  });

  it('status, category, subcategory, product, company and search', async () => {
    const cases: [Record<string, string | number>, Key[]][] = [
      [{ status: 'EXPIRED' }, ['e1', 'e6']],
      [{ status: 'VALID' }, ['e2']],
      [{ status: 'IMPROPER' }, ['e4']],
      [{ status: 'NA' }, ['e3']],
      [{ categoryId: c.fireId }, ['e1', 'e2', 'e3', 'e6']],
      [{ categoryId: c.lightId }, ['e4']],
      [{ inspectionTypeId: c.lampType }, ['e4']],
      [{ productId: c.extinguisherId }, ['e1', 'e2', 'e3', 'e6']],
      [{ companyId: tn.companyB }, ['e3']],
      [{ companyId: tn.companyA, categoryId: c.fireId, status: 'EXPIRED' }, ['e1', 'e6']],
      [{ query: 'corredor' }, ['e1']],
      [{ query: 'RECEPCAO' }, ['e6']],
    ];
    for (const [q, want] of cases) {
      const page = await list(q);
      expect(keysOf(page), JSON.stringify(q)).toEqual(want);
      expect(page.total, JSON.stringify(q)).toBe(want.length);
    }
  });

  it('registration, last-inspection and due-date ranges by day, and the expiration statuses', async () => {
    const cases: [Record<string, string>, Key[]][] = [
      [{ createFrom: '2024-02-01', createUpTo: '2024-03-31' }, ['e2', 'e3']],
      [{ createFrom: '2024-01-10', createUpTo: '2024-01-10' }, ['e1']],
      [{ createFrom: day(0) }, ['e6']],
      [{ lastInspectionFrom: day(-10) }, ['e4', 'e6']],
      [{ lastInspectionFrom: day(-27), lastInspectionUpTo: day(-27) }, ['e2']],
      [{ lastInspectionUpTo: '2024-12-31' }, ['e1']],
      [{ lastInspectionExpirationStatus: 'EXPIRED' }, ['e1']],
      [{ lastInspectionExpirationStatus: 'EXPIRING' }, ['e2']],
      [{ lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' }, ['e1', 'e2']],
      [{ lastInspectionExpirationStatus: 'NA' }, ['e3']],
      [{ dueDateExpirationStatus: 'EXPIRING' }, ['e2']],
      [{ dueDateExpirationStatus: 'EXPIRED' }, ['e6']],
      [{ dueDateExpirationStatus: 'VALID' }, ['e1']],
      [{ dueDateExpirationStatus: 'NA' }, ['e3', 'e4']],
      [{ dueDateFrom: day(0), dueDateUpTo: day(200) }, ['e1', 'e2']],
      // Due dates may lie ahead: only registration and inspection days are refused in the future.
      [{ dueDateFrom: day(6) }, ['e1']],
    ];
    for (const [q, want] of cases) {
      const page = await list(q);
      expect(keysOf(page), JSON.stringify(q)).toEqual(want);
      expect(page.total, JSON.stringify(q)).toBe(want.length);
    }
  });

  it('extinguisher dates match DATE attribute values named like the seed’s, by equal day', async () => {
    const cases: [Record<string, string | number>, Key[]][] = [
      // e6's TEXT attribute and e4's installation date hold the same text: not recharge dates.
      [{ rechargeDate: '2024-02-02' }, ['e1', 'e2']],
      [{ rechargeDate: '2024-12-12' }, ['e3']],
      [{ rechargeDate: '2024-02-03' }, []],
      [{ manufacturingDate: '2020-05-05' }, ['e1']],
      [{ weighingDate: '2024-04-04' }, ['e2']],
      [{ rechargeDate: '2024-02-02', weighingDate: '2024-04-04' }, ['e2']],
      [{ rechargeDate: '2024-02-02', categoryId: c.fireId, inspectionTypeId: c.extType }, ['e1', 'e2']],
    ];
    for (const [q, want] of cases) {
      const page = await list(q);
      expect(keysOf(page), JSON.stringify(q)).toEqual(want);
      expect(page.total, JSON.stringify(q)).toBe(want.length);
    }
    // The same over tRPC, with the client's names.
    const api = trpcClient(tn.tokens.group);
    const byTrpc = await api.equipment.list.query({ rechargeDate: '2024-02-02', pageSize: 100 });
    expect(byTrpc.items.map((e) => e.id).sort((a, b) => a - b)).toEqual(
      [k.e1.id, k.e2.id].sort((a, b) => a - b),
    );
  });

  it('sorts toggle between ascending and descending (seed field/direction names)', async () => {
    const asc = await list({ field: 'createdAt', direction: 'asc' });
    expect(labels(asc)).toEqual(['Corredor Norte', 'Sala de Reuniões', 'Depósito', 'Escada', 'Recepção']);
    const desc = await list({ field: 'createdAt', direction: 'desc' });
    expect(labels(desc)).toEqual([...labels(asc)].reverse());
    // The default: newest first.
    expect(labels(await list({}))).toEqual(labels(desc));
    const byLabel = await list({ sort: 'extraLabel', direction: 'asc' });
    expect(labels(byLabel)).toEqual(['Corredor Norte', 'Depósito', 'Escada', 'Recepção', 'Sala de Reuniões']);
    const byLabelDesc = await list({ sort: 'extraLabel', direction: 'desc' });
    expect(labels(byLabelDesc)).toEqual([...labels(byLabel)].reverse());
    // Never inspected last ascending (Postgres' null order), first descending.
    const byInspection = await list({ sort: 'lastInspection', direction: 'asc' });
    expect(labels(byInspection)).toEqual([
      'Corredor Norte',
      'Sala de Reuniões',
      'Escada',
      'Recepção',
      'Depósito',
    ]);
    const byProduct = await list({
      sort: 'product',
      direction: 'asc',
      categoryId: c.lightId,
      enabledTagsOnly: false,
    });
    expect(byProduct.items.map((e) => e.product.name)).toEqual([c.names.lamp.name, c.names.lamp.name]);
  });

  it('sorts by product name from the stored sort key, which follows a product rename', async () => {
    const lampFirst = async (direction: 'asc' | 'desc') =>
      (await list({ sort: 'product', direction })).items[0]!.product.id === c.lampId;
    const rename = (name: string) =>
      tn.db.updateTable('products').set({ name }).where('id', '=', c.lampId).execute();
    try {
      await rename(`Zz ${c.names.lamp.name}`);
      expect([await lampFirst('asc'), await lampFirst('desc')]).toEqual([false, true]);
      await rename(`Aa ${c.names.lamp.name}`);
      expect([await lampFirst('asc'), await lampFirst('desc')]).toEqual([true, false]);
      const row = await tn.db
        .selectFrom('equipment')
        .select('product_sort')
        .where('id', '=', k.e4.id)
        .executeTakeFirstOrThrow();
      expect(row.product_sort).toBe(
        `aa ${c.names.lamp.name}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
      );
    } finally {
      await rename(c.names.lamp.name);
    }
  });

  it('company roles see their company only, whatever companyId says', async () => {
    const op = await list({}, tn.tokens.operator);
    expect(keysOf(op)).toEqual(['e1', 'e2', 'e4', 'e6']);
    expect((await list({ companyId: tn.companyB }, tn.tokens.operator)).total).toBe(0);
    const b = await list({ enabledTagsOnly: false }, tn.tokens.companyAdminB);
    expect(keysOf(b)).toEqual(['e3', 'e5']);
    expect(b.items.every((e) => e.companyName === tn.companyName(tn.companyB))).toBe(true);
  });
});
