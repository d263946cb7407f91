import { describe, expect, it } from 'vitest';
import { applyPreset, clearedFilters, exportFilters } from '../../src/client/features/reports/report-url.ts';
import { equipmentListSchema } from '../../src/shared/equipment/schemas.ts';
import { maintenanceReportSchema } from '../../src/shared/reports/schemas.ts';
import {
  histogramMonthRange,
  parenthesisedValue,
  reportPreset,
  statusOfCategoryData,
} from '../../src/shared/reports/presets.ts';

const TODAY = '2026-03-18';

describe('inspection report presets (seed 001 §2)', () => {
  it('no preset param: null (the list is left as it is)', () => {
    expect(reportPreset({}, TODAY)).toBeNull();
    expect(reportPreset({ status: 'VALID', page: '2' }, TODAY)).toBeNull();
  });

  it('view=inspections-report → last-inspection status EXPIRED_OR_EXPIRING', () => {
    expect(reportPreset({ view: 'inspections-report' }, TODAY)).toEqual({
      consumed: ['view'],
      patch: { lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' },
    });
    // another view sets nothing, and still leaves the URL
    expect(reportPreset({ view: 'other' }, TODAY)).toEqual({ consumed: ['view'], patch: {} });
  });

  it('employeeData → search text without accents, lower-cased', () => {
    expect(reportPreset({ employeeData: '  José ÂNGELO da Conceição ' }, TODAY)?.patch).toEqual({
      query: 'jose angelo da conceicao',
    });
    expect(reportPreset({ employeeData: '   ' }, TODAY)?.patch).toEqual({});
  });

  it('categoryData → the value in parentheses is the search text; none without parentheses', () => {
    expect(reportPreset({ categoryData: 'Extintor CO₂ 6 kg (EXT-CO2-6)' }, TODAY)?.patch).toEqual({
      query: 'EXT-CO2-6',
    });
    expect(reportPreset({ categoryData: 'Extintores' }, TODAY)).toEqual({
      consumed: ['categoryData'],
      patch: {},
    });
    expect(parenthesisedValue('A (b) c ( d )')).toBe('d');
    expect(parenthesisedValue('A ()')).toBeNull();
  });

  it('categoryDataStatus sets the status (names, Portuguese labels, chart answers, indexes)', () => {
    expect(
      reportPreset({ categoryData: 'Mangueira (MG-2)', categoryDataStatus: 'IMPROPER' }, TODAY)?.patch,
    ).toEqual({ query: 'MG-2', status: 'IMPROPER' });
    expect(statusOfCategoryData('valid')).toBe('VALID');
    expect(statusOfCategoryData('Válido')).toBe('VALID');
    expect(statusOfCategoryData('Vencido')).toBe('EXPIRED');
    expect(statusOfCategoryData('IMPRÓPRIO')).toBe('IMPROPER');
    expect(statusOfCategoryData('NO')).toBe('IMPROPER');
    expect(statusOfCategoryData('YES')).toBe('VALID');
    expect(statusOfCategoryData('na')).toBe('NA');
    expect(statusOfCategoryData('1')).toBe('IMPROPER');
    expect(statusOfCategoryData('whatever')).toBeNull();
  });

  it('Doughnut 0/1/2 → EXPIRED/IMPROPER/VALID; other values set nothing; it wins over categoryDataStatus', () => {
    expect(reportPreset({ Doughnut: '0' }, TODAY)?.patch).toEqual({ status: 'EXPIRED' });
    expect(reportPreset({ Doughnut: '1' }, TODAY)?.patch).toEqual({ status: 'IMPROPER' });
    expect(reportPreset({ Doughnut: 2 }, TODAY)?.patch).toEqual({ status: 'VALID' });
    expect(reportPreset({ Doughnut: '3' }, TODAY)).toEqual({ consumed: ['Doughnut'], patch: {} });
    expect(reportPreset({ Doughnut: 'x' }, TODAY)?.patch).toEqual({});
    expect(
      reportPreset({ categoryData: 'x', categoryDataStatus: 'VALID', Doughnut: '0' }, TODAY)?.patch,
    ).toEqual({ status: 'EXPIRED' });
  });

  it('histogramData → the last-inspection range of that whole month, the 24 counted back from now', () => {
    expect(reportPreset({ histogramData: '23' }, TODAY)?.patch).toEqual({
      lastInspectionFrom: '2026-03-01',
      lastInspectionUpTo: TODAY, // the current month ends today: no future day
    });
    expect(reportPreset({ histogramData: '22' }, TODAY)?.patch).toEqual({
      lastInspectionFrom: '2026-02-01',
      lastInspectionUpTo: '2026-02-28',
    });
    expect(histogramMonthRange(0, TODAY)).toEqual({ from: '2024-04-01', upTo: '2024-04-30' });
    expect(histogramMonthRange(21, TODAY)).toEqual({ from: '2026-01-01', upTo: '2026-01-31' });
    // a leap February, across a year
    expect(histogramMonthRange(20, '2024-05-10')).toEqual({ from: '2024-02-01', upTo: '2024-02-29' });
    expect(histogramMonthRange(12, '2026-01-31')).toEqual({ from: '2025-02-01', upTo: '2025-02-28' });
    for (const bad of [-1, 24, 1.5, Number.NaN]) expect(histogramMonthRange(bad, TODAY)).toBeNull();
    expect(reportPreset({ histogramData: '24' }, TODAY)?.patch).toEqual({});
    expect(reportPreset({ histogramData: '-1' }, TODAY)?.patch).toEqual({});
  });

  it('several at once: every preset param is consumed; later rows of the table win', () => {
    expect(
      reportPreset(
        {
          view: 'inspections-report',
          employeeData: 'Ana',
          categoryData: 'Luminária (LUM-30)',
          Doughnut: '2',
          histogramData: '22',
          status: 'NA',
        },
        TODAY,
      ),
    ).toEqual({
      consumed: ['view', 'employeeData', 'categoryData', 'Doughnut', 'histogramData'],
      patch: {
        lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING',
        query: 'LUM-30',
        status: 'VALID',
        lastInspectionFrom: '2026-02-01',
        lastInspectionUpTo: '2026-02-28',
      },
    });
  });
});

describe('report URL rewrites', () => {
  it('a preset becomes the list’s own params: its params gone, the rest kept, back to page 0', () => {
    const search = { view: 'inspections-report', status: 'VALID', page: '3', other: 'x' };
    expect(applyPreset(search, equipmentListSchema, reportPreset(search, TODAY)!)).toEqual({
      other: 'x',
      status: 'VALID',
      lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING',
    });
    const doughnut = { Doughnut: '1', status: 'VALID', sort: 'product' };
    expect(applyPreset(doughnut, equipmentListSchema, reportPreset(doughnut, TODAY)!)).toEqual({
      status: 'IMPROPER',
      sort: 'product',
    });
  });

  it('clear fields: every filter and the search at its default, sort and page size kept', () => {
    expect(clearedFilters(maintenanceReportSchema)).toEqual({
      query: undefined,
      status: undefined,
      enabledTagsOnly: true,
      categoryId: undefined,
      inspectionTypeId: undefined,
      productId: undefined,
      createFrom: undefined,
      createUpTo: undefined,
      lastMaintenanceFrom: undefined,
      lastMaintenanceUpTo: undefined,
      manufacturingDate: undefined,
      rechargeDate: undefined,
      weighingDate: undefined,
      awaitingTag: 'all',
    });
    expect(
      exportFilters({ page: 2, pageSize: 100, sort: 'product', direction: 'asc', status: 'NA' }),
    ).toEqual({
      sort: 'product',
      direction: 'asc',
      status: 'NA',
    });
    // the maintenance report's input: no company, no due date, no last inspection
    const keys = Object.keys(maintenanceReportSchema.shape);
    for (const k of ['companyId', 'dueDateFrom', 'lastInspectionFrom', 'lastInspectionExpirationStatus'])
      expect(keys).not.toContain(k);
    expect(maintenanceReportSchema.parse({})).toMatchObject({
      sort: 'createdAt',
      direction: 'desc',
      enabledTagsOnly: true,
    });
  });
});
