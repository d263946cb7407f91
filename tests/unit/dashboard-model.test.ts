import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATE_START,
  dashboardSearch,
  formatCount,
  isIsoDay,
  longMonthLabel,
  monthBars,
  parseDashboardSearch,
  productBars,
  reportHref,
  reportLink,
  scopeInput,
  shortMonthLabel,
  stateForRole,
} from '../../src/client/features/dashboard/dashboard-model.ts';
import { applyPreset } from '../../src/client/features/reports/report-url.ts';
import { parseListSearch } from '../../src/client/components/list/list-url.ts';
import { equipmentListSchema } from '../../src/shared/equipment/schemas.ts';
import { histogramMonthRange, reportPreset } from '../../src/shared/reports/presets.ts';

const TODAY = '2026-03-18';
/** the default period, no company */
const SCOPE = { dateStart: '2018-01-01', dateEnd: TODAY };

describe('the monthly chart’s 24 months (seed 000 §9, seed 001 §2)', () => {
  it('bar i is the month the report selects for histogramData=i', () => {
    const bars = monthBars([], TODAY);
    expect(bars).toHaveLength(24);
    expect(bars[0]?.yearMonth).toBe('2024-04');
    expect(bars[8]?.yearMonth).toBe('2024-12');
    expect(bars[9]?.yearMonth).toBe('2025-01');
    expect(bars[23]?.yearMonth).toBe('2026-03');
    expect(monthBars([], '2026-01-01')[22]?.yearMonth).toBe('2025-12');
    for (const bar of bars) {
      const range = histogramMonthRange(bar.index, TODAY)!;
      expect(range.from).toBe(`${bar.yearMonth}-01`);
      expect(range.upTo.slice(0, 7)).toBe(bar.yearMonth);
      // through the link and the report's preset, as the report page applies it
      const link = reportLink({ kind: 'month', index: bar.index }, SCOPE)!;
      expect(reportPreset(link.search, TODAY)?.patch).toEqual({
        lastInspectionFrom: range.from,
        lastInspectionUpTo: range.upTo,
      });
    }
    // the current month ends today
    expect(histogramMonthRange(23, TODAY)).toEqual({ from: '2026-03-01', upTo: TODAY });
  });

  it('points are placed by month: zero where the answer has none, outside points dropped', () => {
    const bars = monthBars(
      [
        { yearMonth: '2026-03', value: 4 },
        { yearMonth: '2025-01', value: 7 },
        { yearMonth: '2023-12', value: 99 },
        { yearMonth: 'garbage', value: 5 },
      ],
      TODAY,
    );
    expect(bars.map((b) => b.index)).toEqual([...Array(24).keys()]);
    expect(bars[23]).toEqual({ yearMonth: '2026-03', index: 23, value: 4 });
    expect(bars[9]).toEqual({ yearMonth: '2025-01', index: 9, value: 7 });
    expect(bars.reduce((s, b) => s + b.value, 0)).toBe(11);
  });
});

describe('labels and numbers in the user’s language', () => {
  it('month labels', () => {
    expect(shortMonthLabel('2025-01', 'pt')).toBe('jan/25');
    expect(shortMonthLabel('2025-01', 'en')).toBe('Jan/25');
    expect(shortMonthLabel('2025-01', 'es')).toBe('ene/25');
    expect(longMonthLabel('2025-09', 'pt')).toBe('setembro de 2025');
    expect(longMonthLabel('2025-09', 'en')).toBe('September 2025');
    expect(longMonthLabel('2025-09', 'es')).toBe('septiembre de 2025');
    // an unknown language falls back to Portuguese
    expect(longMonthLabel('2025-09', 'xx')).toBe('setembro de 2025');
  });

  it('counts are grouped the language’s way', () => {
    expect(formatCount(1234567, 'pt')).toBe('1.234.567');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234, 'es')).toBe('1.234');
    expect(formatCount(0, 'pt')).toBe('0');
  });
});

