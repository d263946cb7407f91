/**
 * Equipment status rules (seed 001 §4), pure so the server, the client and the unit tests agree.
 * The SQL the lists filter and sort with (`src/server/domains/equipment/status-sql.ts`) encodes the
 * same rules over the stored dates; nothing here is stored, so no status goes stale.
 *
 * Dates are calendar days (`YYYY-MM-DD`); "today" is the day in the install's time zone
 * (`APP_TIME_ZONE`, default America/Sao_Paulo), passed in so tests can stand on any day.
 */
import { attributeValueValid } from '../field/answer-rules.ts';
import { type EQUIPMENT_STATUSES, EXPIRATION_STATUSES } from '../enums.ts';

export type ExpirationStatus = (typeof EXPIRATION_STATUSES)[number];
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];
/** Filter-only value: EXPIRED or EXPIRING. */
export const EXPIRED_OR_EXPIRING = 'EXPIRED_OR_EXPIRING';
export const EXPIRATION_FILTERS = [...EXPIRATION_STATUSES, EXPIRED_OR_EXPIRING] as const;
export type ExpirationFilter = (typeof EXPIRATION_FILTERS)[number];

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` → days since 1970-01-01 (UTC calendar arithmetic, no time-zone drift). */
export function dayNumber(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

export function isoFromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return isoFromDayNumber(dayNumber(isoDate) + days);
}

/** Adds calendar months; the 31st becomes the month's last day (2025-01-31 + 1 month = 2025-02-28). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting
 * with it (tens of µs and native ICU memory), and today is asked on every list call and per row.
 * Formatting still costs ~5 µs and a field write asks a dozen times, so each zone also keeps the
 * last minute it formatted: a day changes only on a minute's boundary (zone offsets are whole
 * minutes), so every instant of that minute has the same day.
 */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/** Today's calendar day in `timeZone` (e.g. America/Sao_Paulo). */
export function todayIn(timeZone: string, now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  let f = dayFormats.get(timeZone);
  if (f?.minute === minute) return f.day;
  if (!f) {
    // en-CA formats as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    f = { format, minute: Number.NaN, day: '' };
    dayFormats.set(timeZone, f);
  }
  f.minute = minute;
  f.day = f.format.format(now);
  return f.day;
}

export interface Expiration {
  status: ExpirationStatus;
  /** days from today to the date (0 = today, negative = past); null without a date */
  daysToExpire: number | null;
}

/**
 * NA without a date; EXPIRED once the day has passed; EXPIRING from `noticeDays` before it up to and
 * including the day itself ("Válido até hoje"); VALID before that.
 */
export function expirationOf(
  date: string | null | undefined,
  today: string,
  noticeDays: number | null | undefined,
): Expiration {
  if (!date) return { status: 'NA', daysToExpire: null };
  const days = dayNumber(date) - dayNumber(today);
  if (days < 0) return { status: 'EXPIRED', daysToExpire: days };
  if (days <= Math.max(0, noticeDays ?? 0)) return { status: 'EXPIRING', daysToExpire: days };
  return { status: 'VALID', daysToExpire: days };
}

/** True when `status` passes the filter (EXPIRED_OR_EXPIRING matches both). */
export function matchesExpirationFilter(status: ExpirationStatus, filter: ExpirationFilter): boolean {
  return filter === EXPIRED_OR_EXPIRING ? status === 'EXPIRED' || status === 'EXPIRING' : status === filter;
}

/** The day the next inspection is due: the last inspection's day + the product's schedule. */
export function nextInspectionDate(
  lastInspectionDay: string | null | undefined,
  scheduleDays: number,
): string | null {
  return lastInspectionDay ? addDays(lastInspectionDay, scheduleDays) : null;
}

export interface StatusInput {
  /** calendar day of the last inspection, null if never inspected */
  lastInspectionDay: string | null;
  /** the last inspection had a NO or a NEGATIVE custom answer */
  lastInspectionImproper: boolean;
  nextInspectionDate: string | null;
  dueDate: string | null;
}

/**
 * NA (never inspected), IMPROPER (the last inspection has a negative answer), EXPIRED (the next
 * inspection or the due date has passed), else VALID — in that order of precedence.
 */
export function equipmentStatusOf(e: StatusInput, today: string): EquipmentStatus {
  if (!e.lastInspectionDay) return 'NA';
  if (e.lastInspectionImproper) return 'IMPROPER';
  const t = dayNumber(today);
  if (e.nextInspectionDate && dayNumber(e.nextInspectionDate) < t) return 'EXPIRED';
  if (e.dueDate && dayNumber(e.dueDate) < t) return 'EXPIRED';
  return 'VALID';
}

// The answer rules are the field record's (issue 27 item 4); re-exported where statuses are read.
export { isNegativeAnswer } from '../field/answer-rules.ts';

/**
 * ABNT NBR 12962 (extinguishers): recharge every 12 months, hydrostatic retest every 5 years (from
 * the last retest, or from manufacture when never retested). The due date is whichever comes first;
 * null when neither can be computed.
 */
export function extinguisherDueDate(d: {
  rechargeDate?: string | null;
  retestDate?: string | null;
  manufacturingDate?: string | null;
}): string | null {
  const candidates: string[] = [];
  if (d.rechargeDate) candidates.push(addMonths(d.rechargeDate, 12));
  const retestBase = d.retestDate ?? d.manufacturingDate;
  if (retestBase) candidates.push(addMonths(retestBase, 60));
  if (candidates.length === 0) return null;
  return candidates.sort()[0]!;
}

/** Which extinguisher date an attribute holds, by its name (accent- and case-insensitive). */
export function extinguisherDateKind(attribute: string): 'recharge' | 'retest' | 'manufacturing' | null {
  const n = attribute
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  if (/recarga/.test(n)) return 'recharge';
  if (/hidrostatic|reteste|ensaio/.test(n)) return 'retest';
  if (/fabrica/.test(n)) return 'manufacturing';
  return null;
}

/**
 * The index of the hydrostatic retest date that comes before the manufacturing date among an
 * equipment's DATE attribute values (by each attribute's name), or -1: a retest cannot precede the
 * cylinder's manufacture (issue 26 item 18), so the form and the server refuse it on that field.
 */
export function retestBeforeManufacture(
  values: readonly { attribute: string; type: string; value: string | null | undefined }[],
): number {
  const isDay = (v: string | null | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const made = values.find(
    (v) => v.type === 'DATE' && isDay(v.value) && extinguisherDateKind(v.attribute) === 'manufacturing',
  );
  if (!made) return -1;
  return values.findIndex(
    (v) =>
      v.type === 'DATE' &&
      isDay(v.value) &&
      extinguisherDateKind(v.attribute) === 'retest' &&
      v.value < made.value!,
  );
}

/**
 * The index of a DATE attribute value that is typed but names no real day (2026-02-30, half a
 * date), or -1. The server refuses it (EQUIPMENT_ATTRIBUTE_INVALID); the field forms check it
 * before saving, so a record queued without signal is not refused later.
 */
export function invalidDateAttribute(
  values: readonly { type: string; value: string | null | undefined }[],
): number {
  return values.findIndex((v) => !attributeValueValid(v.type, v.value));
}

/** The seed's fire-fighting category and extinguisher subcategory, by name (seed 001 §9). */
export function isExtinguisherType(categoryName: string, typeName: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return /incendio/.test(norm(categoryName)) && /extint/.test(norm(typeName));
}
