import { describe, expect, it } from 'vitest';
import { changeQuote, daysBetween } from '../../src/shared/billing/proration.ts';

describe('plan change pro-rating (issue 26 item 12)', () => {
  it('credits the unused whole days of the paid period at the paid price, rounded down, in cents', () => {
    expect(daysBetween('2026-01-15', '2026-02-15')).toBe(31);
    expect(
      changeQuote({
        newPriceCents: 52900,
        paidPriceCents: 35900,
        periodStart: '2026-01-15',
        today: '2026-02-05',
        nextBilling: '2026-02-15',
      }),
    ).toEqual({
      newPriceCents: 52900,
      creditCents: 11580,
      firstBillCents: 41320,
      unusedDays: 10,
      periodDays: 31,
    });
  });

  it('caps the credit at the new price (a downgrade on day one) and gives none without a paid period', () => {
    expect(
      changeQuote({
        newPriceCents: 10000,
        paidPriceCents: 89900,
        periodStart: '2026-03-01',
        today: '2026-03-01',
        nextBilling: '2026-04-01',
      }),
    ).toMatchObject({ creditCents: 10000, firstBillCents: 0, unusedDays: 31, periodDays: 31 });
    expect(
      changeQuote({
        newPriceCents: 52900,
        paidPriceCents: null,
        periodStart: null,
        today: '2026-03-01',
        nextBilling: null,
      }),
    ).toEqual({ newPriceCents: 52900, creditCents: 0, firstBillCents: 52900, unusedDays: 0, periodDays: 0 });
    // The period is over (the renewal is due): nothing left to credit.
    expect(
      changeQuote({
        newPriceCents: 52900,
        paidPriceCents: 35900,
        periodStart: '2026-02-01',
        today: '2026-03-02',
        nextBilling: '2026-03-01',
      }),
    ).toMatchObject({ creditCents: 0, firstBillCents: 52900 });
  });
});