describe('the dashboard’s URL state', () => {
  it('defaults: no scope, 2018-01-01 → today', () => {
    expect(parseDashboardSearch({}, TODAY)).toEqual({ dateStart: DEFAULT_DATE_START, dateEnd: TODAY });
  });

  it('reads ids and a valid range', () => {
    expect(
      parseDashboardSearch(
        { companyGroupId: '3', companyId: '12', dateStart: '2025-01-01', dateEnd: '2025-06-30' },
        TODAY,
      ),
    ).toEqual({ companyGroupId: 3, companyId: 12, dateStart: '2025-01-01', dateEnd: '2025-06-30' });
  });

  it('drops bad ids and falls back to the default range for a bad one', () => {
    const bad = [
      { dateStart: '2025-02-30', dateEnd: '2025-03-01' },
      { dateStart: '2025-03-02', dateEnd: '2025-03-01' },
      { dateStart: '2025-01-01', dateEnd: '2026-03-19' },
      { dateStart: '2025-01-01' },
      { dateStart: '01/01/2025', dateEnd: '2025-03-01' },
    ];
    for (const search of bad)
      expect(parseDashboardSearch(search, TODAY)).toEqual({ dateStart: DEFAULT_DATE_START, dateEnd: TODAY });
    expect(parseDashboardSearch({ companyId: '0', companyGroupId: 'x' }, TODAY)).toEqual({
      dateStart: DEFAULT_DATE_START,
      dateEnd: TODAY,
    });
    expect(parseDashboardSearch({ companyId: '2147483648' }, TODAY).companyId).toBeUndefined();
    expect(parseDashboardSearch({ companyId: '2147483647' }, TODAY).companyId).toBe(2147483647);
  });

  it('writes only what differs from the defaults, keeping other params', () => {
    expect(dashboardSearch({}, { dateStart: DEFAULT_DATE_START, dateEnd: TODAY }, TODAY)).toEqual({});
    expect(
      dashboardSearch(
        { other: 'x', companyId: '5', dateStart: '2020-01-01', dateEnd: '2020-02-01' },
        { companyGroupId: 2, dateStart: '2024-01-01', dateEnd: TODAY },
        TODAY,
      ),
    ).toEqual({ other: 'x', companyGroupId: '2', dateStart: '2024-01-01', dateEnd: TODAY });
  });

  it('isIsoDay', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-2-1')).toBe(false);
    expect(isIsoDay(20250101)).toBe(false);
  });
});

/** The report's list input once it has applied a link's preset (what `useReportPresets` does). */
function reportInputOf(search: Record<string, string>) {
  const preset = reportPreset(search, TODAY);
  const url = preset ? applyPreset(search, equipmentListSchema, preset) : search;
  return parseListSearch(equipmentListSchema, url);
}

describe('drill-down links (the seed’s parameters and the report’s own, src/shared/dashboard/drill-down.ts)', () => {
  it('a month: its whole month as the last-inspection range, every tag state, the company picked', () => {
    const link = reportLink({ kind: 'month', index: 23 }, { ...SCOPE, companyId: 9 })!;
    expect(link).toEqual({
      to: '/inspections',
      search: { histogramData: '23', enabledTagsOnly: 'false', companyId: '9' },
    });
    expect(reportHref(link)).toBe('/inspections?enabledTagsOnly=false&companyId=9&histogramData=23');
    expect(reportInputOf(link.search)).toMatchObject({
      lastInspectionFrom: '2026-03-01',
      lastInspectionUpTo: TODAY,
      enabledTagsOnly: false,
      companyId: 9,
      page: 0,
    });
    expect(reportLink({ kind: 'month', index: 24 }, SCOPE)).toBeNull();
    expect(reportLink({ kind: 'month', index: -1 }, SCOPE)).toBeNull();
    expect(reportLink({ kind: 'month', index: 1.5 }, SCOPE)).toBeNull();
  });

  it('a doughnut slice: 0 EXPIRED, 1 IMPROPER, 2 VALID; no slice for NA', () => {
    expect(reportLink({ kind: 'status', status: 'EXPIRED' }, SCOPE)?.search).toEqual({
      Doughnut: '0',
      enabledTagsOnly: 'false',
    });
    expect(reportLink({ kind: 'status', status: 'IMPROPER' }, SCOPE)?.search.Doughnut).toBe('1');
    expect(reportLink({ kind: 'status', status: 'VALID' }, SCOPE)?.search.Doughnut).toBe('2');
    expect(reportLink({ kind: 'status', status: 'NA' }, SCOPE)).toBeNull();
    for (const status of ['EXPIRED', 'IMPROPER', 'VALID'] as const)
      expect(reportInputOf(reportLink({ kind: 'status', status }, SCOPE)!.search)).toMatchObject({
        status,
        enabledTagsOnly: false,
      });
  });

  it('an employee: the name searched, the chart’s period as the last-inspection range', () => {
    const link = reportLink(
      { kind: 'employee', name: 'José Inspetor' },
      { companyId: 4, dateStart: '2025-01-01', dateEnd: '2025-06-30' },
    )!;
    expect(link.search).toMatchObject({
      employeeData: 'José Inspetor',
      enabledTagsOnly: 'false',
      companyId: '4',
      lastInspectionFrom: '2025-01-01',
      lastInspectionUpTo: '2025-06-30',
    });
    expect(reportInputOf(link.search)).toMatchObject({
      query: 'jose inspetor',
      companyId: 4,
      lastInspectionFrom: '2025-01-01',
      lastInspectionUpTo: '2025-06-30',
    });
  });

  it('a product segment: "name (SKU)" searches the SKU, the answer sets the status (NO improper), the product', () => {
    const cases = [
      ['NO', 'IMPROPER'],
      ['YES', 'VALID'],
      ['EXPIRED', 'EXPIRED'],
    ] as const;
    for (const [answer, status] of cases) {
      const link = reportLink(
        { kind: 'product', productId: 31, name: 'Extintor PQS 4 kg', sku: 'EXT-4', answer },
        SCOPE,
      )!;
      expect(link.search.categoryData).toBe('Extintor PQS 4 kg (EXT-4)');
      expect(link.search.categoryDataStatus).toBe(answer);
      expect(reportInputOf(link.search)).toMatchObject({
        query: 'EXT-4',
        status,
        productId: 31,
        enabledTagsOnly: false,
        lastInspectionFrom: DEFAULT_DATE_START,
        lastInspectionUpTo: TODAY,
      });
    }
  });

  it('a subcategory: its id, and its category’s when known, as the report’s own filters', () => {
    const link = reportLink(
      { kind: 'inspectionType', inspectionTypeId: 7, label: 'Extintores', categoryId: 2 },
      { dateStart: '2024-01-01', dateEnd: '2024-12-31' },
    )!;
    expect(reportInputOf(link.search)).toMatchObject({
      categoryId: 2,
      inspectionTypeId: 7,
      enabledTagsOnly: false,
      lastInspectionFrom: '2024-01-01',
      lastInspectionUpTo: '2024-12-31',
    });
    const without = reportLink({ kind: 'inspectionType', inspectionTypeId: 7, label: 'Extintores' }, SCOPE)!;
    expect(without.search.categoryId).toBeUndefined();
    expect(reportInputOf(without.search)).toMatchObject({ inspectionTypeId: 7 });
    expect(reportInputOf(without.search).query).toBeUndefined();
  });
});

