/**
 * The calendar's days (pure): a week runs Sunday to Saturday; a month view shows the whole weeks
 * that hold the month's days. Days are `YYYY-MM-DD`.
 */
import { addDays, addMonths, dayNumber } from '../../../shared/equipment/status.ts';

export const CALENDAR_VIEWS = ['week', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  // 1970-01-01 was a Thursday (4)
  return (((dayNumber(day) + 4) % 7) + 7) % 7;
}

export function startOfWeek(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** The days the view shows around `day`, in order. */
export function calendarDays(view: CalendarView, day: string): string[] {
  let first: string;
  let count: number;
  if (view === 'week') {
    first = startOfWeek(day);
    count = 7;
  } else {
    const monthStart = `${day.slice(0, 7)}-01`;
    const monthEnd = addDays(addMonths(monthStart, 1), -1);
    first = startOfWeek(monthStart);
    count = dayNumber(addDays(startOfWeek(monthEnd), 6)) - dayNumber(first) + 1;
  }
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** The day the previous/next button goes to. */
export function stepDay(view: CalendarView, day: string, step: -1 | 1): string {
  return view === 'week' ? addDays(day, 7 * step) : addMonths(`${day.slice(0, 7)}-01`, step);
}
