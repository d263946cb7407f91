/**
 * The import screen's pure rules (issue 31, client): the mapping it starts from, choosing a field
 * for a column, the required fields still unmapped (company and product by either of their pair),
 * and the file checks answered with the server's codes.
 */
import { describe, expect, it } from 'vitest';
import { fileProblem, IMPORT_MAX_MB } from '../../src/client/features/imports/file-rules.ts';
import {
  fieldGroups,
  initialMapping,
  mappedColumns,
  missingRequired,
  withTarget,
} from '../../src/client/features/imports/mapping-rules.ts';
import { errorText } from '../../src/shared/errors.ts';
import { IMPORT_MAX_BYTES, type TargetField } from '../../src/shared/imports/schemas.ts';

function field(name: string, group: TargetField['group'], required = false): TargetField {
  return { field: name, label: name, group, type: 'TEXT', required, inspectionTypeId: null };
}

const FIELDS: TargetField[] = [
  field('companyCnpj', 'company', true),
  field('companyName', 'company', true),
  field('productSku', 'product', true),
  field('productName', 'product', true),
  field('tagSerialNumber', 'equipment'),
  field('extraCode', 'equipment'),
  field('dueDate', 'equipment', true),
  field('attr:7', 'attribute'),
];

describe('the mapping the step starts from', () => {
  it('keeps every header, known fields once, and drops fields the file does not offer', () => {
    const m = initialMapping(
      ['Produto', 'SKU', 'Tag', 'Cor', 'Outro SKU'],
      {
        Produto: 'productName',
        SKU: 'productSku',
        Tag: 'tagSerialNumber',
        Cor: 'attr:99',
        'Outro SKU': 'productSku',
      },
      FIELDS,
    );
    expect(m).toEqual({
      Produto: 'productName',
      SKU: 'productSku',
      Tag: 'tagSerialNumber',
      Cor: null,
      'Outro SKU': null,
    });
  });

  it('a header the suggestion does not name starts ignored, even one named like a prototype key', () => {
    expect(initialMapping(['toString', 'Tag'], { Tag: 'tagSerialNumber' }, FIELDS)).toEqual({
      toString: null,
      Tag: 'tagSerialNumber',
    });
  });
});

describe('choosing a field for a column', () => {
  it('moves a field already given to another column (a field maps from one column only)', () => {
    const m = withTarget({ A: 'productSku', B: null, C: 'dueDate' }, 'B', 'productSku');
    expect(m).toEqual({ A: null, B: 'productSku', C: 'dueDate' });
    expect(mappedColumns(m)).toBe(2);
  });

  it('ignoring a column leaves the others alone', () => {
    expect(withTarget({ A: 'productSku', B: 'dueDate' }, 'A', null)).toEqual({ A: null, B: 'dueDate' });
  });
});

describe('required fields not mapped', () => {
  it('lists each requirement once; company and product are satisfied by either field of the pair', () => {
    const none = missingRequired(FIELDS, { A: null });
    expect(none.map((r) => r.fields.map((f) => f.field))).toEqual([
      ['companyCnpj', 'companyName'],
      ['productSku', 'productName'],
      ['dueDate'],
    ]);
    const some = missingRequired(FIELDS, { A: 'companyName', B: 'productSku' });
    expect(some.map((r) => r.fields.map((f) => f.field))).toEqual([['dueDate']]);
    expect(missingRequired(FIELDS, { A: 'companyCnpj', B: 'productName', C: 'dueDate' })).toEqual([]);
  });

  it('fields the server does not require are never listed', () => {
    const optional = FIELDS.map((f) => ({ ...f, required: false }));
    expect(missingRequired(optional, {})).toEqual([]);
  });
});

describe('the select’s groups', () => {
  it('keeps the server’s order, one group per group name', () => {
    expect(fieldGroups(FIELDS).map((g) => [g.group, g.fields.length])).toEqual([
      ['company', 2],
      ['product', 2],
      ['equipment', 3],
      ['attribute', 1],
    ]);
  });
});

describe('the chosen file', () => {
  it('takes CSV and XLSX by name, whatever the case', () => {
    expect(fileProblem({ name: 'equipamentos.CSV', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'equipamentos.xlsx', size: 10 })).toBeNull();
  });

  it('refuses other kinds, files over the limit and empty files with the server’s codes and texts', () => {
    const type = fileProblem({ name: 'equipamentos.xls', size: 10 });
    expect(type?.code).toBe('IMPORT_FILE_TYPE_INVALID');
    const big = fileProblem({ name: 'a.csv', size: IMPORT_MAX_BYTES + 1 });
    expect(big?.code).toBe('IMPORT_FILE_TOO_LARGE');
    expect(errorText(big!.code, 'pt', big!.params)).toBe(`O arquivo passa de ${IMPORT_MAX_MB} MB`);
    expect(errorText(big!.code, 'en', big!.params)).toBe(`The file is larger than ${IMPORT_MAX_MB} MB`);
    expect(fileProblem({ name: 'a.csv', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(fileProblem({ name: 'a.csv', size: 0 })?.code).toBe('IMPORT_FILE_EMPTY');
  });
});
