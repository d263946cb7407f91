/**
 * Money of plans, subscriptions, bills and tag orders (issue 17): integer cents everywhere, shown
 * as BRL with comma decimals ('R$ 1.049,00'). Pure and isomorphic: the server's bill page, the
 * client's cards and live prices and the tests all format and compute here.
 */

/** The product's tag types (seed 000 §2 /buy-tag). */
export const TAG_TYPES = ['QR', 'NFC'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * 'R$ 1.049,00' (pt, the default), also in en/es: the currency is BRL whatever the language, and
 * the seed shows comma decimals, so every language gets the Brazilian format. A non-breaking
 * space from `Intl` is replaced by a plain one so texts compare as typed.
 */
export function formatBRL(cents: number, _locale: string = 'pt-BR'): string {
  const text = new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  return text.replace(/\u00a0/g, ' ');
}

/** The seed's decimal string of an amount: 35900 → '359.00' (bill `amount`, Vindi's prices). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A decimal amount as a provider sends it ('359.0', '1049.5', '0.99', 359) → integer cents,
 * without floating-point error (the digits are read as text). Null for anything that is not a
 * plain decimal number.
 */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const m = /^(-?)(\d{1,12})(?:\.(\d{0,6}))?$/.exec(text);
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(2, '0');
  // Round half up on the third decimal, as a cashier would.
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2] ?? '0') >= 5 ? 1 : 0);
  return m[1] === '-' ? -cents : cents;
}

/** The custom quantity plan's monthly price: quantity × the unit price (0,99 each in the seed). */
export function customPlanCents(quantity: number, unitCents: number): number {
  if (!Number.isInteger(quantity) || quantity <= 0) return 0;
  return quantity * unitCents;
}

/** A tag order's total: quantity × the tag type's unit price (QR 1,15, NFC 3,25). */
export function tagOrderCents(
  type: TagType,
  quantity: number,
  prices: Readonly<Record<TagType, number>>,
): number {
  if (!Number.isInteger(quantity) || quantity <= 0) return 0;
  return quantity * prices[type];
}
