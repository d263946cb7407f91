import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import type { DryRunReport, ImportPreview } from '../../../src/shared/imports/schemas.ts';
import { loginAs, rest } from '../../helpers/api.ts';
import { makeUser, PASSWORD } from '../organisations/fixtures.ts';
import { csv, type ImportTenant, importTenant, jobFile, tagOf, upload, xlsxRows } from './helpers.ts';

/**
 * The dry run (issue 31 item 2): every row checked with the form's rules, each problem with its
 * line, column, value and code, told in the caller's language (en here), the bad rows as a
 * spreadsheet with "Motivo", and nothing written. The preview proposes a mapping from the headers.
 */
afterAll(async () => {
  await closeQueue();
});

const HEADERS = [
  'SKU',
  'Tag',
  'Identificação',
  'Número de controle',
  'Vencimento',
  'Data de fabricação',
  'Número do cilindro',
];

let t: ImportTenant;
let english: string;
let mapping: Record<string, string | null>;
beforeAll(async () => {
  t = await importTenant();
  const u = await makeUser({ role: 'COMPANY_GROUP_ADMIN', groupId: t.groupId });
  await coreDb().updateTable('users').set({ language: 'en' }).where('id', '=', u.id).execute();
  english = await loginAs(u.email, PASSWORD);
}, 90_000);

