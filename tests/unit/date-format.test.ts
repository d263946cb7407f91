/**
 * Issue 26 item 16: every date in the product is DD/MM/YYYY (date-times DD/MM/YYYY HH:mm, in the
 * product's time zone), in every language — on screen, in the day inputs and in the mails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { maskDay, parseDay, showDay } from '../../src/client/components/list/day-text.ts';
import { i18n } from '../../src/client/i18n/index.ts';
import { EMPTY_DATE, formatDate, formatDateTime } from '../../src/shared/dates.ts';
import { mailDay } from '../../src/server/mail/due-digest.ts';

const LANGUAGES = ['pt', 'en', 'es'] as const;
afterAll(() => i18n.changeLanguage('pt'));

describe('the date formatter', () => {
  it.each(LANGUAGES)('shows DD/MM/YYYY in %s', async (lang) => {
    await i18n.changeLanguage(lang);
    expect(i18n.language).toBe(lang);
    // A calendar day as it is; an instant in São Paulo (23:30 UTC is 20:30 there, the same day;
    // 01:30 UTC is the day before there).
    expect(formatDate('2026-12-05')).toBe('05/12/2026');
    expect(formatDate(new Date(Date.UTC(2026, 11, 5, 23, 30)))).toBe('05/12/2026');
    expect(formatDate(new Date(Date.UTC(2026, 11, 5, 1, 30)))).toBe('04/12/2026');
    expect(formatDateTime(new Date(Date.UTC(2026, 11, 5, 15, 7)))).toBe('05/12/2026 12:07');
    expect(formatDateTime('2026-01-31T23:59:00.000Z')).toBe('31/01/2026 20:59');
    expect(formatDate(null)).toBe(EMPTY_DATE);
    expect(formatDate('')).toBe('--/--/----');
    expect(formatDateTime(undefined)).toBe('--/--/----');
  });

  it.each(LANGUAGES)('types days DD/MM/YYYY in %s: the same digits are the same day', async (lang) => {
    await i18n.changeLanguage(lang);
    expect(maskDay('05122026')).toBe('05/12/2026');
    expect(parseDay('05/12/2026')).toBe('2026-12-05');
    expect(parseDay('01/02/2031')).toBe('2031-02-01');
    // Month first is not a day here.
    expect(parseDay('12/25/2030')).toBeNull();
    expect(parseDay('29/02/2027')).toBeNull();
    expect(parseDay('29/02/2028')).toBe('2028-02-29');
    expect(showDay('2030-12-25')).toBe('25/12/2030');
    expect(showDay(undefined)).toBe('');
  });

  it('mails write days DD/MM/YYYY whatever the recipient’s language', () => {
    expect(mailDay('2026-12-05')).toBe('05/12/2026');
  });
});
