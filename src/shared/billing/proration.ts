/**
 * Changing plan mid-cycle (issue 26 item 12): the unused part of the paid period is credited
 * against the new plan's first bill. Whole calendar days in the app's time zone, integer cents,
 * rounded down (the credit never exceeds what was paid for the days left), capped at the new
 * plan's price (a credit larger than the first bill is not carried further or refunded).
 */

/** Days from calendar day `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface ChangeQuoteInput {
  /** the new plan's monthly price */
  newPriceCents: number;
  /** the current subscription's price, when its current period's bill is paid; else null */
  paidPriceCents: number | null;
  /** the current period's first day, today, and the next billing day (`YYYY-MM-DD`) */
  periodStart: string | null;
  today: string;
  nextBilling: string | null;
}

export interface ChangeQuote {
  newPriceCents: number;
  creditCents: number;
  firstBillCents: number;
  unusedDays: number;
  periodDays: number;
}

export function changeQuote(i: ChangeQuoteInput): ChangeQuote {
  const none = { newPriceCents: i.newPriceCents, creditCents: 0, firstBillCents: i.newPriceCents };
  if (i.paidPriceCents === null || i.periodStart === null || i.nextBilling === null)
    return { ...none, unusedDays: 0, periodDays: 0 };
  const periodDays = daysBetween(i.periodStart, i.nextBilling);
  const unusedDays = Math.min(Math.max(daysBetween(i.today, i.nextBilling), 0), periodDays);
  if (periodDays <= 0 || unusedDays === 0)
    return { ...none, unusedDays: 0, periodDays: Math.max(periodDays, 0) };
  const credit = Math.min(Math.floor((i.paidPriceCents * unusedDays) / periodDays), i.newPriceCents);
  return {
    newPriceCents: i.newPriceCents,
    creditCents: credit,
    firstBillCents: i.newPriceCents - credit,
    unusedDays,
    periodDays,
  };
}
