import { describe, expect, it } from 'vitest';
import { localToday, maskDay, parseDay, showDay } from '../../src/client/components/list/day-text.ts';

describe('day filter text (DD/MM/YYYY)', () => {
  it('masks digits as they are typed', () => {
    expect(maskDay('0')).toBe('0');
    expect(maskDay('050')).toBe('05/0');
    expect(maskDay('05032026')).toBe('05/03/2026');
    expect(maskDay('05/03/2026123')).toBe('05/03/2026');
    expect(maskDay('a5b')).toBe('5');
  });

  it('parses real calendar days only', () => {
    expect(parseDay('05/03/2026')).toBe('2026-03-05');
    expect(parseDay('29/02/2024')).toBe('2024-02-29');
    expect(parseDay('29/02/2025')).toBeNull();
    expect(parseDay('31/04/2026')).toBeNull();
    expect(parseDay('00/01/2026')).toBeNull();
    expect(parseDay('5/3/2026')).toBeNull();
  });

  it('shows an ISO day without time zone shifts, and today as the browser sees it', () => {
    expect(showDay('2026-01-01')).toBe('01/01/2026');
    expect(showDay(undefined)).toBe('');
    // São Paulo's day, whatever the browser's zone: 02:59 UTC on the 10th is 23:59 on the 9th there.
    expect(localToday(new Date(Date.UTC(2026, 0, 10, 2, 59)))).toBe('2026-01-09');
    expect(localToday(new Date(Date.UTC(2026, 0, 10, 3, 0)))).toBe('2026-01-10');
  });
});
