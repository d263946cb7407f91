/** Search and sort normalisation shared by both sides (seed 000 §5, 001 §5). */

/**
 * Lower-cases, strips accents and folds compatibility characters (NFKD, as `core.search_text`
 * applies NFKC): "Extintor ÁGUA CO₂" → "extintor agua co2".
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Fewer than 3 characters matches exactly; 3 or more matches as a substring. */
export const SEARCH_SUBSTRING_THRESHOLD = 3;

/** Digit-only strings sort as numbers. */
export function sortKey(value: unknown): string | number {
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return typeof value === 'string' ? normalizeSearch(value) : (value as number);
}
