import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../../src/server/db/days.ts';
import type { CycleCounts } from '../../../src/shared/dashboard/schemas.ts';
import type { EquipmentCycle } from '../../../src/shared/cycles/schemas.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { type Made, makeEquipment, qs, type ReportTenant, reportCatalogue, reportTenant } from './helpers.ts';

/**
 * The dashboard's cycles card (issue 30 item 2): per cycle, the equipment EXPIRED and EXPIRING
 * today, scoped like the other counters, against hand-set cycle states (d = days from today):
 *
 * | equipment | company | recarga (due / warning) | teste (due / warning) |
 * |-----------|---------|------------------------|-----------------------|
 * | a1        | A       | d−1 / d−31  EXPIRED    | d+5 / d−5  EXPIRING   |
 * | a2        | A       | d+0 / d−10  EXPIRING   | d+100 / d+70 VALID    |
 * | a3        | A       | never due   NA         | d+3 / d+1  VALID      |
 * | b1        | B       | d−40 / d−70 EXPIRED    | d−1 / d−30 EXPIRED    |
 */
let tn: ReportTenant;
let a1: Made;
let a2: Made;
let a3: Made;
let b1: Made;
const d = (n: number) => addDays(today(), n);

async function setCycle(e: Made, code: string, due: string | null, notice: string | null) {
  await tn.db
    .insertInto('equipment_cycles')
    .values({ equipment_id: e.id, cycle_code: code, due_date: due, notice_date: notice })
    .onConflict((oc) =>
      oc.columns(['equipment_id', 'cycle_code']).doUpdateSet({ due_date: due, notice_date: notice }),
    )
    .execute();
}

beforeAll(async () => {
  tn = await reportTenant();
  const cat = await reportCatalogue(tn.tokens.group);
  const saved = await rest('PUT', `/web/inspection-types/${cat.extType}/cycles/`, {
    token: tn.tokens.group,
    body: {
      cycles: [
        {
          code: 'recarga',
          name: 'Recarga',
          intervalValue: 12,
          intervalUnit: 'MONTHS',
          doneBy: 'MAINTENANCE',
        },
        {
          code: 'teste',
          name: 'Teste hidrostático',
          intervalValue: 60,
          intervalUnit: 'MONTHS',
          doneBy: 'MAINTENANCE',
        },
      ],
    },
  });
  expect(saved.status).toBe(200);
  const body = { productId: cat.extinguisherId };
  a1 = await makeEquipment(tn, { ...body, extraLabel: 'a1' });
  a2 = await makeEquipment(tn, { ...body, extraLabel: 'a2' });
  a3 = await makeEquipment(tn, { ...body, extraLabel: 'a3' });
  b1 = await makeEquipment(tn, { ...body, extraLabel: 'b1' }, tn.companyB);
  await setCycle(a1, 'recarga', d(-1), d(-31));
  await setCycle(a1, 'teste', d(5), d(-5));
  await setCycle(a2, 'recarga', d(0), d(-10));
  await setCycle(a2, 'teste', d(100), d(70));
  await setCycle(a3, 'recarga', null, null);
  await setCycle(a3, 'teste', d(3), d(1));
  await setCycle(b1, 'recarga', d(-40), d(-70));
  await setCycle(b1, 'teste', d(-1), d(-30));
  // Nothing else of the tenant has cycle states.
  const n = await tn.db
    .selectFrom('equipment_cycles')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  expect(n.n).toBe(8);
});

const counts = (token: string, query: Record<string, number> = {}) =>
  rest<CycleCounts>('GET', `/web/dashboard/cycles/?${qs(query)}`, { token });
const card = (recarga: [number, number], teste: [number, number]) => [
  { code: 'recarga', name: 'Recarga', expired: recarga[0], expiring: recarga[1] },
  { code: 'teste', name: 'Teste hidrostático', expired: teste[0], expiring: teste[1] },
];

describe('dashboard: cycles', () => {
  it('counts each cycle’s expired and expiring equipment of the group, or of one company', async () => {
    const all = await counts(tn.tokens.group);
    expect(all.status).toBe(200);
    expect(all.json.data).toEqual(card([2, 1], [1, 1]));
    expect((await counts(tn.tokens.group, { companyId: tn.companyA })).json.data).toEqual(
      card([1, 1], [0, 1]),
    );
    expect((await counts(tn.tokens.group, { companyId: tn.companyB })).json.data).toEqual(
      card([1, 0], [1, 0]),
    );
    // tRPC answers the same.
    expect(await trpcClient(tn.tokens.group).dashboard.cycles.query({})).toEqual(all.json.data);
  });

  it('agrees with the statuses the equipment shows', async () => {
    const tally = new Map<string, [number, number]>();
    for (const e of [a1, a2, a3, b1]) {
      const r = await rest<{ cycles: EquipmentCycle[] }>('GET', `/web/equipments/${e.serial}/`, {
        token: tn.tokens.group,
      });
      expect(r.status).toBe(200);
      for (const c of r.json.data!.cycles) {
        const t = tally.get(c.code) ?? [0, 0];
        if (c.status === 'EXPIRED') t[0]++;
        if (c.status === 'EXPIRING') t[1]++;
        tally.set(c.code, t);
      }
    }
    const all = (await counts(tn.tokens.group)).json.data!;
    expect(all.map((c) => [c.code, c.expired, c.expiring])).toEqual(
      [...tally.entries()].sort().map(([code, [x, y]]) => [code, x, y]),
    );
  });

  it('a company admin sees only their company; another is 404; the operator is refused', async () => {
    const own = await counts(tn.tokens.companyAdminB);
    expect(own.status).toBe(200);
    expect(own.json.data).toEqual(card([1, 0], [1, 0]));
    const other = await counts(tn.tokens.companyAdminB, { companyId: tn.companyA });
    expect(other.status).toBe(404);
    expect(other.json.error?.code).toBe('NOT_FOUND');
    const op = await counts(tn.tokens.operator);
    expect(op.status).toBe(403);
    expect(op.json.error?.code).toBe('FORBIDDEN');
  });
});
