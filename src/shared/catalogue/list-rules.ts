import { normalizeSearch } from '../text.ts';

/** Why a row of an editable list is invalid (seed 001 §5): empty text, or the same text twice. */
export type RowError = 'EMPTY' | 'DUPLICATE' | null;

/** Text compared for distinctness: trimmed, case- and accent-insensitive. */
export function rowKey(text: string): string {
  return normalizeSearch(text).replace(/\s+/g, ' ');
}

/** One error (or null) per value, so a form can mark the offending rows. */
export function listRowErrors(values: readonly string[]): RowError[] {
  const counts = new Map<string, number>();
  for (const v of values) {
    const k = rowKey(v);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return values.map((v) => {
    const k = rowKey(v);
    if (!k) return 'EMPTY';
    return (counts.get(k) ?? 0) > 1 ? 'DUPLICATE' : null;
  });
}

/** True when every value is filled in and all are distinct. */
export function isListValid(values: readonly string[]): boolean {
  return listRowErrors(values).every((e) => e === null);
}
