/** Dates are shown DD/MM/YYYY in UTC; an empty date is --/--/---- (seed 000 §1). */
export const EMPTY_DATE = '--/--/----';

export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_DATE;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return EMPTY_DATE;
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${d.getUTCFullYear()}`;
}

export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_DATE;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return EMPTY_DATE;
  return `${formatDate(d)} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** YYYY-MM-DD, the wire format of date-only values. */
export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Money in BRL with comma decimals: 1049 → "R$ 1.049,00". */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
}
