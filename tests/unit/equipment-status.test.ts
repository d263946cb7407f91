import { describe, expect, it } from 'vitest';
import {
  addMonths,
  equipmentStatusOf,
  expirationOf,
  extinguisherDateKind,
  extinguisherDueDate,
  isExtinguisherType,
  isNegativeAnswer,
  matchesExpirationFilter,
  nextInspectionDate,
  todayIn,
} from '../../src/shared/equipment/status.ts';

describe('expiration status at the day boundaries', () => {
  const today = '2026-03-10';
  it('NA without a date', () => {
    expect(expirationOf(null, today, 5)).toEqual({ status: 'NA', daysToExpire: null });
  });
  it('EXPIRED from the day after the date', () => {
    expect(expirationOf('2026-03-09', today, 5)).toEqual({ status: 'EXPIRED', daysToExpire: -1 });
  });
  it('EXPIRING on the day itself (0 days: "Válido até hoje") and tomorrow (1)', () => {
    expect(expirationOf('2026-03-10', today, 5)).toEqual({ status: 'EXPIRING', daysToExpire: 0 });
    expect(expirationOf('2026-03-11', today, 5)).toEqual({ status: 'EXPIRING', daysToExpire: 1 });
  });
  it('EXPIRING exactly notice days before, VALID one day earlier', () => {
    expect(expirationOf('2026-03-15', today, 5).status).toBe('EXPIRING');
    expect(expirationOf('2026-03-16', today, 5)).toEqual({ status: 'VALID', daysToExpire: 6 });
  });
  it('with no notice days only the day itself is EXPIRING', () => {
    expect(expirationOf('2026-03-10', today, 0).status).toBe('EXPIRING');
    expect(expirationOf('2026-03-11', today, null).status).toBe('VALID');
  });
  it('crosses month and leap-year boundaries by calendar day', () => {
    expect(expirationOf('2028-02-29', '2028-03-01', 0)).toEqual({ status: 'EXPIRED', daysToExpire: -1 });
    expect(expirationOf('2028-03-01', '2028-02-28', 1)).toEqual({ status: 'VALID', daysToExpire: 2 });
  });
  it('EXPIRED_OR_EXPIRING matches both', () => {
    expect(matchesExpirationFilter('EXPIRED', 'EXPIRED_OR_EXPIRING')).toBe(true);
    expect(matchesExpirationFilter('EXPIRING', 'EXPIRED_OR_EXPIRING')).toBe(true);
    expect(matchesExpirationFilter('VALID', 'EXPIRED_OR_EXPIRING')).toBe(false);
    expect(matchesExpirationFilter('NA', 'NA')).toBe(true);
  });
});

describe('equipment status', () => {
  const base = {
    lastInspectionDay: '2026-03-01',
    lastInspectionImproper: false,
    nextInspectionDate: '2026-03-31',
    dueDate: null,
  };
  it('NA when never inspected, whatever the dates', () => {
    expect(equipmentStatusOf({ ...base, lastInspectionDay: null, dueDate: '2000-01-01' }, '2026-03-10')).toBe(
      'NA',
    );
  });
  it('IMPROPER wins over EXPIRED', () => {
    expect(equipmentStatusOf({ ...base, lastInspectionImproper: true }, '2027-01-01')).toBe('IMPROPER');
  });
  it('EXPIRED the day after the next inspection date, VALID on it', () => {
    expect(equipmentStatusOf(base, '2026-03-31')).toBe('VALID');
    expect(equipmentStatusOf(base, '2026-04-01')).toBe('EXPIRED');
  });
  it('EXPIRED when the due date has passed', () => {
    expect(equipmentStatusOf({ ...base, dueDate: '2026-03-09' }, '2026-03-10')).toBe('EXPIRED');
    expect(equipmentStatusOf({ ...base, dueDate: '2026-03-10' }, '2026-03-10')).toBe('VALID');
  });
  it('next inspection = last inspection + schedule days', () => {
    expect(nextInspectionDate('2026-12-20', 30)).toBe('2027-01-19');
    expect(nextInspectionDate(null, 30)).toBeNull();
  });
  it('negative answers: NO and NEGATIVE custom answers', () => {
    expect(isNegativeAnswer({ type: 'YES_NO_NA', answer: 'NO' })).toBe(true);
    expect(isNegativeAnswer({ type: 'YES_NO_NA', answer: 'NA' })).toBe(false);
    expect(isNegativeAnswer({ type: 'CUSTOM', answer: 'Amassado', answerType: 'NEGATIVE' })).toBe(true);
    expect(isNegativeAnswer({ type: 'CUSTOM', answer: 'Não se aplica', answerType: 'NA' })).toBe(false);
    expect(isNegativeAnswer({ type: 'TEXT', answer: 'NO' })).toBe(false);
  });
});

describe('extinguisher due date (ABNT NBR 12962)', () => {
  it('recharge + 12 months when it comes first', () => {
    expect(extinguisherDueDate({ rechargeDate: '2026-05-10', manufacturingDate: '2024-01-01' })).toBe(
      '2027-05-10',
    );
  });
  it('retest (or manufacture) + 5 years when it comes first', () => {
    expect(extinguisherDueDate({ rechargeDate: '2026-05-10', manufacturingDate: '2021-08-01' })).toBe(
      '2026-08-01',
    );
    expect(
      extinguisherDueDate({
        rechargeDate: '2026-05-10',
        retestDate: '2025-01-15',
        manufacturingDate: '2019-01-01',
      }),
    ).toBe('2027-05-10');
  });
  it('month ends clamp (31 Jan + 12 months = 31 Jan; 29 Feb + 5 years = 28 Feb)', () => {
    expect(addMonths('2024-02-29', 60)).toBe('2029-02-28');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
  });
  it('null without any date', () => {
    expect(extinguisherDueDate({})).toBeNull();
  });
  it('recognises the attributes and the subcategory by name', () => {
    expect(extinguisherDateKind('Data de recarga')).toBe('recharge');
    expect(extinguisherDateKind('Data do último teste hidrostático')).toBe('retest');
    expect(extinguisherDateKind('Data de fabricação')).toBe('manufacturing');
    expect(extinguisherDateKind('Número do cilindro')).toBeNull();
    expect(isExtinguisherType('Combate a Incêndio', 'Extintores')).toBe(true);
    expect(isExtinguisherType('Hidrantes', 'Mangueiras de Incêndio')).toBe(false);
  });
});

describe('today in the install time zone', () => {
  it('is the São Paulo day, not the UTC day, just after midnight UTC', () => {
    const now = new Date('2026-03-11T01:30:00Z'); // 22:30 on the 10th in São Paulo (UTC−3)
    expect(todayIn('America/Sao_Paulo', now)).toBe('2026-03-10');
    expect(todayIn('UTC', now)).toBe('2026-03-11');
  });

  it('turns at local midnight, to the millisecond, whatever was asked before in that minute', () => {
    const zone = 'America/Sao_Paulo';
    expect(todayIn(zone, new Date('2026-03-11T02:59:00.000Z'))).toBe('2026-03-10');
    expect(todayIn(zone, new Date('2026-03-11T02:59:59.999Z'))).toBe('2026-03-10');
    expect(todayIn(zone, new Date('2026-03-11T03:00:00.000Z'))).toBe('2026-03-11');
    expect(todayIn(zone, new Date('2026-03-11T02:59:30.000Z'))).toBe('2026-03-10');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-10T18:29:59.999Z'))).toBe('2026-03-10');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-10T18:30:00.000Z'))).toBe('2026-03-11');
  });
});
