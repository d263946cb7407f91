/**
 * Days typed and shown as DD/MM/YYYY in every language (seed 000 §1, issue 26 item 16) and sent as
 * YYYY-MM-DD. Pure: unit-tested.
 */
import { DEFAULT_TIME_ZONE, showDay as showIsoDay } from '../../../shared/dates.ts';
import { todayIn } from '../../../shared/equipment/status.ts';

/** Today where the product is used (the server's APP_TIME_ZONE day, not the browser's), YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return todayIn(DEFAULT_TIME_ZONE, now);
}

/** Typed digits as DD/MM/YYYY, slashes added as the user types. */
export function maskDay(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** DD/MM/YYYY → YYYY-MM-DD, or null when it is not a real calendar day. */
export function parseDay(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const d = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (
    d.getUTCFullYear() !== Number(yyyy) ||
    d.getUTCMonth() !== Number(mm) - 1 ||
    d.getUTCDate() !== Number(dd)
  )
    return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** YYYY-MM-DD → DD/MM/YYYY, no time zone involved ('' when blank). */
export function showDay(iso: string | null | undefined): string {
  return showIsoDay(iso);
}
