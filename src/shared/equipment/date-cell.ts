/**
 * The text of a dated value next to its expiration status (seed 001 §4), pure so the report
 * tables, the equipment dialog, the field card and the server's PDF/XLSX exports say the same:
 * - EXPIRING: "Válido até hoje" (0 days), "Válido até amanhã" (1 day), "Válido, expira em N dias";
 * - EXPIRED: the date is highlighted (and noted "Vencido");
 * - no date: `--/--/----`.
 * Unit-tested in tests/unit/date-cell.test.ts.
 */
import { EMPTY_DATE, formatDate } from '../dates.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../enums.ts';
import type { ExpirationStatus } from './status.ts';

/** Which note a dated value gets. */
export type DateNote =
  | { kind: 'none' }
  | { kind: 'today' }
  | { kind: 'tomorrow' }
  | { kind: 'inDays'; days: number }
  | { kind: 'expired' };

export function dateNote(status: ExpirationStatus, daysToExpire: number | null): DateNote {
  if (status === 'EXPIRED') return { kind: 'expired' };
  if (status !== 'EXPIRING' || daysToExpire === null) return { kind: 'none' };
  if (daysToExpire <= 0) return { kind: 'today' };
  if (daysToExpire === 1) return { kind: 'tomorrow' };
  return { kind: 'inDays', days: daysToExpire };
}

/** The notes' texts; Portuguese is the seed's, kept verbatim. `{count}` is the number of days. */
export const DATE_NOTE_TEXTS: Record<Language, Record<Exclude<DateNote['kind'], 'none'>, string>> = {
  pt: {
    today: 'Válido até hoje',
    tomorrow: 'Válido até amanhã',
    inDays: 'Válido, expira em {count} dias',
    expired: 'Vencido',
  },
  en: {
    today: 'Valid until today',
    tomorrow: 'Valid until tomorrow',
    inDays: 'Valid, expires in {count} days',
    expired: 'Expired',
  },
  es: {
    today: 'Válido hasta hoy',
    tomorrow: 'Válido hasta mañana',
    inDays: 'Válido, vence en {count} días',
    expired: 'Vencido',
  },
};

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

export interface DateCellText {
  /** DD/MM/YYYY, or --/--/---- without a date */
  date: string;
  /** the note under the date, null when there is none */
  note: string | null;
  kind: DateNote['kind'];
  /** EXPIRED: the date is shown highlighted */
  highlight: boolean;
}

/**
 * What a date cell shows: the date (a calendar day or an instant, shown in the product's time zone)
 * and its note. Without a date there is no note, whatever the status says.
 */
export function dateCellText(
  date: Date | string | null | undefined,
  status: ExpirationStatus,
  daysToExpire: number | null,
  language: string = 'pt',
): DateCellText {
  const shown = date === null || date === undefined || date === '' ? EMPTY_DATE : formatDate(date);
  if (shown === EMPTY_DATE) return { date: EMPTY_DATE, note: null, kind: 'none', highlight: false };
  const note = dateNote(status, daysToExpire);
  const code = language.slice(0, 2);
  const texts = DATE_NOTE_TEXTS[isLanguage(code) ? code : DEFAULT_LANGUAGE];
  const text =
    note.kind === 'none'
      ? null
      : note.kind === 'inDays'
        ? texts.inDays.replace('{count}', String(note.days))
        : texts[note.kind];
  return { date: shown, note: text, kind: note.kind, highlight: note.kind === 'expired' };
}
