import { describe, expect, it } from 'vitest';
import { applyPreset } from '../../src/client/features/reports/report-url.ts';
import {
  employeeLink,
  inspectionTypeLink,
  monthLink,
  productLink,
  statusLink,
} from '../../src/shared/dashboard/drill-down.ts';
import { dashboardMonths, daysBefore } from '../../src/shared/dashboard/months.ts';
import { dashboardRangeSchema, dashboardScopeSchema } from '../../src/shared/dashboard/schemas.ts';
import { equipmentListSchema } from '../../src/shared/equipment/schemas.ts';
import { reportPreset } from '../../src/shared/reports/presets.ts';

describe('dashboard months (seed 000 §9: the last 24 months)', () => {
  it('24 calendar months ending with today, oldest first; the current one ends today', () => {
    const m = dashboardMonths('2026-03-18');
    expect(m).toHaveLength(24);
    expect(m[0]).toEqual({ yearMonth: '2024-04', from: '2024-04-01', upTo: '2024-04-30' });
    expect(m[22]).toEqual({ yearMonth: '2026-02', from: '2026-02-01', upTo: '2026-02-28' });
    expect(m[23]).toEqual({ yearMonth: '2026-03', from: '2026-03-01', upTo: '2026-03-18' });
    // Every month once, consecutive, each from its 1st to the day before the next one's 1st.
    for (let i = 1; i < 24; i++) expect(daysBefore(m[i]!.from, 1)).toBe(m[i - 1]!.upTo);
  });

  it('across a year boundary, leap February, and on the 1st and the 31st', () => {
    const jan = dashboardMonths('2024-01-01');
    expect([jan[0]!.yearMonth, jan[23]]).toEqual([
      '2022-02',
      { yearMonth: '2024-01', from: '2024-01-01', upTo: '2024-01-01' },
    ]);
    expect(dashboardMonths('2024-03-31').find((x) => x.yearMonth === '2024-02')!.upTo).toBe('2024-02-29');
    expect(dashboardMonths('2025-12-31')[23]).toEqual({
      yearMonth: '2025-12',
      from: '2025-12-01',
      upTo: '2025-12-31',
    });
  });

  it('daysBefore counts calendar days (7 days = today and the 6 before)', () => {
    expect(daysBefore('2026-03-03', 6)).toBe('2026-02-25');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2025-12-31', -1)).toBe('2026-01-01');
  });
});

describe('dashboard inputs', () => {
  it('dates default to 2018-01-01 → (today, set by the server); bad and reversed days name their code', () => {
    expect(dashboardRangeSchema.parse({})).toEqual({ dateStart: '2018-01-01' });
    expect(dashboardRangeSchema.parse({ companyId: 3, dateStart: '', dateEnd: '2024-05-01' })).toEqual({
      companyId: 3,
      dateStart: '2018-01-01',
      dateEnd: '2024-05-01',
    });
    const bad = dashboardRangeSchema.safeParse({ dateStart: '2024-02-30' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('REPORT_FILTER_INVALID');
    const reversed = dashboardRangeSchema.safeParse({ dateStart: '2024-05-02', dateEnd: '2024-05-01' });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['dateStart'],
      params: { code: 'REPORT_DATE_RANGE_INVALID', parameter: 'dateStart' },
    });
    expect(dashboardScopeSchema.safeParse({ companyId: 0 }).success).toBe(false);
  });
});

describe('dashboard drill-down links (what the report page makes of them)', () => {
  const TODAY = '2026-03-18';
  const range = { from: '2025-01-01', upTo: '2026-03-10' };
  const state = (link: Record<string, string>) => {
    const preset = reportPreset(link, TODAY)!;
    return applyPreset(link, equipmentListSchema, preset);
  };

  it('month i → that month as the last-inspection range, every tag, the company kept', () => {
    expect(monthLink(22, { companyId: 7 })).toEqual({
      enabledTagsOnly: 'false',
      companyId: '7',
      histogramData: '22',
    });
    expect(state(monthLink(22, { companyId: 7 }))).toEqual({
      enabledTagsOnly: 'false',
      companyId: '7',
      lastInspectionFrom: '2026-02-01',
      lastInspectionUpTo: '2026-02-28',
    });
    expect(state(monthLink(23, {}))).toMatchObject({
      lastInspectionFrom: '2026-03-01',
      lastInspectionUpTo: TODAY,
    });
  });

  it('status slice → Doughnut index → status', () => {
    expect(state(statusLink('EXPIRED', {}))).toEqual({ enabledTagsOnly: 'false', status: 'EXPIRED' });
    expect(state(statusLink('IMPROPER', { companyId: null }))).toEqual({
      enabledTagsOnly: 'false',
      status: 'IMPROPER',
    });
    expect(statusLink('VALID', {}).Doughnut).toBe('2');
  });

  it('employee → search by the name (accents stripped) and the exact inspector, in the range', () => {
    expect(state(employeeLink('José Ângelo', range, {}))).toEqual({
      enabledTagsOnly: 'false',
      query: 'jose angelo',
      lastInspectionBy: 'José Ângelo',
      lastInspectionFrom: range.from,
      lastInspectionUpTo: range.upTo,
    });
  });

  it('product segment → SKU search, the answer as status, the product id', () => {
    const row = { productId: 4, name: 'Extintor (PQS) 4 kg', sku: 'EXT-4', answer: 'NO' as const };
    expect(productLink(row, range, {}).categoryData).toBe('Extintor  PQS  4 kg (EXT-4)');
    expect(state(productLink(row, range, { companyId: 2 }))).toEqual({
      enabledTagsOnly: 'false',
      companyId: '2',
      query: 'EXT-4',
      status: 'IMPROPER',
      productId: '4',
      lastInspectionFrom: range.from,
      lastInspectionUpTo: range.upTo,
    });
    expect(state(productLink({ ...row, answer: 'YES' }, range, {})).status).toBe('VALID');
    expect(state(productLink({ ...row, answer: 'EXPIRED' }, range, {})).status).toBe('EXPIRED');
  });

  it('subcategory bar → its id; its name (without parentheses) sets no search', () => {
    const s = state(inspectionTypeLink({ inspectionTypeId: 9, label: 'Extintores (portáteis)' }, range, {}));
    expect(s).toEqual({
      enabledTagsOnly: 'false',
      inspectionTypeId: '9',
      lastInspectionFrom: range.from,
      lastInspectionUpTo: range.upTo,
    });
  });
});
