import { beforeAll, describe, expect, it } from 'vitest';
import { applyPreset } from '../../../src/client/features/reports/report-url.ts';
import { today } from '../../../src/server/db/days.ts';
import {
  type DrillRange,
  type DrillScope,
  employeeLink,
  inspectionTypeLink,
  monthLink,
  productLink,
  type ReportSearch,
  statusLink,
} from '../../../src/shared/dashboard/drill-down.ts';
import { dashboardMonths } from '../../../src/shared/dashboard/months.ts';
import type { ProductAnswer } from '../../../src/shared/dashboard/schemas.ts';
import { equipmentListSchema } from '../../../src/shared/equipment/schemas.ts';
import type { Page } from '../../../src/shared/list.ts';
import { reportPreset } from '../../../src/shared/reports/presets.ts';
import { rest } from '../../helpers/api.ts';
import { productBody } from '../catalogue/helpers.ts';
import {
  fromToday,
  INSPECTIONS,
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

/**
 * Drill-down agreement (issue 15): for every bar, slice and segment of every chart, the inspection
 * report opened with the chart's link (`src/shared/dashboard/drill-down.ts`), its presets applied
 * exactly as the report page applies them (`reportPreset` + `applyPreset`), lists exactly as many
 * equipment as the chart counted — for the whole group and for one company. The data is built to
 * trip a looser link: an inspector whose name is inside another's ("Ana" in "Mariana"), a label
 * holding that name ("Cabana"), a SKU inside another product's SKU, parentheses in a product name,
 * a disabled tag, inspections on both sides of São Paulo month boundaries, a second company.
 */
let tn: ReportTenant;
let c: ReportCatalogue;
let sibling: { id: number; name: string; sku: string };

beforeAll(async () => {
  tn = await reportTenant();
  c = await reportCatalogue(tn.tokens.group);
  const sku = `${c.names.extinguisher.sku}0`;
  const name = `Extintor (CO2) ${sku}`;
  const r = await rest<number>('POST', '/web/products/', {
    token: tn.tokens.group,
    body: productBody(c.fireId, c.extType, { sku, name }),
  });
  expect(r.status).toBe(201);
  sibling = { id: r.json.data!, name, sku };
  const months = dashboardMonths(today());
  const dayBefore = (d: string) => {
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, dd - 1)).toISOString().slice(0, 10);
  };
  const make = (productId: number, label: string, company = tn.companyA) =>
    makeEquipment(tn, { productId, extraLabel: label }, company);
  const plan: [
    number,
    string,
    number,
    Date,
    { next: string; due?: string; improper?: boolean; by: string },
  ][] = [
    [
      c.extinguisherId,
      'Cabana',
      tn.companyA,
      sp(months[5]!.from, '00:00:00'),
      { next: fromToday(-5), by: 'Mariana' },
    ],
    [
      c.extinguisherId,
      'Hall',
      tn.companyA,
      sp(dayBefore(months[5]!.from), '23:59:59'),
      { next: fromToday(3), by: 'Ana' },
    ],
    [
      c.extinguisherId,
      'Copa',
      tn.companyB,
      new Date(`${months[12]!.from}T00:00:00Z`),
      { next: fromToday(9), due: fromToday(-2), by: 'Ana' },
    ],
    [sibling.id, 'Doca', tn.companyA, sp(months[12]!.from, '08:00:00'), { next: fromToday(40), by: 'Ana' }],
    [
      sibling.id,
      'Pátio',
      tn.companyA,
      sp(months[20]!.upTo, '23:59:59'),
      { next: fromToday(-1), improper: true, by: 'Mariana' },
    ],
    [
      c.lampId,
      'Escada',
      tn.companyA,
      sp(months[22]!.from, '00:00:00'),
      { next: fromToday(0), by: 'Ana Paula' },
    ],
    [
      c.lampId,
      'Garagem',
      tn.companyB,
      sp(fromToday(0), '00:00:00'),
      { next: fromToday(90), improper: true, by: 'Mariana' },
    ],
    [c.lampId, 'Portaria', tn.companyA, sp(fromToday(-1), '10:00:00'), { next: fromToday(60), by: 'Ana' }],
    [
      c.extinguisherId,
      'Arquivo',
      tn.companyA,
      sp('2017-12-31', '23:59:59'),
      { next: fromToday(-100), by: 'Ana' },
    ],
    [
      c.extinguisherId,
      'Antigo',
      tn.companyA,
      sp(dayBefore(months[0]!.from), '12:00:00'),
      { next: fromToday(-300), by: 'Mariana' },
    ],
  ];
  const made: Made[] = [];
  for (const [productId, label, company, at, opts] of plan) {
    const e = await make(productId, label, company);
    await inspectAt(tn, e, at, opts);
    made.push(e);
  }
  // Never inspected, and a disabled tag (both counted: the links show every tag).
  await make(c.lampId, 'Depósito');
  await tn.db
    .updateTable('tags')
    .set({ enabled: false })
    .where('serial_number', '=', made[3]!.serial)
    .execute();
}, 120_000);

