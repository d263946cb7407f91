/**
 * The create form's checks (seed 000 §5 "Create OS, checked in order"), pure so the unit tests pin
 * the order: a start date before today, then no equipment, then any of end date, start date,
 * priority, type and responsible user missing; then (ours) a start date after the end date. The
 * answer is the shared error code the server answers for the same case, so both say the same text.
 */
import type { ErrorCode } from '../../../shared/errors.ts';

export interface CreateOsDraft {
  startDate?: string | null;
  endDate?: string | null;
  priority?: string | null;
  type?: string | null;
  responsibleUserId?: number | null;
}

/** The fields the third check requires, in the seed's words' order. */
export const CREATE_OS_REQUIRED = ['endDate', 'startDate', 'priority', 'type', 'responsibleUserId'] as const;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The first problem of a draft with `equipmentCount` items on `today` (YYYY-MM-DD), or null. */
export function createOsProblem(
  draft: CreateOsDraft,
  equipmentCount: number,
  today: string,
): { code: ErrorCode; fields: (typeof CREATE_OS_REQUIRED)[number][] } | null {
  if (!blank(draft.startDate) && (draft.startDate as string) < today)
    return { code: 'SERVICE_ORDER_START_DATE_PAST', fields: ['startDate'] };
  if (equipmentCount === 0) return { code: 'SERVICE_ORDER_NO_EQUIPMENT', fields: [] };
  const missing = CREATE_OS_REQUIRED.filter((f) => blank(draft[f]));
  if (missing.length) return { code: 'SERVICE_ORDER_MISSING_FIELDS', fields: missing };
  if ((draft.startDate as string) > (draft.endDate as string))
    return { code: 'SERVICE_ORDER_DATE_RANGE', fields: ['endDate'] };
  return null;
}
