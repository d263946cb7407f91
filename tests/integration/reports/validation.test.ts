import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { day, INSPECTIONS, MAINTENANCES, qs } from './helpers.ts';

/**
 * Bad report filters answer 400 with a code naming the parameter, on both doors and on every
 * report call (lists, export, downloads) — before any job is started. Only reads of the demo
 * tenant: nothing is written.
 */
let token: string;
beforeAll(async () => {
  token = await loginAs(DEMO.operator);
});

type Case = [query: Record<string, string>, code: string, parameter: string];

const COMMON: Case[] = [
  [{ status: 'BROKEN' }, 'REPORT_FILTER_INVALID', 'status'],
  [{ status: 'valid' }, 'REPORT_FILTER_INVALID', 'status'],
  [{ createFrom: '2024-13-01' }, 'REPORT_FILTER_INVALID', 'createFrom'],
  [{ createUpTo: '31/01/2024' }, 'REPORT_FILTER_INVALID', 'createUpTo'],
  [{ rechargeDate: '2024-02-30' }, 'REPORT_FILTER_INVALID', 'rechargeDate'],
  [{ manufacturingDate: 'ontem' }, 'REPORT_FILTER_INVALID', 'manufacturingDate'],
  [{ weighingDate: '2024-2-3' }, 'REPORT_FILTER_INVALID', 'weighingDate'],
  [{ categoryId: 'abc' }, 'REPORT_FILTER_INVALID', 'categoryId'],
  [{ productId: '0' }, 'REPORT_FILTER_INVALID', 'productId'],
  [{ enabledTagsOnly: 'maybe' }, 'REPORT_FILTER_INVALID', 'enabledTagsOnly'],
  [{ field: 'color' }, 'REPORT_FILTER_INVALID', 'sort'],
  [{ direction: 'sideways' }, 'REPORT_FILTER_INVALID', 'direction'],
  [{ createFrom: '2024-03-01', createUpTo: '2024-02-01' }, 'REPORT_DATE_RANGE_INVALID', 'createFrom'],
  [{ createFrom: day(1) }, 'REPORT_DATE_IN_FUTURE', 'createFrom'],
  [{ createUpTo: day(1) }, 'REPORT_DATE_IN_FUTURE', 'createUpTo'],
];
const INSPECTION_ONLY: Case[] = [
  [{ lastInspectionExpirationStatus: 'SOON' }, 'REPORT_FILTER_INVALID', 'lastInspectionExpirationStatus'],
  [{ dueDateExpirationStatus: 'expired' }, 'REPORT_FILTER_INVALID', 'dueDateExpirationStatus'],
  [{ companyId: '-4' }, 'REPORT_FILTER_INVALID', 'companyId'],
  [
    { lastInspectionFrom: '2024-05-02', lastInspectionUpTo: '2024-05-01' },
    'REPORT_DATE_RANGE_INVALID',
    'lastInspectionFrom',
  ],
  [{ dueDateFrom: '2030-01-02', dueDateUpTo: '2030-01-01' }, 'REPORT_DATE_RANGE_INVALID', 'dueDateFrom'],
  [{ lastInspectionFrom: day(1) }, 'REPORT_DATE_IN_FUTURE', 'lastInspectionFrom'],
  [{ lastInspectionUpTo: day(30) }, 'REPORT_DATE_IN_FUTURE', 'lastInspectionUpTo'],
];
const MAINTENANCE_ONLY: Case[] = [
  [{ lastMaintenanceFrom: '2024-5-1' }, 'REPORT_FILTER_INVALID', 'lastMaintenanceFrom'],
  [{ field: 'dueDate' }, 'REPORT_FILTER_INVALID', 'sort'],
  [
    { lastMaintenanceFrom: '2024-05-02', lastMaintenanceUpTo: '2024-05-01' },
    'REPORT_DATE_RANGE_INVALID',
    'lastMaintenanceFrom',
  ],
  [{ lastMaintenanceFrom: day(1) }, 'REPORT_DATE_IN_FUTURE', 'lastMaintenanceFrom'],
  [{ lastMaintenanceUpTo: day(2) }, 'REPORT_DATE_IN_FUTURE', 'lastMaintenanceUpTo'],
];

