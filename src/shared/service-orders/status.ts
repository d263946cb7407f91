/**
 * Service-order status rules (seed 000 §4), pure so the server, the client and the unit tests agree:
 *
 * - the status is derived from the equipment items' completion dates: a cancelled order stays
 *   cancelled; no item completed gives PENDING; every item completed gives FINISHED; some give
 *   PARTIAL. An order without items has nothing completed: PENDING (a new order is PENDING);
 * - a requested status that contradicts the derived one is blocked with an explanatory message:
 *   derived PENDING blocks FINISHED and PARTIAL; PARTIAL blocks PENDING and FINISHED; FINISHED
 *   blocks PENDING and PARTIAL; CANCELLED blocks every other status. Cancelling is always allowed.
 *
 * The server refuses a blocked status with the derived status's code (400); the client disables the
 * blocked options and shows the same code's text.
 */
import { OS_STATUSES, type OsStatus } from '../enums.ts';

export { OS_STATUSES, type OsStatus };

/** A completion date as stored or typed (`YYYY-MM-DD`); blank or null is "not completed". */
export type CompletionDate = string | null | undefined;

function completed(date: CompletionDate): boolean {
  return typeof date === 'string' && date.trim() !== '';
}

/**
 * The status an order has given its current status and its items' completion dates. `current` is
 * the stored status (null for a new order): only CANCELLED survives the derivation.
 */
export function deriveStatus(
  current: OsStatus | null | undefined,
  completionDates: readonly CompletionDate[],
): OsStatus {
  return deriveStatusFromCounts(current, completionDates.length, completionDates.filter(completed).length);
}

/** The same rule over counts: `total` items, `done` of them with a completion date. */
export function deriveStatusFromCounts(
  current: OsStatus | null | undefined,
  total: number,
  done: number,
): OsStatus {
  if (current === 'CANCELLED') return 'CANCELLED';
  if (done <= 0) return 'PENDING';
  if (done >= total) return 'FINISHED';
  return 'PARTIAL';
}

/** The error code that explains why options are blocked, per derived status. */
export const BLOCKED_STATUS_CODES = {
  PENDING: 'SERVICE_ORDER_STATUS_BLOCKED_PENDING',
  PARTIAL: 'SERVICE_ORDER_STATUS_BLOCKED_PARTIAL',
  FINISHED: 'SERVICE_ORDER_STATUS_BLOCKED_FINISHED',
  CANCELLED: 'SERVICE_ORDER_STATUS_BLOCKED_CANCELLED',
} as const satisfies Record<OsStatus, string>;
export type BlockedStatusCode = (typeof BLOCKED_STATUS_CODES)[OsStatus];

const BLOCKED: Record<OsStatus, readonly OsStatus[]> = {
  PENDING: ['FINISHED', 'PARTIAL'],
  PARTIAL: ['PENDING', 'FINISHED'],
  FINISHED: ['PENDING', 'PARTIAL'],
  CANCELLED: ['PENDING', 'PARTIAL', 'FINISHED'],
};

export interface BlockedStatuses {
  /** the options the status select must disable */
  blocked: readonly OsStatus[];
  /** the options it may offer (the derived status itself and, unless cancelled, CANCELLED) */
  allowed: readonly OsStatus[];
  /** the code whose text explains why (errorText(code, lang)) */
  code: BlockedStatusCode;
}

/** What a status select offers for an order whose derived status is `derived`. */
export function blockedStatuses(derived: OsStatus): BlockedStatuses {
  const blocked = BLOCKED[derived];
  return {
    blocked,
    allowed: OS_STATUSES.filter((s) => !blocked.includes(s)),
    code: BLOCKED_STATUS_CODES[derived],
  };
}

/**
 * Null when `requested` may be saved for an order whose derived status is `derived` (an absent
 * request keeps the derived status); else the code explaining the refusal.
 */
export function checkRequestedStatus(
  derived: OsStatus,
  requested: OsStatus | null | undefined,
): BlockedStatusCode | null {
  if (!requested) return null;
  return BLOCKED[derived].includes(requested) ? BLOCKED_STATUS_CODES[derived] : null;
}

/** The status to store: the requested one when allowed (CANCELLED or the derived), else the derived. */
export function resolveStatus(derived: OsStatus, requested: OsStatus | null | undefined): OsStatus {
  return requested && checkRequestedStatus(derived, requested) === null ? requested : derived;
}

/** Orders still waiting for work: recording an inspection or maintenance completes their items. */
export const OPEN_STATUSES = ['PENDING', 'PARTIAL'] as const satisfies readonly OsStatus[];
export function isOpenStatus(status: OsStatus): boolean {
  return (OPEN_STATUSES as readonly OsStatus[]).includes(status);
}
