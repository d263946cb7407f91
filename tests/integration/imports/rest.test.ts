import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { IMPORT_MAX_BYTES } from '../../../src/shared/imports/schemas.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest } from '../../helpers/api.ts';
import { register } from '../equipment/helpers.ts';
import {
  csv,
  equipmentOfCompany,
  finishedJob,
  type ImportTenant,
  importTenant,
  postFile,
  tagOf,
  upload,
} from './helpers.ts';

/**
 * The REST door (issue 31 items 5 and 6): `POST /web/imports/equipment` answers the dry run (200)
 * or the job (202); the file's size (413) and type (415); who may import (operators 403, a company
 * admin only into its own company); the template of an inspection type; and the round trip — the
 * equipment export imported back unchanged into another company gives the same equipment.
 */
const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: ImportTenant;
beforeAll(async () => {
  t = await importTenant();
}, 90_000);

const HEAD = ['SKU', 'Tag', 'Identificação', 'Número de controle'];

describe('imports: REST', () => {
  it('POST /web/imports/equipment: 200 with the dry run, 202 with the job, which writes the rows', async () => {
    const body = csv([HEAD, [t.sku, await tagOf(t), 'Portaria', 'REST-1']]);
    const dry = await postFile('/web/imports/equipment', t.tokens.group, body, {
      companyId: String(t.companyId),
    });
    expect(dry.status, JSON.stringify(dry.json)).toBe(200);
    expect(dry.json.data).toMatchObject({ rows: 1, valid: 1, invalid: 0, badRowsJobId: null });
    const started = await postFile('/web/imports/equipment', t.tokens.group, body, {
      companyId: String(t.companyId),
      dryRun: 'false',
      mapping: JSON.stringify({
        SKU: 'productSku',
        Tag: 'tagSerialNumber',
        Identificação: 'extraLabel',
        'Número de controle': 'extraCode',
      }),
    });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const job = await finishedJob(started.json.data!.jobId as string);
    expect(job.result).toEqual({ kind: 'equipment', rows: 1, created: 1, updated: 0, skipped: 0, failed: 0 });
    const rows = await equipmentOfCompany(t, t.companyId);
    expect(rows.find((r) => r.extra_code === 'REST-1')).toMatchObject({
      extra_label: 'Portaria',
      product_id: t.catalogue.productId,
    });
    // The result through the jobs API.
    const viaApi = await rest<{ state: string; summary: unknown }>('GET', `/web/jobs/${job.id}`, {
      token: t.tokens.group,
    });
    expect(viaApi.json.data).toMatchObject({ state: 'completed', summary: job.result });
  });

  it('413 over 10 MB, 415 for a file that is neither CSV nor XLSX, 400 without a file', async () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41);
    const tooBig = await postFile('/web/imports/uploads', t.tokens.group, big);
    expect([tooBig.status, tooBig.json.error?.code]).toEqual([413, 'IMPORT_FILE_TOO_LARGE']);
    const pdf = new Uint8Array(
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n\x00\x00', 'latin1'),
    );
    const renamed = await postFile(
      '/web/imports/equipment',
      t.tokens.group,
      pdf,
      { companyId: String(t.companyId) },
      { name: 'planilha.csv' },
    );
    expect([renamed.status, renamed.json.error?.code]).toEqual([415, 'IMPORT_FILE_TYPE_INVALID']);
    const empty = await postFile('/web/imports/uploads', t.tokens.group, '');
    expect([empty.status, empty.json.error?.code]).toEqual([400, 'IMPORT_FILE_MISSING']);
  });

  it('operators may not import; a company admin imports only into its own company', async () => {
    const body = csv([HEAD, [t.sku, await tagOf(t), 'X', 'PERM-1']]);
    for (const path of ['/web/imports/uploads', '/web/imports/equipment']) {
      const r = await postFile(path, t.tokens.operator, body, { companyId: String(t.companyId) });
      expect([r.status, r.json.error?.code], path).toEqual([403, 'FORBIDDEN']);
    }
    const other = await postFile('/web/imports/equipment', t.tokens.companyAdmin, body, {
      companyId: String(t.companyB),
    });
    expect([other.status, other.json.error?.code]).toEqual([404, 'NOT_FOUND']);
    const own = await postFile('/web/imports/equipment', t.tokens.companyAdmin, body, {
      companyId: String(t.companyId),
    });
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ valid: 1 });
    // A row naming another company of the group is not found for a company admin.
    const companyB = await postFile(
      '/web/imports/equipment',
      t.tokens.companyAdmin,
      csv([
        ['Empresa', ...HEAD],
        ['Empresa inexistente', t.sku, '', 'X', 'PERM-2'],
      ]),
      { companyId: String(t.companyId) },
    );
    expect((companyB.json.data as { problems: { code: string }[] }).problems.map((p) => p.code)).toEqual([
      'IMPORT_COMPANY_NOT_FOUND',
    ]);
    // The group admin's upload is not the company admin's to read.
    const fileId = await upload(t.tokens.group, body);
    const peek = await rest('POST', '/web/imports/preview', {
      token: t.tokens.companyAdmin,
      body: { kind: 'equipment', fileId, companyId: t.companyId },
    });
    expect([peek.status, peek.json.error?.code]).toEqual([404, 'IMPORT_FILE_NOT_FOUND']);
  });

  it('the template of an inspection type: its columns, an example row and the instructions', async () => {
    const r = await rest('GET', `/web/imports/templates/equipment?inspectionTypeId=${t.catalogue.typeId}`, {
      token: t.tokens.group,
    });
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await r.res.arrayBuffer());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Importação', 'Instruções']);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1) as string[];
    expect(header.slice(0, 11)).toEqual([
      'CNPJ da empresa',
      'Empresa',
      'SKU',
      'Produto',
      'Tag',
      'Identificação',
      'Número de controle',
      'Vencimento',
      'Data de fabricação',
      'Data de recarga',
      'Número do cilindro',
    ]);
    // Then the type's cycles, if it has any (their last-done days); never its disabled attribute.
    expect(header.slice(11).every((h) => h.endsWith(': última realização'))).toBe(true);
    expect((wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toContain('EXT-0001');
    expect(String(wb.worksheets[1]!.getRow(1).values)).toContain('Como preencher');
  });

  it('round trip: company A’s export imported unchanged into company B gives the same equipment', async () => {
    const values = [
      { label: 'Sala 1', code: 'RT-1', fab: '2020-02-01', rec: '2025-01-10', num: 'C-10' },
      { label: 'Sala 2', code: 'RT-2', fab: '2021-06-15', rec: '', num: '' },
    ];
    for (const v of values)
      await register(t.tokens.group, {
        tagSerialNumber: await tagOf(t),
        productId: t.catalogue.productId,
        extraLabel: v.label,
        extraCode: v.code,
        attributes: [
          { attributeId: t.catalogue.attributes.manufacturing, value: v.fab },
          ...(v.rec ? [{ attributeId: t.catalogue.attributes.recharge, value: v.rec }] : []),
          ...(v.num ? [{ attributeId: t.catalogue.attributes.number, value: v.num }] : []),
        ],
      });
    const exported = await rest('GET', `/web/equipments/report/excel?companyId=${t.companyId}&query=RT-`, {
      token: t.tokens.group,
    });
    expect(exported.status).toBe(200);
    const fileId = await upload(
      t.tokens.group,
      new Uint8Array(await exported.res.arrayBuffer()),
      'relatorio.xlsx',
    );
    const preview = await rest<{ mapping: Record<string, string | null> }>('POST', '/web/imports/preview', {
      token: t.tokens.group,
      body: { kind: 'equipment', fileId, companyId: t.companyB },
    });
    const guessed = preview.json.data!.mapping;
    expect(guessed).toMatchObject({
      Produto: 'productName',
      SKU: 'productSku',
      Identificação: 'extraLabel',
      'Número de controle': 'extraCode',
      Tag: 'tagSerialNumber',
      Empresa: 'companyName',
      Vencimento: 'dueDate',
    });
    // Into another company: its tags stay company A's (a row error otherwise) and the company is the import's.
    const dry = await rest<{ problems: { code: string }[] }>('POST', '/web/imports/dry-run', {
      token: t.tokens.group,
      body: { kind: 'equipment', fileId, companyId: t.companyB, mapping: { ...guessed, Empresa: null } },
    });
    const codes = dry.json.data!.problems.map((p) => p.code);
    expect(codes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(codes)).toEqual(new Set(['IMPORT_TAG_OF_ANOTHER_COMPANY']));
    const mapping = { ...guessed, Empresa: null, Tag: null };
    const started = await rest<{ jobId: string }>('POST', '/web/imports/run', {
      token: t.tokens.group,
      body: { kind: 'equipment', fileId, companyId: t.companyB, mapping },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const job = await finishedJob(started.json.data!.jobId);
    // Other equipment of company A in the export (this file's) comes along: all of it created in B.
    const result = job.result as { rows: number; created: number; failed: number } | null;
    expect([result?.failed, result?.created], job.error ?? '').toEqual([0, result?.rows]);
    const comparable = (rows: Awaited<ReturnType<typeof equipmentOfCompany>>) =>
      rows
        .filter((r) => r.extra_code?.startsWith('RT-'))
        .map((r) => ({
          product: r.product_id,
          label: r.extra_label,
          code: r.extra_code,
          due: r.due_date,
          manual: r.due_date_manual,
          attributes: r.attributes,
        }));
    const a = comparable(await equipmentOfCompany(t, t.companyId));
    expect(a).toHaveLength(2);
    expect(comparable(await equipmentOfCompany(t, t.companyB))).toEqual(a);
  }, 120_000);
});
