/**
 * The cell rules of imports (issue 31), pure so the client's mapping step and the server read a
 * cell the same way: days typed as DD/MM/YYYY (or D/M/YYYY) or ISO YYYY-MM-DD, real calendar days
 * only; numbers with a decimal comma; headers compared as the search compares text (accents, case
 * and spacing ignored). Unit-tested in tests/unit/import-rules.test.ts.
 */
import { isRealDate } from '../dates.ts';
import { normalizeSearch } from '../text.ts';

/**
 * A typed day → `YYYY-MM-DD`: `31/12/2025`, `1/2/2025`, `2025-12-31` (an ISO instant's day too,
 * `2025-12-31T00:00:00Z`). Empty → null; anything else, or a day that does not exist
 * (`31/02/2025`), → 'invalid'.
 */
export function parseDay(text: string): string | null | 'invalid' {
  const v = text.trim();
  if (v === '') return null;
  let iso: string | null = null;
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (br) iso = `${br[3]}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}`;
  const is = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  if (is) iso = `${is[1]}-${is[2]}-${is[3]}`;
  return iso && isRealDate(iso) ? iso : 'invalid';
}

/**
 * A number typed with a decimal comma (`4,5`, `1.234,56`) or a point (`4.5`, as a spreadsheet's
 * number cell reads) → the number; empty → null; anything else → NaN. A lone point followed by
 * exactly three digits (`1.234`) is a thousands separator, as in pt-BR.
 */
export function parseDecimal(text: string): number | null {
  const v = text.trim().replace(/\s/g, '');
  if (v === '') return null;
  let norm: string;
  if (v.includes(',')) norm = v.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  else if (/^-?\d{1,3}(\.\d{3})+$/.test(v)) norm = v.replace(/\./g, '');
  else norm = v;
  return /^-?\d+(\.\d+)?$/.test(norm) ? Number(norm) : Number.NaN;
}

/** A header as the mapping compares it: "Número de  Controle:" → "numero de controle". */
export function normalizeHeader(text: string): string {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Cell text as stored: trimmed, inner runs of whitespace kept (a label may align with spaces). */
export function cellText(text: string | null | undefined): string {
  return (text ?? '').trim();
}

/** CNPJ as compared: letters and digits only, upper-case (the alphanumeric CNPJ keeps letters). */
export function cnpjKey(text: string): string {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * The mapping guessed from the headers: each header whose normalised text equals a field's label
 * or one of its other names (`aliases`) gets that field, each field at most once (first header wins).
 */
export function guessMapping(
  headers: readonly string[],
  fields: readonly { field: string; label: string; aliases?: readonly string[] }[],
): Record<string, string | null> {
  const byName = new Map<string, string>();
  for (const f of fields)
    for (const name of [f.label, f.field, ...(f.aliases ?? [])]) {
      const key = normalizeHeader(name);
      if (key && !byName.has(key)) byName.set(key, f.field);
    }
  const used = new Set<string>();
  const out: Record<string, string | null> = {};
  for (const h of headers) {
    const f = byName.get(normalizeHeader(h));
    out[h] = f && !used.has(f) ? f : null;
    if (f) used.add(f);
  }
  return out;
}
