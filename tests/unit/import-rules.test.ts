import { describe, expect, it } from 'vitest';
import { parseEquipmentCells, typedAttributeValues } from '../../src/shared/imports/equipment-rows.ts';
import {
  cnpjKey,
  guessMapping,
  normalizeHeader,
  parseDay,
  parseDecimal,
} from '../../src/shared/imports/rules.ts';
import { csvDelimiter, headerNames, sniffFormat } from '../../src/server/domains/imports/reader.ts';

/** The cell rules of imports (issue 31): days, decimal comma, headers, the row's own problems. */
describe('import cell rules', () => {
  it('reads DD/MM/YYYY, D/M/YYYY and ISO days, real calendar days only', () => {
    expect(parseDay('31/12/2025')).toBe('2025-12-31');
    expect(parseDay(' 1/2/2025 ')).toBe('2025-02-01');
    expect(parseDay('2025-12-31')).toBe('2025-12-31');
    expect(parseDay('2025-12-31T00:00:00.000Z')).toBe('2025-12-31');
    expect(parseDay('29/02/2024')).toBe('2024-02-29');
    expect(parseDay('29/02/2025')).toBe('invalid');
    expect(parseDay('31/04/2025')).toBe('invalid');
    expect(parseDay('12/31/2025')).toBe('invalid');
    expect(parseDay('2025-13-01')).toBe('invalid');
    expect(parseDay('amanhã')).toBe('invalid');
    expect(parseDay('')).toBeNull();
  });

  it('reads numbers with a decimal comma (and a spreadsheet number’s point)', () => {
    expect(parseDecimal('4,5')).toBe(4.5);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1.234')).toBe(1234);
    expect(parseDecimal('4.5')).toBe(4.5);
    expect(parseDecimal('-0,25')).toBe(-0.25);
    expect(parseDecimal(' ')).toBeNull();
    expect(parseDecimal('4,5kg')).toBeNaN();
  });

  it('compares headers without accents, case, punctuation or spacing, and guesses the mapping', () => {
    expect(normalizeHeader('  Número de   CONTROLE: ')).toBe('numero de controle');
    expect(cnpjKey('12.345.678/0001-95')).toBe('12345678000195');
    const fields = [
      { field: 'productName', label: 'Produto', aliases: ['Nome do produto'] },
      { field: 'extraCode', label: 'Número de controle' },
      { field: 'attr:7', label: 'Data de fabricação' },
    ];
    expect(
      guessMapping(['PRODUTO', 'numero de controle', 'Data de Fabricacao', 'Nome do produto', 'Obs'], fields),
    ).toEqual({
      PRODUTO: 'productName',
      'numero de controle': 'extraCode',
      'Data de Fabricacao': 'attr:7',
      'Nome do produto': null,
      Obs: null,
    });
  });

  it('reads an equipment row’s cells with the form’s limits and says what is wrong, by field', () => {
    const attributes = new Map([[7, { attribute: 'Data de fabricação', type: 'DATE' as const }]]);
    const ok = parseEquipmentCells(
      {
        productSku: 'pqs-4',
        tagSerialNumber: ' abcd1234 ',
        extraCode: 'EXT-1',
        dueDate: '31/12/2026',
        'attr:7': '01/02/2020',
        'cycle:recarga': '10/01/2025',
      },
      { today: '2025-06-01', attributes },
    );
    expect(ok.problems).toEqual([]);
    expect(ok.draft).toMatchObject({
      productSku: 'pqs-4',
      tagSerialNumber: 'ABCD1234',
      extraCode: 'EXT-1',
      dueDate: '2026-12-31',
      attributes: [{ field: 'attr:7', name: 'Data de fabricação', value: '01/02/2020' }],
      cycles: [{ code: 'recarga', day: '2025-01-10' }],
    });
    const bad = parseEquipmentCells(
      {
        productName: '',
        tagSerialNumber: 'a-b',
        extraLabel: 'x'.repeat(121),
        dueDate: '30/02/2026',
        'cycle:recarga': '02/06/2025',
      },
      { today: '2025-06-01', attributes },
    );
    expect(bad.problems.map((p) => [p.field, p.code])).toEqual([
      ['tagSerialNumber', 'IMPORT_SERIAL_INVALID'],
      ['extraLabel', 'IMPORT_TEXT_TOO_LONG'],
      ['dueDate', 'IMPORT_DATE_INVALID'],
      ['productName', 'IMPORT_VALUE_REQUIRED'],
      ['cycle:recarga', 'IMPORT_DATE_IN_FUTURE'],
    ]);
    // Neither tag nor control number: the row has no natural key.
    const keyless = parseEquipmentCells({ productName: 'Extintor' }, { today: '2025-06-01', attributes });
    expect(keyless.problems).toEqual([{ field: null, code: 'IMPORT_KEY_MISSING' }]);
  });

  it('puts attribute values on the product’s type by name, with the form’s rules', () => {
    const type = [
      { id: 21, attribute: 'Data de fabricação', type: 'DATE' as const, enabled: true },
      { id: 22, attribute: 'Data do teste hidrostático', type: 'DATE' as const, enabled: true },
      { id: 23, attribute: 'Antigo', type: 'TEXT' as const, enabled: false },
    ];
    expect(
      typedAttributeValues([{ field: 'attr:7', name: 'DATA DE FABRICACAO', value: '1/2/2020' }], type),
    ).toEqual({
      values: [{ attributeId: 21, value: '2020-02-01' }],
      problems: [],
    });
    const r = typedAttributeValues(
      [
        { field: 'attr:7', name: 'Data de fabricação', value: '01/02/2020' },
        { field: 'attr:8', name: 'Data do teste hidrostático', value: '01/01/2019' },
        { field: 'attr:9', name: 'Cor', value: 'vermelho' },
      ],
      type,
    );
    expect(r.problems.map((p) => [p.field, p.code])).toEqual([
      ['attr:9', 'EQUIPMENT_ATTRIBUTE_INVALID'],
      ['attr:8', 'EQUIPMENT_RETEST_BEFORE_MANUFACTURE'],
    ]);
    expect(
      typedAttributeValues([{ field: 'attr:9', name: 'Antigo', value: 'x' }], type).problems[0]?.code,
    ).toBe('EQUIPMENT_ATTRIBUTE_INVALID');
  });

  it('tells the file by its bytes, the delimiter by the header line, and names headers', () => {
    expect(sniffFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toEqual({
      format: 'xlsx',
      encoding: 'utf8',
    });
    expect(sniffFormat(Buffer.from('Produto;Tag\nÁgua;X\n'))).toEqual({ format: 'csv', encoding: 'utf8' });
    expect(sniffFormat(Buffer.from('Produto;Tag\n\xc1gua;X\n', 'latin1'))).toEqual({
      format: 'csv',
      encoding: 'latin1',
    });
    expect(() => sniffFormat(Buffer.from('%PDF-1.7\n\x00\x01\x02'))).toThrow(/CSV/);
    expect(csvDelimiter('Produto;Tag;"a,b,c"')).toBe(';');
    expect(csvDelimiter('Produto,Tag')).toBe(',');
    expect(csvDelimiter('Produto')).toBe(',');
    expect(headerNames(['Tag', '', 'Tag'])).toEqual(['Tag', 'Coluna 2', 'Tag (2)']);
  });
});
