/**
 * The bell's pure rules (unit-tested in tests/unit/notification-bell.test.ts): the badge's text and
 * which toasts a refresh raises — at most 3 at once (seed 000 §9, as the Toaster shows them): one
 * per equipment that was not in the bell before, and past 2 of them one "and N more".
 */
import { BELL_COUNT_CAP, type DueItem } from '../../../shared/notifications/schemas.ts';

/** At most this many toasts from one refresh (seed 000 §9: at most 3 notifications at once). */
export const MAX_TOASTS = 3;

/** The badge: nothing at 0, the number, or "99+" past the cap. */
export function badgeText(total: number, capped: boolean): string | null {
  if (total <= 0) return null;
  return capped ? `${BELL_COUNT_CAP}+` : String(total);
}

export type BellToast = { kind: 'item'; item: DueItem } | { kind: 'more'; count: number };

/**
 * The toasts a refresh raises: none on the first load (`before` null: the badge says it), else
 * one per equipment new in the list, the most overdue first, at most MAX_TOASTS with the rest
 * folded into a last "and N more".
 */
export function toastsForRefresh(before: readonly number[] | null, items: readonly DueItem[]): BellToast[] {
  if (before === null) return [];
  const seen = new Set(before);
  const fresh = items.filter((i) => !seen.has(i.equipmentId));
  if (fresh.length <= MAX_TOASTS) return fresh.map((item) => ({ kind: 'item', item }));
  return [
    ...fresh.slice(0, MAX_TOASTS - 1).map((item) => ({ kind: 'item' as const, item })),
    { kind: 'more', count: fresh.length - (MAX_TOASTS - 1) },
  ];
}