const get = async <T>(path: string, q: Record<string, string | number>) => {
  const r = await rest<T>('GET', `${path}?${qs(q)}`, { token: tn.tokens.group });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
};

/** The report's total for a dashboard link, its presets applied as the report page applies them. */
async function reportTotal(link: ReportSearch): Promise<number> {
  const preset = reportPreset(link, today());
  expect(preset).not.toBeNull();
  const search = applyPreset(link, equipmentListSchema, preset!);
  const r = await rest<Page<unknown>>(
    'GET',
    `${INSPECTIONS}?${qs({ ...(search as Record<string, string>), pageSize: 1000 })}`,
    {
      token: tn.tokens.group,
    },
  );
  if (r.status !== 200)
    throw new Error(`report ${JSON.stringify(search)}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.total;
}

const scopes = (): [string, Record<string, number>, DrillScope][] => [
  ['group', {}, {}],
  ['company A', { companyId: tn.companyA }, { companyId: tn.companyA }],
  ['company B', { companyId: tn.companyB }, { companyId: tn.companyB }],
];

describe('drill-down: each chart number is the report total of its link', () => {
  it('monthly chart, every one of the 24 months (zeros too)', async () => {
    for (const [name, q, scope] of scopes()) {
      const months = await get<{ yearMonth: string; value: number }[]>(
        '/web/dashboard/monthly-inspections/',
        q,
      );
      const totals = await Promise.all(months.map((_, i) => reportTotal(monthLink(i, scope))));
      expect(totals, name).toEqual(months.map((m) => m.value));
      expect(
        months.some((m) => m.value > 0),
        name,
      ).toBe(true);
    }
  });

  it('status doughnut, each slice', async () => {
    for (const [name, q, scope] of scopes()) {
      const s = await get<Record<'EXPIRED' | 'IMPROPER' | 'VALID', number>>(
        '/web/dashboard/equipment-status/',
        q,
      );
      for (const status of ['EXPIRED', 'IMPROPER', 'VALID'] as const)
        expect(await reportTotal(statusLink(status, scope)), `${name} ${status}`).toBe(s[status]);
    }
  });

  it('employee, product and subcategory bars, default and narrower ranges', async () => {
    const ranges: [Record<string, string>, DrillRange][] = [
      [{}, { from: '2018-01-01', upTo: today() }],
      [
        { dateStart: '2017-01-01', dateEnd: fromToday(-1) },
        { from: '2017-01-01', upTo: fromToday(-1) },
      ],
      [
        { dateStart: dashboardMonths(today())[12]!.from, dateEnd: today() },
        { from: dashboardMonths(today())[12]!.from, upTo: today() },
      ],
    ];
    let compared = 0;
    for (const [name, q, scope] of scopes())
      for (const [dates, range] of ranges) {
        const at = `${name} ${JSON.stringify(dates)}`;
        const employees = await get<{ label: string; qtt: number }[]>(
          '/web/dashboard/employee-inspections-by-month/',
          { ...q, ...dates },
        );
        for (const e of employees) {
          expect(await reportTotal(employeeLink(e.label, range, scope)), `${at} ${e.label}`).toBe(e.qtt);
          compared++;
        }
        const products = await get<
          { productId: number; name: string; sku: string; answer: ProductAnswer; qtt: number }[]
        >('/web/dashboard/product-inspections-by-month/', { ...q, ...dates });
        for (const p of products) {
          expect(await reportTotal(productLink(p, range, scope)), `${at} ${p.sku} ${p.answer}`).toBe(p.qtt);
          compared++;
        }
        const types = await get<{ inspectionTypeId: number; label: string; qtt: number }[]>(
          '/web/dashboard/inspection-type-inspections/',
          { ...q, ...dates },
        );
        for (const t of types) {
          expect(await reportTotal(inspectionTypeLink(t, range, scope)), `${at} ${t.label}`).toBe(t.qtt);
          compared++;
        }
      }
    expect(compared).toBeGreaterThan(30);
  });

  it('the exact inspector filter matters: the search alone lists "Mariana" and "Cabana" under "Ana"', async () => {
    const range = { from: '2018-01-01', upTo: today() };
    const employees = await get<{ label: string; qtt: number }[]>(
      '/web/dashboard/employee-inspections-by-month/',
      {},
    );
    const ana = employees.find((e) => e.label === 'Ana')!;
    expect(ana.qtt).toBe(4);
    const { lastInspectionBy: _exact, ...searchOnly } = employeeLink('Ana', range, {});
    expect(await reportTotal(searchOnly)).toBeGreaterThan(ana.qtt);
    expect(await reportTotal(employeeLink('Ana', range, {}))).toBe(ana.qtt);
  });
});