describe('imports: preview and dry run', () => {
  it('previews the headers and first rows and guesses the mapping from the headers', async () => {
    const tag = await tagOf(t);
    const fileId = await upload(
      english,
      csv([HEADERS, [t.sku, tag, 'Hall', 'PV-1', '', '01/02/2020', 'C-1']]),
    );
    const r = await rest<ImportPreview>('POST', '/web/imports/preview', {
      token: english,
      body: { kind: 'equipment', fileId, companyId: t.companyId },
    });
    expect(r.status).toBe(200);
    const p = r.json.data!;
    expect(p.format).toBe('csv');
    expect(p.headers).toEqual(HEADERS);
    expect(p.rows).toEqual([
      {
        line: 2,
        cells: Object.fromEntries(
          HEADERS.map((h, i) => [h, [t.sku, tag, 'Hall', 'PV-1', '', '01/02/2020', 'C-1'][i]!]),
        ),
      },
    ]);
    expect(p.mappingSource).toBe('guessed');
    expect(p.mapping).toMatchObject({
      SKU: 'productSku',
      Tag: 'tagSerialNumber',
      Identificação: 'extraLabel',
      'Número de controle': 'extraCode',
      Vencimento: 'dueDate',
    });
    expect(p.mapping['Data de fabricação']).toMatch(/^attr:\d+$/);
    expect(p.fields.find((f) => f.field === p.mapping['Data de fabricação'])).toMatchObject({
      type: 'DATE',
      group: 'attribute',
    });
    mapping = p.mapping;
  });

  it('answers each problem with line, column, value, code and the caller’s language; writes nothing', async () => {
    const [good, dup, foreign] = [await tagOf(t), await tagOf(t), await tagOf(t, t.companyB)];
    const rows = [
      HEADERS,
      [t.sku, good, 'Hall', 'DR-1', '', '01/02/2020', 'C-1'],
      [t.sku, dup, 'Hall', 'DR-2', '', '31/02/2020', 'C-2'],
      ['NOPE-1', '', 'Hall', 'DR-3', '', '', ''],
      [t.sku, foreign, 'Hall', 'DR-4', '', '', ''],
      [t.sku, good, 'Hall', 'DR-5', '', '', ''],
      [t.sku, '', 'Hall', 'DR-6', '2026-13-01', '', ''],
      [t.sku, 'ZZZZ9999', 'Hall', 'DR-7', '', '', ''],
    ];
    const fileId = await upload(english, csv(rows));
    const r = await rest<DryRunReport>('POST', '/web/imports/dry-run', {
      token: english,
      body: { kind: 'equipment', fileId, companyId: t.companyId, mapping },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const report = r.json.data!;
    expect({
      rows: report.rows,
      valid: report.valid,
      invalid: report.invalid,
      total: report.problemsTotal,
    }).toEqual({
      rows: 7,
      valid: 1,
      invalid: 6,
      total: 6,
    });
    expect(report.problems).toEqual([
      {
        line: 3,
        column: 'Data de fabricação',
        value: '31/02/2020',
        code: 'EQUIPMENT_ATTRIBUTE_INVALID',
        message: 'Invalid value for attribute Data de fabricação',
      },
      {
        line: 4,
        column: 'SKU',
        value: 'NOPE-1',
        code: 'IMPORT_PRODUCT_NOT_FOUND',
        message: 'Product not found or disabled',
      },
      {
        line: 5,
        column: 'Tag',
        value: foreign,
        code: 'IMPORT_TAG_OF_ANOTHER_COMPANY',
        message: `Tag ${foreign} belongs to another company`,
      },
      {
        line: 6,
        column: null,
        value: null,
        code: 'IMPORT_DUPLICATE_ROW',
        message: 'Same tag or control number as line 2',
      },
      {
        line: 7,
        column: 'Vencimento',
        value: '2026-13-01',
        code: 'IMPORT_DATE_INVALID',
        message: 'Invalid date: use DD/MM/YYYY or YYYY-MM-DD',
      },
      { line: 8, column: 'Tag', value: 'ZZZZ9999', code: 'TAG_NOT_FOUND', message: 'Tag not found' },
    ]);
    // The bad rows as they came, plus the reasons.
    const sheet = await xlsxRows(await jobFile(english, report.badRowsJobId!));
    expect(sheet[0]).toEqual([...HEADERS, 'Motivo']);
    const pick = (row: readonly unknown[]) => [row[0], row[2], row[3]];
    expect(sheet.slice(1).map(pick)).toEqual(rows.slice(2).map(pick));
    expect(sheet[1]![HEADERS.length]).toBe(
      'Data de fabricação: Invalid value for attribute Data de fabricação',
    );
    expect(sheet[4]![HEADERS.length]).toBe('Same tag or control number as line 2');
    const written = await tenantDb(t.schema)
      .selectFrom('equipment')
      .select('id')
      .where('extra_code', 'in', ['DR-1', 'DR-2', 'DR-3', 'DR-4', 'DR-5', 'DR-6', 'DR-7'])
      .execute();
    expect(written).toEqual([]);
  });

  it('answers a clean file without a bad rows file', async () => {
    const fileId = await upload(english, csv([HEADERS, [t.sku, await tagOf(t), 'Hall', 'OK-1', '', '', '']]));
    const r = await rest<DryRunReport>('POST', '/web/imports/dry-run', {
      token: english,
      body: { kind: 'equipment', fileId, companyId: t.companyId, mapping },
    });
    expect(r.json.data).toEqual({
      rows: 1,
      valid: 1,
      invalid: 0,
      problems: [],
      problemsTotal: 0,
      badRowsJobId: null,
    });
  });

  it('refuses a mapping without a product, to an unknown field or twice to one field', async () => {
    const fileId = await upload(english, csv([HEADERS, [t.sku, '', '', 'X', '', '', '']]));
    const call = (m: Record<string, string | null>) =>
      rest('POST', '/web/imports/dry-run', {
        token: english,
        body: { kind: 'equipment', fileId, companyId: t.companyId, mapping: m },
      });
    const noProduct = await call({ ...mapping, SKU: null });
    expect([noProduct.status, noProduct.json.error?.code, noProduct.json.error?.params]).toEqual([
      400,
      'IMPORT_MAPPING_REQUIRED',
      { field: 'SKU' },
    ]);
    const unknown = await call({ ...mapping, Identificação: 'color' });
    expect([unknown.status, unknown.json.error?.code]).toEqual([400, 'IMPORT_MAPPING_INVALID']);
    const twice = await call({ ...mapping, Identificação: 'extraCode' });
    expect([twice.status, twice.json.error?.code]).toEqual([400, 'IMPORT_MAPPING_DUPLICATE']);
  });

  it('reads Latin-1 and UTF-8 with BOM, `,` or `;`, alike', async () => {
    const text = csv(
      [
        ['Produto', 'Identificação'],
        [t.productName, 'Área técnica'],
      ],
      ',',
    );
    for (const bytes of [
      Buffer.from(text, 'latin1'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
    ]) {
      const fileId = await upload(english, new Uint8Array(bytes));
      const r = await rest<ImportPreview>('POST', '/web/imports/preview', {
        token: english,
        body: { kind: 'equipment', fileId, companyId: t.companyId },
      });
      expect(r.json.data!.headers).toEqual(['Produto', 'Identificação']);
      expect(r.json.data!.rows[0]!.cells).toEqual({ Produto: t.productName, Identificação: 'Área técnica' });
      expect(r.json.data!.mapping).toEqual({ Produto: 'productName', Identificação: 'extraLabel' });
    }
  });

  it('counts the new rows past the plan’s room as the write would refuse them', async () => {
    const { n } = await tenantDb(t.schema)
      .selectFrom('dashboard_totals')
      .select(sql<number>`coalesce(sum(equipment), 0)::int`.as('n'))
      .executeTakeFirstOrThrow();
    // The custom plan bought for one more piece of equipment than the group has.
    const setPlan = (plan_id: number | null, plan_quantity: number | null) =>
      coreDb()
        .updateTable('company_groups')
        .set({ plan_id, plan_quantity })
        .where('id', '=', t.groupId)
        .execute();
    await setPlan(4, n + 1);
    try {
      const fileId = await upload(
        english,
        csv([
          HEADERS,
          [t.sku, '', 'Hall', 'PLAN-1', '', '01/02/2020', 'C-1'],
          [t.sku, '', 'Hall', 'PLAN-2', '', '01/02/2020', 'C-2'],
        ]),
      );
      const r = await rest<DryRunReport>('POST', '/web/imports/dry-run', {
        token: english,
        body: { kind: 'equipment', fileId, companyId: t.companyId, mapping },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
      expect(r.json.data!.problems).toEqual([
        {
          line: 3,
          column: null,
          value: null,
          code: 'PLAN_EQUIPMENT_LIMIT_REACHED',
          message: `The Personalizado plan allows up to ${n + 1} equipment. Change plan in "My plan" to register more.`,
        },
      ]);
    } finally {
      await setPlan(null, null);
    }
  });

  it('counts the rows past the company’s tags limit as the write would refuse them', async () => {
    const [a, b] = [await tagOf(t, t.companyB), await tagOf(t, t.companyB)];
    const { n } = await tenantDb(t.schema)
      .selectFrom('equipment')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('company_id', '=', t.companyB)
      .where('tag_id', 'is not', null)
      .executeTakeFirstOrThrow();
    // Room for one more tag in use: the first tagged row fits, the second does not; a row without a
    // tag takes no tag.
    const limit = n + 1;
    await coreDb().updateTable('companies').set({ tags_limit: limit }).where('id', '=', t.companyB).execute();
    try {
      const fileId = await upload(
        english,
        csv([
          HEADERS,
          [t.sku, a, 'Hall', 'LIM-1', '', '01/02/2020', 'C-1'],
          [t.sku, b, 'Hall', 'LIM-2', '', '01/02/2020', 'C-2'],
          [t.sku, '', 'Hall', 'LIM-3', '', '01/02/2020', 'C-3'],
        ]),
      );
      const r = await rest<DryRunReport>('POST', '/web/imports/dry-run', {
        token: english,
        body: { kind: 'equipment', fileId, companyId: t.companyB, mapping },
      });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data).toMatchObject({ rows: 3, valid: 2, invalid: 1 });
      expect(r.json.data!.problems).toEqual([
        {
          line: 3,
          column: null,
          value: null,
          code: 'TAGS_LIMIT_REACHED',
          message: `The company has reached its limit of ${limit} tags in use`,
        },
      ]);
    } finally {
      await coreDb()
        .updateTable('companies')
        .set({ tags_limit: 10_000 })
        .where('id', '=', t.companyB)
        .execute();
    }
  });
});
