import { describe, expect, it } from 'vitest';
import {
  isValidSerial,
  normalizeSerial,
  SERIAL_ALPHABET,
  SERIAL_LENGTH,
  serialFromNumber,
  tagUrl,
} from '../../src/shared/qr/serial.ts';
import { qrQuantitySchema } from '../../src/shared/qr/schemas.ts';

describe('tag serials', () => {
  it('use an alphabet without look-alikes (0/O, 1/I/L)', () => {
    for (const ch of '01OIL') expect(SERIAL_ALPHABET).not.toContain(ch);
    expect(new Set(SERIAL_ALPHABET).size).toBe(31);
  });

  it('encode numbers as 10 symbols with a valid check symbol', () => {
    for (const n of [0n, 1n, 123456789n, 2n ** 60n]) {
      const s = serialFromNumber(n);
      expect(s).toHaveLength(SERIAL_LENGTH);
      expect(isValidSerial(s)).toBe(true);
    }
    expect(serialFromNumber(0n)).not.toBe(serialFromNumber(1n));
  });

  it('detect every single substitution and adjacent transposition', () => {
    const s = serialFromNumber(987654321987n);
    for (let i = 0; i < s.length; i++) {
      for (const ch of SERIAL_ALPHABET) {
        if (ch === s[i]) continue;
        expect(isValidSerial(s.slice(0, i) + ch + s.slice(i + 1))).toBe(false);
      }
      if (i + 1 < s.length && s[i] !== s[i + 1]) {
        expect(isValidSerial(s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2))).toBe(false);
      }
    }
  });

  it('normalise what people type and build the field-flow URL', () => {
    const s = serialFromNumber(42n);
    expect(isValidSerial(` ${s.slice(0, 5).toLowerCase()}-${s.slice(5)} `)).toBe(true);
    expect(normalizeSerial('ab-c d')).toBe('ABCD');
    expect(tagUrl('https://x.example/', s)).toBe(`https://x.example/#/t/${s}`);
  });

  it('bound the quantity of a batch', () => {
    const q = qrQuantitySchema(100);
    expect(q.parse('5')).toBe(5);
    for (const bad of [0, 101, 1.5, 'x']) expect(q.safeParse(bad).success).toBe(false);
  });
});
