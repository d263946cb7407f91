/** Issue 16 item 10: dates follow the language — DD/MM/YYYY in pt and es, MM/DD/YYYY in en. */
import { afterEach, describe, expect, it } from 'vitest';
import { maskDay, parseDay, showDay } from '../../src/client/components/list/day-text.ts';
import { dateOrder, dateOrderOf, formatDate, formatDateTime, setDateOrder } from '../../src/shared/dates.ts';

afterEach(() => setDateOrder('dmy'));

describe('date order', () => {
  it('comes from the language: month first in English only', () => {
    expect(['pt', 'pt-BR', 'es', 'en', 'en-US', 'EN'].map(dateOrderOf)).toEqual([
      'dmy',
      'dmy',
      'dmy',
      'mdy',
      'mdy',
      'mdy',
    ]);
    // The server never sets it: day first.
    expect(dateOrder()).toBe('dmy');
  });

  it('cells: a calendar day and an instant in the set order', () => {
    const instant = new Date(Date.UTC(2026, 11, 25, 15, 30)); // 12:30 in São Paulo
    expect(formatDate('2026-12-25')).toBe('25/12/2026');
    expect(formatDateTime(instant)).toBe('25/12/2026 12:30');
    setDateOrder('mdy');
    expect(formatDate('2026-12-25')).toBe('12/25/2026');
    expect(formatDate(instant)).toBe('12/25/2026');
    expect(formatDateTime(instant)).toBe('12/25/2026 12:30');
    expect(formatDate(null)).toBe('--/--/----');
  });

  it('typed days: the same digits mean another day month first', () => {
    expect(maskDay('01022031')).toBe('01/02/2031');
    expect(parseDay('01/02/2031', 'dmy')).toBe('2031-02-01');
    expect(parseDay('01/02/2031', 'mdy')).toBe('2031-01-02');
    expect(parseDay('25/12/2030', 'mdy')).toBeNull();
    expect(parseDay('12/25/2030', 'mdy')).toBe('2030-12-25');
    expect(showDay('2030-12-25', 'mdy')).toBe('12/25/2030');
    setDateOrder('mdy');
    expect(showDay('2030-12-25')).toBe('12/25/2030');
    expect(parseDay('02/29/2028')).toBe('2028-02-29');
  });
});
