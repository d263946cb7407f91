import { describe, expect, it } from 'vitest';
import { dateCellText, dateNote } from '../../src/shared/equipment/date-cell.ts';

describe('date cell text (seed 001 §4)', () => {
  it('EXPIRING: "Válido até hoje" (0 days), "Válido até amanhã" (1), "Válido, expira em N dias"', () => {
    expect(dateCellText('2026-03-05', 'EXPIRING', 0)).toEqual({
      date: '05/03/2026',
      note: 'Válido até hoje',
      kind: 'today',
      highlight: false,
    });
    expect(dateCellText('2026-03-06', 'EXPIRING', 1).note).toBe('Válido até amanhã');
    expect(dateCellText('2026-03-17', 'EXPIRING', 12).note).toBe('Válido, expira em 12 dias');
    expect(dateCellText('2026-03-07', 'EXPIRING', 2).note).toBe('Válido, expira em 2 dias');
  });

  it('EXPIRED is highlighted; VALID and NA have no note', () => {
    expect(dateCellText('2026-03-01', 'EXPIRED', -4)).toEqual({
      date: '01/03/2026',
      note: 'Vencido',
      kind: 'expired',
      highlight: true,
    });
    expect(dateCellText('2026-06-01', 'VALID', 88)).toMatchObject({ note: null, highlight: false });
    expect(dateCellText('2026-06-01', 'NA', null)).toMatchObject({ note: null, highlight: false });
    expect(dateCellText('2026-06-01', 'EXPIRING', null)).toMatchObject({ note: null, kind: 'none' });
  });

  it('--/--/---- when empty, whatever the status', () => {
    for (const empty of [null, undefined, ''])
      expect(dateCellText(empty, 'EXPIRED', -3)).toEqual({
        date: '--/--/----',
        note: null,
        kind: 'none',
        highlight: false,
      });
  });

  it('an instant is shown on its São Paulo day', () => {
    // 01:30 UTC on the 6th is still the 5th in São Paulo (UTC−3).
    expect(dateCellText(new Date('2026-03-06T01:30:00Z'), 'VALID', 20).date).toBe('05/03/2026');
  });

  it('in English and Spanish; an unknown language falls back to Portuguese', () => {
    expect(dateCellText('2026-03-05', 'EXPIRING', 0, 'en').note).toBe('Valid until today');
    expect(dateCellText('2026-03-06', 'EXPIRING', 1, 'es').note).toBe('Válido hasta mañana');
    expect(dateCellText('2026-03-09', 'EXPIRING', 4, 'en-US').note).toBe('Valid, expires in 4 days');
    expect(dateCellText('2026-03-09', 'EXPIRING', 4, 'fr').note).toBe('Válido, expira em 4 dias');
  });

  it('dateNote: the note kinds', () => {
    expect(dateNote('EXPIRING', -1)).toEqual({ kind: 'today' });
    expect(dateNote('EXPIRING', 30)).toEqual({ kind: 'inDays', days: 30 });
  });
});
