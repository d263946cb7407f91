/**
 * Dates are shown DD/MM/YYYY, date-times DD/MM/YYYY HH:mm; an empty date is --/--/---- (seed 000
 * §1). The same in every language (issue 26 item 16): English too, on screen, in forms, mails,
 * PDFs and spreadsheets. These functions are the only way the product writes a date.
 *
 * A calendar day ('YYYY-MM-DD': due dates, attribute dates) is shown as it is. An instant (an
 * inspection, a job) is shown in the product's time zone — the one whose "today" decides the
 * statuses — not in UTC: an inspection at 22:00 in São Paulo happened that day, not the next.
 */
export const EMPTY_DATE = '--/--/----';

/** Default of APP_TIME_ZONE; the browser shows instants in it. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day, month and year as shown: DD/MM/YYYY, whatever the language. */
export function joinDay(day: string, month: string, year: string): string {
  return `${day}/${month}/${year}`;
}

/** A calendar day ('YYYY-MM-DD') as shown: DD/MM/YYYY; '' for anything else. */
export function showDay(iso: string | null | undefined): string {
  const day = iso ? CALENDAR_DAY.exec(iso) : null;
  return day ? joinDay(day[3]!, day[2]!, day[1]!) : '';
}

type DateInput = Date | string | number | null | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(d: Date, timeZone: string): Record<string, string> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value]));
}

function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(value: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return joinDay(day[3]!, day[2]!, day[1]!);
  }
  const d = toInstant(value);
  if (!d) return EMPTY_DATE;
  const p = partsIn(d, timeZone);
  return joinDay(p.day!, p.month!, p.year!);
}

export function formatDateTime(value: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  const d = toInstant(value);
  if (!d) return EMPTY_DATE;
  const p = partsIn(d, timeZone);
  return `${joinDay(p.day!, p.month!, p.year!)} ${p.hour}:${p.minute}`;
}

/** YYYY-MM-DD, the wire format of date-only values. */
export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Money in BRL with comma decimals: 1049 → "R$ 1.049,00". */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
}

/** `YYYY-MM-DD` naming a day that exists (2026-02-30 does not). */
export function isRealDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}
