/**
 * Due-date notifications (issue 18 item 2): the equipment whose next inspection or due date is in
 * its notice window (the product's `daysNotificationNextInspectionDate` / `daysNotificationDueDate`
 * days before it) or already past — what the daily digest mail lists and the top bar's bell shows.
 * One rule for both: the equipment's stored notice dates (`inspection_notice_date`,
 * `due_notice_date`) are on or before the day, on an active tag — exactly the inspection report
 * filtered by `lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING` or by
 * `dueDateExpirationStatus=EXPIRED_OR_EXPIRING` (`./links.ts`).
 */
import { z } from 'zod';
import { isoDateField } from '../fields.ts';

/** Items the bell lists (the most overdue first); the rest are in the report. */
export const BELL_ITEMS = 10;
/** The bell's badge counts up to this, then shows "99+". */
export const BELL_COUNT_CAP = 99;
/** Items one digest mail lists; its counts cover every item. */
export const DIGEST_ITEMS = 20;

/** One of an equipment's two dates, in its notice window (EXPIRING) or past (EXPIRED). */
export const dueDateStateSchema = z.object({
  /** the next inspection's day or the due date, YYYY-MM-DD */
  date: z.string(),
  status: z.enum(['EXPIRED', 'EXPIRING']),
  /** days from the day asked to the date (0 = that day, negative = past) */
  daysToExpire: z.number().int(),
});
export type DueDateState = z.infer<typeof dueDateStateSchema>;

/** One equipment to look after: at least one of its two dates is set. */
export const dueItemSchema = z.object({
  equipmentId: z.number().int(),
  companyId: z.number().int(),
  tagSerialNumber: z.string(),
  productName: z.string(),
  productSku: z.string(),
  extraLabel: z.string().nullable(),
  /** the next inspection, when it is in its notice window or past */
  nextInspection: dueDateStateSchema.nullable(),
  /** the due date (expiration), when it is in its notice window or past */
  dueDate: dueDateStateSchema.nullable(),
});
export type DueItem = z.infer<typeof dueItemSchema>;

/** The inspection report's URL search params (values as the report's URL carries them). */
export const reportSearchSchema = z.record(z.string(), z.string());

/** What the bell shows (`notifications.due`, GET /web/notifications/due/). */
export const dueNotificationsSchema = z.object({
  /** the calendar day the statuses are relative to (APP_TIME_ZONE), YYYY-MM-DD */
  day: z.string(),
  /** equipment to look after, counted up to BELL_COUNT_CAP + 1 */
  total: z.number().int(),
  /** true when there are more than BELL_COUNT_CAP (the badge shows "99+") */
  totalCapped: z.boolean(),
  /** the first BELL_ITEMS, the longest in their notice window first */
  items: z.array(dueItemSchema),
  /** the inspection report filtered to the same equipment: by next inspection, by due date */
  links: z.object({ inspections: reportSearchSchema, dueDates: reportSearchSchema }),
});
export type DueNotifications = z.infer<typeof dueNotificationsSchema>;

/** The daily digest job's parameters (`due-digest`). */
export const dueDigestParamsSchema = z.object({
  /**
   * The calendar day to run for (YYYY-MM-DD); default: today in APP_TIME_ZONE. The clock seam of
   * the tests, and a way to send a missed day again (each (recipient, company, day) goes once).
   */
  day: isoDateField.optional(),
  /** Only these company groups (an operator re-running a few); default: every group. */
  companyGroupIds: z.array(z.number().int().positive()).max(1000).optional(),
});
export type DueDigestParams = z.infer<typeof dueDigestParamsSchema>;