async function expectRest(path: string, cases: Case[]) {
  for (const [q, code, parameter] of cases) {
    const r = await rest('GET', `${path}?${qs(q)}`, { token, headers: { Prefer: 'respond-async' } });
    expect([r.status, r.json.error?.code, r.json.error?.params], `${path} ${qs(q)}`).toEqual([
      400,
      code,
      { parameter },
    ]);
  }
}

/** tRPC input: the query's values typed (`field` is `sort`). */
function typed(q: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(q).map(([key, v]) => [
      key === 'field' ? 'sort' : key,
      /Id$/.test(key) && /^-?\d+$/.test(v) ? Number(v) : v,
    ]),
  );
}

async function expectTrpc(call: (input: Record<string, unknown>) => Promise<unknown>, cases: Case[]) {
  for (const [q, code, parameter] of cases) {
    const err = await call(typed(q)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, JSON.stringify(q)).toBeInstanceOf(TRPCClientError);
    const data = (err as TRPCClientError<never>).data as unknown as {
      code: string;
      httpStatus: number;
      params: unknown;
    };
    expect([data.httpStatus, data.code, data.params], JSON.stringify(q)).toEqual([400, code, { parameter }]);
  }
}

describe('report filter validation', () => {
  it('GET /web/equipments/ (inspection report)', async () => {
    await expectRest(INSPECTIONS, [...COMMON, ...INSPECTION_ONLY]);
  });

  it('GET /web/equipments/maintenance-report/', async () => {
    await expectRest(MAINTENANCES, [...COMMON, ...MAINTENANCE_ONLY]);
  });

  it('the downloads refuse the same filters before starting anything', async () => {
    await expectRest('/web/equipments/report/pdf', [...COMMON, ...INSPECTION_ONLY]);
    await expectRest('/web/equipments/report/excel', INSPECTION_ONLY);
    await expectRest('/web/equipments/maintenance-report/excel', [...COMMON, ...MAINTENANCE_ONLY]);
    await expectRest('/web/equipments/maintenance-report/pdf', MAINTENANCE_ONLY);
  });

  it('tRPC: equipment.list, reports.maintenances and reports.export answer the same codes', async () => {
    const api = trpcClient(token);
    await expectTrpc((i) => api.equipment.list.query(i as never), [...COMMON, ...INSPECTION_ONLY]);
    await expectTrpc((i) => api.reports.maintenances.query(i as never), [...COMMON, ...MAINTENANCE_ONLY]);
    await expectTrpc(
      (i) => api.reports.export.mutate({ report: 'inspections', format: 'xlsx', filters: i as never }),
      [...COMMON, ...INSPECTION_ONLY],
    );
    await expectTrpc(
      (i) => api.reports.export.mutate({ report: 'maintenances', format: 'pdf', filters: i as never }),
      MAINTENANCE_ONLY,
    );
  });

  it('blank parameters (the seed’s export query sends unset filters empty) are no filter', async () => {
    const blank = { status: '', categoryId: '', createFrom: '', dueDateExpirationStatus: '', field: '' };
    const r = await rest<{ total: number }>('GET', `${INSPECTIONS}?${qs(blank)}`, { token });
    expect(r.status).toBe(200);
    const plain = await rest<{ total: number }>('GET', INSPECTIONS, { token });
    expect(r.json.data!.total).toBe(plain.json.data!.total);
    // Today is no future day; due dates may lie ahead.
    const ok = await rest('GET', `${INSPECTIONS}?${qs({ createUpTo: day(0), dueDateUpTo: day(400) })}`, {
      token,
    });
    expect(ok.status).toBe(200);
  });
});
