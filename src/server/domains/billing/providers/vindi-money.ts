/**
 * Vindi writes money as decimal strings ("359.0", "1049.5", "0.99") and reads them the same way.
 * These convert to and from integer cents on the digits themselves, never through a float
 * (`Math.round(parseFloat('1.005') * 100)` is 100, not 101). (billing-integration, issue 17)
 */

const DECIMAL = /^\s*(-)?(\d+)(?:\.(\d*))?\s*$/;

/**
 * "359.0" → 35900, "0.99" → 99, "1049.5" → 104950, 12 → 1200. A third decimal place and beyond
 * rounds half away from zero ("0.995" → 100). Throws on anything that is not a plain decimal.
 */
export function decimalToCents(value: string | number): number {
  const text = typeof value === 'number' ? numberText(value) : value;
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a decimal amount: ${JSON.stringify(value)}`);
  const [, minus, whole, frac = ''] = m;
  const padded = `${frac}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new Error(`amount out of range: ${JSON.stringify(value)}`);
  return minus && cents !== 0 ? -cents : cents;
}

/** A JSON number as its shortest decimal text (no exponent for the amounts we see). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a decimal amount: ${n}`);
  const s = String(n);
  return s.includes('e') ? n.toFixed(6) : s;
}

/** 35900 → "359.00", 99 → "0.99", -5 → "-0.05": what Vindi's price and amount fields take. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
