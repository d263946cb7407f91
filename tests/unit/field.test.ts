import { describe, expect, it } from 'vitest';
import {
  dateNote,
  extinguisherDefault,
  locationOf,
  normalizeTypedSerial,
  parseQuantity,
  replaceFormSchema,
  serialFromScan,
} from '../../src/client/features/field/field-rules.ts';
import { tagUrl } from '../../src/shared/qr/serial.ts';

describe('field flow rules', () => {
  it('reads the serial of a label URL, a path or a bare serial; refuses other codes', () => {
    expect(serialFromScan(tagUrl('https://app.example.com', '7KQ3M9TZ2D'))).toBe('7KQ3M9TZ2D');
    expect(serialFromScan(tagUrl('http://127.0.0.1:8080/', 'ABCD23456X'))).toBe('ABCD23456X');
    expect(serialFromScan('https://app.example.com/#/t/7kq3m9tz2d?x=1')).toBe('7KQ3M9TZ2D');
    expect(serialFromScan('https://app.example.com/#/t/7KQ3M9TZ2D/')).toBe('7KQ3M9TZ2D');
    expect(serialFromScan('/t/7KQ3M9TZ2D')).toBe('7KQ3M9TZ2D');
    expect(serialFromScan('  7kq3-m9tz 2d ')).toBe('7KQ3M9TZ2D');
    expect(serialFromScan('https://example.com/something-else')).toBeNull();
    expect(serialFromScan('WIFI:S:net;T:WPA;P:secret;;')).toBeNull();
    expect(serialFromScan('ab')).toBeNull();
    expect(serialFromScan('')).toBeNull();
    expect(serialFromScan('https://x/#/t/<script>')).toBeNull();
    expect(normalizeTypedSerial(' ab-c d ')).toBe('ABCD');
  });

  it('date texts of seed 001 §4: today, tomorrow, in N days, expired; nothing for VALID/NA', () => {
    expect(dateNote('EXPIRING', 0)).toEqual({ kind: 'today' });
    expect(dateNote('EXPIRING', 1)).toEqual({ kind: 'tomorrow' });
    expect(dateNote('EXPIRING', 12)).toEqual({ kind: 'inDays', days: 12 });
    expect(dateNote('EXPIRED', -3)).toEqual({ kind: 'expired' });
    expect(dateNote('VALID', 40)).toEqual({ kind: 'none' });
    expect(dateNote('NA', null)).toEqual({ kind: 'none' });
  });

  it('extinguisher due date from the typed attributes (recharge + 12 months vs retest/manufacture + 5 years)', () => {
    const attrs = [
      { attribute: 'Data de recarga', type: 'DATE' },
      { attribute: 'Teste hidrostático', type: 'DATE' },
      { attribute: 'Data de fabricação', type: 'DATE' },
      { attribute: 'Cor', type: 'TEXT' },
    ];
    expect(extinguisherDefault(attrs, [])).toBeNull();
    expect(extinguisherDefault(attrs, [{ value: '2025-03-10' }])).toBe('2026-03-10');
    // the retest comes first
    expect(extinguisherDefault(attrs, [{ value: '2025-03-10' }, { value: '2020-06-01' }])).toBe('2025-06-01');
    // manufacture stands in for a missing retest
    expect(extinguisherDefault(attrs, [{ value: '' }, { value: '' }, { value: '2024-01-31' }])).toBe(
      '2029-01-31',
    );
    // half-typed dates are ignored
    expect(extinguisherDefault(attrs, [{ value: '2025-0' }])).toBeNull();
  });

  it('quantities and locations', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity(' 1,5 ')).toBe(1.5);
    expect(parseQuantity('0.25')).toBe(0.25);
    expect(parseQuantity('-1')).toBeNaN();
    expect(parseQuantity('1e3')).toBeNaN();
    expect(parseQuantity('')).toBeNaN();
    expect(locationOf({ latitude: -23.561414123456, longitude: -46.65588, accuracy: 12.345 })).toEqual({
      latitude: -23.5614141,
      longitude: -46.65588,
      accuracy: 12.3,
    });
  });

  it('a replacement request needs the old serial or a description', () => {
    expect(
      replaceFormSchema.safeParse({ newSerial: 'ABCD23456X', oldSerial: '', description: '' }).success,
    ).toBe(false);
    expect(
      replaceFormSchema.parse({ newSerial: 'abcd23456x', oldSerial: ' 7kq3-m9tz2d ', description: '' }),
    ).toEqual({ newSerial: 'ABCD23456X', oldSerial: '7KQ3M9TZ2D', description: null });
    expect(
      replaceFormSchema.parse({
        newSerial: 'ABCD23456X',
        oldSerial: '',
        description: ' Extintor da cozinha ',
      }),
    ).toEqual({ newSerial: 'ABCD23456X', oldSerial: null, description: 'Extintor da cozinha' });
    expect(
      replaceFormSchema.safeParse({ newSerial: 'ABCD23456X', oldSerial: 'a/b', description: '' }).success,
    ).toBe(false);
  });
});

