/**
 * The calendar months of the dashboard's monthly chart (seed 000 §9: the last 24 months), pure and
 * shared: entry `i` is the month the inspection report selects for `histogramData = i`
 * (`histogramMonthRange`), so chart and report read the same days.
 */
import { histogramMonthRange } from '../reports/presets.ts';
import { DASHBOARD_MONTHS } from './schemas.ts';

export interface DashboardMonth {
  /** YYYY-MM */
  yearMonth: string;
  /** first day of the month, YYYY-MM-DD */
  from: string;
  /** last day of the month, or today for the current month */
  upTo: string;
}

/** The 24 months ending with `today`'s (YYYY-MM-DD), oldest first. */
export function dashboardMonths(today: string): DashboardMonth[] {
  return Array.from({ length: DASHBOARD_MONTHS }, (_, i) => {
    const range = histogramMonthRange(i, today)!;
    return { yearMonth: range.from.slice(0, 7), from: range.from, upTo: range.upTo };
  });
}

/** The day `n` days before `day` (YYYY-MM-DD; negative `n`: after). */
export function daysBefore(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}
