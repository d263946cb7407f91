/**
 * Calendar days where the product is used (APP_TIME_ZONE): "today" for statuses and date filters,
 * and the instants a day starts and ends for range filters on timestamp columns (index-friendly).
 */
import { sql } from 'kysely';
import { ERROR_CATALOGUE } from '../../shared/errors.ts';
import { todayIn } from '../../shared/equipment/status.ts';
import { config } from '../config.ts';
import { AppError } from '../errors.ts';

/**
 * Today's calendar day where the product is used (APP_TIME_ZONE), YYYY-MM-DD. `todayIn` keeps each
 * zone's last minute (formatting in a zone was ~3% of an equipment list call, issue 32).
 */
export function today(now = new Date()): string {
  return todayIn(config().APP_TIME_ZONE, now);
}

/** The first instant of calendar day `day` (YYYY-MM-DD) in APP_TIME_ZONE. */
export function dayStart(day: string) {
  return sql`(${day}::date::timestamp at time zone ${config().APP_TIME_ZONE})`;
}

/** The first instant of the day after `day`: `col < nextDayStart(day)` keeps the whole day. */
export function nextDayStart(day: string) {
  return sql`((${day}::date + 1)::timestamp at time zone ${config().APP_TIME_ZONE})`;
}

/** The fields of `input` holding a day after `day` (default today), in the order of `fields`. */
export function futureDays(
  input: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  day = today(),
): string[] {
  return fields.filter((f) => typeof input[f] === 'string' && (input[f] as string) > day);
}

/** No date filter may be after today (seed 001 §5): 400 DATE_IN_FUTURE naming each such field. */
export function refuseFutureDays(input: Record<string, unknown>, fields: readonly string[]): void {
  const future = futureDays(input, fields);
  if (future.length)
    throw new AppError('DATE_IN_FUTURE', {
      issues: future.map((path) => ({ path, message: ERROR_CATALOGUE.DATE_IN_FUTURE.message })),
    });
}

/** First instant of the current calendar month in UTC (the month a tag's count belongs to). */
export function monthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