describe('issue 26: the scan dialog says the rule a typed serial breaks; retest dates', () => {
  it('typedSerialProblem: nothing typed, a character other than letters and digits, or the length', async () => {
    const { typedSerialProblem } = await import('../../src/client/features/field/scan-rules.ts');
    expect(typedSerialProblem('   ')).toBe('required');
    expect(typedSerialProblem('abc')).toBe('length');
    expect(typedSerialProblem('A'.repeat(33))).toBe('length');
    expect(typedSerialProblem('ab$c1')).toBe('characters');
    // spaces and dashes are what a person types: dropped, not "characters"
    expect(typedSerialProblem('a-b c')).toBe('length');
  });

  it('retestBeforeManufacture: the index of a hydrostatic retest before the manufacturing date, else -1', async () => {
    const { retestBeforeManufacture } = await import('../../src/shared/equipment/status.ts');
    const v = (made: string, retest: string) => [
      { attribute: 'Data de fabricação', type: 'DATE', value: made },
      { attribute: 'Número do cilindro', type: 'TEXT', value: '2020' },
      { attribute: 'Data do último teste hidrostático', type: 'DATE', value: retest },
    ];
    expect(retestBeforeManufacture(v('2022-05-10', '2021-01-15'))).toBe(2);
    expect(retestBeforeManufacture(v('2022-05-10', '2022-05-10'))).toBe(-1);
    expect(retestBeforeManufacture(v('2022-05-10', ''))).toBe(-1);
    expect(retestBeforeManufacture(v('', '2021-01-15'))).toBe(-1);
  });

  it('a DATE attribute typed as no real day is refused on its field before saving (a queued record would be refused later)', async () => {
    const { z } = await import('zod');
    const { addInvalidDateIssue } = await import('../../src/client/features/field/field-rules.ts');
    const attrs = [
      { attribute: 'Número do cilindro', type: 'TEXT' },
      { attribute: 'Data de fabricação', type: 'DATE' },
    ];
    const schema = z.object({ attributes: z.array(z.object({ value: z.string() })) }).superRefine((v, ctx) =>
      addInvalidDateIssue(
        ctx,
        v.attributes.map((x, i) => ({ ...attrs[i]!, value: x.value })),
        'pt',
      ),
    );
    const issues = (values: string[]) =>
      schema.safeParse({ attributes: values.map((value) => ({ value })) }).error?.issues ?? [];
    expect(issues(['30/02', '2026-02-30'])).toEqual([
      expect.objectContaining({
        path: ['attributes', 1, 'value'],
        message: 'Valor inválido para o atributo Data de fabricação',
      }),
    ]);
    expect(issues(['x', '2026-0'])).toHaveLength(1);
    // blank clears the attribute; a real day passes; TEXT is free
    expect(issues(['30/02', ''])).toEqual([]);
    expect(issues(['30/02', '2024-02-29'])).toEqual([]);
  });
});