describe('what each role may scope', () => {
  const picked = { companyGroupId: 3, companyId: 12, dateStart: '2025-01-01', dateEnd: TODAY };
  it('the provider admin a group and a company, a group admin a company, the others nothing', () => {
    expect(stateForRole(picked, 'MOBCHECK_ADMIN')).toEqual(picked);
    expect(stateForRole(picked, 'COMPANY_GROUP_ADMIN')).toEqual({
      companyId: 12,
      dateStart: '2025-01-01',
      dateEnd: TODAY,
    });
    expect(stateForRole(picked, 'COMPANY_ADMIN')).toEqual({ dateStart: '2025-01-01', dateEnd: TODAY });
    expect(stateForRole(picked, 'COMPANY_OPERATOR')).toEqual({ dateStart: '2025-01-01', dateEnd: TODAY });
    expect(stateForRole(picked, null)).toEqual({ dateStart: '2025-01-01', dateEnd: TODAY });
  });

  it('the calls take only the ids that are set', () => {
    expect(scopeInput(picked)).toEqual({ companyGroupId: 3, companyId: 12 });
    expect(scopeInput({ dateStart: DEFAULT_DATE_START, dateEnd: TODAY })).toEqual({});
  });
});

describe('the product chart', () => {
  it('one bar per product, its equipment by answer, in the answer’s order', () => {
    const bars = productBars([
      { productId: 2, name: 'Extintor', sku: 'EXT-1', answer: 'YES', qtt: 5 },
      { productId: 2, name: 'Extintor', sku: 'EXT-1', answer: 'NO', qtt: 2 },
      { productId: 1, name: 'Mangueira (15 m)', sku: 'MG-15', answer: 'EXPIRED', qtt: 1 },
      { productId: 2, name: 'Extintor', sku: 'EXT-1', answer: 'EXPIRED', qtt: 3 },
    ]);
    expect(bars).toEqual([
      {
        productId: 2,
        name: 'Extintor',
        sku: 'EXT-1',
        label: 'Extintor (EXT-1)',
        YES: 5,
        NO: 2,
        EXPIRED: 3,
        total: 10,
      },
      {
        productId: 1,
        name: 'Mangueira (15 m)',
        sku: 'MG-15',
        label: 'Mangueira (15 m) (MG-15)',
        YES: 0,
        NO: 0,
        EXPIRED: 1,
        total: 1,
      },
    ]);
    // a name with parentheses of its own: the report still searches the SKU
    const link = reportLink(
      { kind: 'product', productId: 1, name: 'Mangueira (15 m)', sku: 'MG-15', answer: 'EXPIRED' },
      SCOPE,
    )!;
    expect(reportPreset(link.search, TODAY)?.patch).toMatchObject({ query: 'MG-15', status: 'EXPIRED' });
  });
});
