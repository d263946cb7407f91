import { describe, expect, it } from 'vitest';
import { EMPTY_DATE, formatDate, formatDateTime } from '../../src/shared/dates.ts';
import { checkPasswordRules, isPasswordValid, passwordSchema } from '../../src/shared/password.ts';
import { formatPlanPrice, PUBLIC_PLANS } from '../../src/shared/plans.ts';
import { normalizeSearch, sortKey } from '../../src/shared/text.ts';

describe('password rules (seed 000 §5)', () => {
  it('needs 6+ chars, a digit, upper, lower and a special from !@#$%&*()_-+=', () => {
    expect(isPasswordValid('Demo@123')).toBe(true);
    expect(checkPasswordRules('Ab1!')).toMatchObject({ minLength: false });
    expect(checkPasswordRules('abcdef1!')).toMatchObject({ uppercase: false });
    expect(checkPasswordRules('ABCDEF1!')).toMatchObject({ lowercase: false });
    expect(checkPasswordRules('Abcdefg!')).toMatchObject({ digit: false });
    expect(checkPasswordRules('Abcdef12')).toMatchObject({ special: false });
    expect(checkPasswordRules('Abcdef1?')).toMatchObject({ special: false });
    for (const c of '!@#$%&*()_-+=') expect(isPasswordValid(`Abcde1${c}`)).toBe(true);
    expect(passwordSchema.safeParse('weak').success).toBe(false);
  });
});

describe('dates', () => {
  it('formats DD/MM/YYYY and --/--/---- when empty', () => {
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('05/03/2026');
    expect(formatDate(null)).toBe(EMPTY_DATE);
    expect(formatDate('garbage')).toBe('--/--/----');
  });

  it('shows an instant on its São Paulo day and hour, and a calendar day as it is', () => {
    // 01:30 UTC on the 6th is 22:30 on the 5th in São Paulo.
    expect(formatDate('2026-03-06T01:30:00Z')).toBe('05/03/2026');
    expect(formatDateTime(new Date('2026-03-06T01:30:00Z'))).toBe('05/03/2026 22:30');
    expect(formatDateTime('2026-03-06T01:30:00Z', 'UTC')).toBe('06/03/2026 01:30');
    // A due date is a day, never shifted by a zone.
    expect(formatDate('2026-03-06')).toBe('06/03/2026');
    expect(formatDateTime(null)).toBe(EMPTY_DATE);
  });
});

describe('search normalisation', () => {
  it('strips accents and case; digit-only strings sort as numbers', () => {
    expect(normalizeSearch('Extintor ÁGUA Pressurizada')).toBe('extintor agua pressurizada');
    expect(sortKey('0042')).toBe(42);
    expect(sortKey('Ação')).toBe('acao');
  });
});

describe('landing plans', () => {
  it('are the four seed plans with their prices', () => {
    expect(PUBLIC_PLANS.map((p) => [p.name, p.equipment, formatPlanPrice(p.monthlyPrice)])).toEqual([
      ['Start', 50, 'R$359'],
      ['Standard', 100, 'R$529'],
      ['Premium', 500, 'R$1.049'],
      ['Enterprise', 1000, 'R$1.439'],
    ]);
  });
});
