/**
 * Dates are shown DD/MM/YYYY; an empty date is --/--/---- (seed 000 §1). The client follows its
 * language (issue 16 item 10): English shows and types MM/DD/YYYY, pt and es DD/MM/YYYY — it calls
 * `setDateOrder` when the language changes. The server, its mails and exports never call it.
 *
 * A calendar day ('YYYY-MM-DD': due dates, attribute dates) is shown as it is. An instant (an
 * inspection, a job) is shown in the product's time zone — the one whose "today" decides the
 * statuses — not in UTC: an inspection at 22:00 in São Paulo happened that day, not the next.
 */
export const EMPTY_DATE = '--/--/----';

/** Default of APP_TIME_ZONE; the browser shows instants in it. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day first (pt, es: the seed) or month first (en). */
export type DateOrder = 'dmy' | 'mdy';
let order: DateOrder = 'dmy';

/** The order of a language's dates: month first in English, day first otherwise. */
export function dateOrderOf(language: string): DateOrder {
  return language.slice(0, 2).toLowerCase() === 'en' ? 'mdy' : 'dmy';
}
/** The client's setting, from its language (never called on the server). */
export function setDateOrder(next: DateOrder): void {
  order = next;
}
export function dateOrder(): DateOrder {
  return order;
}

/** Day, month and year as shown: DD/MM/YYYY, or MM/DD/YYYY for month first. */
export function joinDay(day: string, month: string, year: string, by: DateOrder = order): string {
  return by === 'mdy' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
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
