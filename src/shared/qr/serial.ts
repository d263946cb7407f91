/**
 * Tag serials (DESIGN §5): 10 characters from a 31-symbol alphabet without 0/O, 1/I/L, so a serial
 * can be read aloud and printed without confusion. 9 symbols carry ~44 bits of randomness (derived
 * on the server from a secret, so serials are not guessable in sequence); the 10th is a check symbol.
 */
export const SERIAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SERIAL_BODY_LENGTH = 9;
export const SERIAL_LENGTH = SERIAL_BODY_LENGTH + 1;
/** 31^9: the size of the serial body space. */
export const SERIAL_SPACE = BigInt(SERIAL_ALPHABET.length) ** BigInt(SERIAL_BODY_LENGTH);

const BASE = SERIAL_ALPHABET.length; // 31 is prime: the weighted check catches any single
// substitution and any adjacent transposition.

function symbolValue(ch: string): number {
  return SERIAL_ALPHABET.indexOf(ch);
}

/** The check symbol of a 9-symbol body: weighted sum modulo 31. */
export function checkSymbol(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * symbolValue(body[i]!);
  return SERIAL_ALPHABET[sum % BASE]!;
}

/** Encodes a number in [0, SERIAL_SPACE) as a full serial (body + check symbol). */
export function serialFromNumber(n: bigint): string {
  let v = ((n % SERIAL_SPACE) + SERIAL_SPACE) % SERIAL_SPACE;
  let body = '';
  for (let i = 0; i < SERIAL_BODY_LENGTH; i++) {
    body = SERIAL_ALPHABET[Number(v % BigInt(BASE))]! + body;
    v /= BigInt(BASE);
  }
  return body + checkSymbol(body);
}

/** Upper-cases and drops spaces and dashes, as a person would type what they read. */
export function normalizeSerial(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function isValidSerial(input: string): boolean {
  const s = normalizeSerial(input);
  if (s.length !== SERIAL_LENGTH) return false;
  for (const ch of s) if (symbolValue(ch) < 0) return false;
  return checkSymbol(s.slice(0, SERIAL_BODY_LENGTH)) === s[SERIAL_BODY_LENGTH];
}

/** What a tag's QR code encodes: the field flow URL of the serial. */
export function tagUrl(publicUrl: string, serial: string): string {
  return `${publicUrl.replace(/\/$/, '')}/#/t/${serial}`;
}
