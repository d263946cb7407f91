/**
 * Pure billing rules (issue 17), shared by the server (state.ts, the nightly job) and the tests.
 */
import type { PaymentStatus } from './schemas.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A company group's payment status from its oldest unpaid bill's due date: none, or not due yet →
 * OK; past due → PENDING; past due by more than `blockAfterDays` whole days → BLOCKED.
 */
export function paymentStatusFor(
  oldestUnpaidDueAt: Date | null,
  now: Date,
  blockAfterDays: number,
): PaymentStatus {
  if (!oldestUnpaidDueAt) return 'OK';
  const overdueMs = now.getTime() - oldestUnpaidDueAt.getTime();
  if (overdueMs <= 0) return 'OK';
  return overdueMs > blockAfterDays * DAY_MS ? 'BLOCKED' : 'PENDING';
}

/** Bill statuses that still wait for a payment (they make a group PENDING once past due). */
export const UNPAID_BILL_STATUSES = ['pending'] as const;

/**
 * How far along a bill is: a state is applied only when it does not go back (a paid bill never
 * becomes pending again, whatever order the events and re-reads arrive in). Unknown statuses rank
 * with `pending`.
 */
export function billStatusRank(status: string): number {
  switch (status) {
    case 'scheduled':
      return 0;
    case 'review':
      return 2;
    case 'canceled':
      return 3;
    case 'paid':
      return 4;
    default:
      return 1;
  }
}

/** Whether a bill in `current` may move to `incoming` (same rank: yes — amounts and urls may change). */
export function billMayMove(current: string, incoming: string): boolean {
  return billStatusRank(incoming) >= billStatusRank(current);
}

/** Subscription statuses that no longer bill (the group falls back to the free plan). */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'expired'] as const;

export function subscriptionEnded(status: string): boolean {
  return (ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** The equipment a plan allows for `quantity` (the custom plan: the quantity bought). */
export function planLimit(
  plan: { per_unit: boolean; equipment_limit: number | null },
  quantity: number | null,
): number | null {
  return plan.per_unit ? quantity : plan.equipment_limit;
}
