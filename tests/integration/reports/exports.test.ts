import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TRPCClientError } from '@trpc/client';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../src/server/config.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { todayIn } from '../../../src/shared/equipment/status.ts';
import type { Page } from '../../../src/shared/list.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { phoneJpeg } from '../../helpers/photo-bytes.ts';
import { createTag, register } from '../equipment/helpers.ts';
import {
  bulkEquipment,
  day,
  INSPECTIONS,
  type Known,
  knownEquipment,
  MAINTENANCES,
  qs,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportPage,
  reportTenant,
  waitFor,
} from './helpers.ts';

/**
 * Report exports through the jobs platform: XLSX read back with exceljs and compared with the
 * list's rows for the same filters, PDF text extracted with pdftotext (filters, rows, page
 * numbers), the REST downloads (waiting, or 202 with Prefer: respond-async), the size limit, the
 * requester's scope, and job files closed to other tenants.
 */
const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let tn: ReportTenant;
let c: ReportCatalogue;
let k: Known;
beforeAll(async () => {
  tn = await reportTenant();
  c = await reportCatalogue(tn.tokens.group);
  k = await knownEquipment(tn, c);
}, 60_000);

interface JobAnswer {
  id: string;
  type: string;
  state: string;
  progress: number;
  error: string | null;
  downloadUrl: string | null;
  result: { name: string; contentType: string } | null;
}

async function finished(jobId: string, token: string, timeoutMs = 30_000): Promise<JobAnswer> {
  return waitFor(async () => {
    const r = await rest<JobAnswer>('GET', `/web/jobs/${jobId}`, { token });
    const s = r.json.data?.state;
    return s === 'completed' || s === 'failed' ? r.json.data : undefined;
  }, timeoutMs);
}

async function jobFile(jobId: string, token: string): Promise<ArrayBuffer> {
  const r = await rest('GET', `/web/jobs/${jobId}/download`, { token });
  expect(r.status).toBe(200);
  return r.res.arrayBuffer();
}

async function sheetRows(bytes: ArrayBuffer, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const sheet = wb.getWorksheet(name);
  expect(sheet, `sheet ${name}`).toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow({ includeEmpty: true }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: sheet!.columnCount }, (_, i) => values[i] ?? null));
  });
  return rows;
}

/** The text of the PDF, laid out; `crop`: only what lies between x and x + width (points) of every page. */
function pdfText(bytes: ArrayBuffer, crop?: { x: number; width: number }): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, Buffer.from(bytes));
    const area = crop ? ['-x', `${crop.x}`, '-y', '0', '-W', `${crop.width}`, '-H', '600'] : [];
    return execFileSync('pdftotext', ['-layout', ...area, file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A calendar day as exceljs reads a date cell back (UTC midnight). */
const utcDay = (d: string) => new Date(`${d}T00:00:00.000Z`);
/** The day of an instant where the product is used. */
const dayOf = (at: Date | string) => utcDay(todayIn(config().APP_TIME_ZONE, new Date(at)));
const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

const XLSX_HEADER = [
  'Produto',
  'SKU',
  'Identificação',
  'Número de controle',
  'Tag',
  'Tag ativa',
  'Empresa',
  'Cadastro',
  'Vencimento',
  'Status do vencimento',
  'Última inspeção',
  'Status da inspeção',
  'Próxima inspeção',
  'Inspetor',
  'Fotos da última inspeção',
  'Última manutenção',
  'Responsável pela manutenção',
  'Fotos da última manutenção',
  'Status',
  'Status da manutenção',
];

/** Adds `n` photos to the equipment's last inspection or maintenance (the field app's tRPC door). */
async function photosOnLast(kind: 'INSPECTION' | 'MAINTENANCE', equipmentId: number, n: number) {
  const { last } = await tn.db
    .selectFrom('equipment')
    .select(kind === 'INSPECTION' ? 'last_inspection_id as last' : 'last_maintenance_id as last')
    .where('id', '=', equipmentId)
    .executeTakeFirstOrThrow();
  const api = trpcClient(tn.tokens.group);
  for (let i = 0; i < n; i++)
    await api.photos.add.mutate({ kind, id: last!, base64: Buffer.from(phoneJpeg()).toString('base64') });
}

describe('XLSX export', () => {
  it('reports.export: a job in /jobs whose sheet holds the list’s rows for the same filters, cell by cell', async () => {
    // Photos are counted: 2 on e1's last inspection and 1 on its last maintenance; e2's inspection
    // and e6's maintenance have none (0); e3 was never inspected and e2 never maintained (empty).
    await photosOnLast('INSPECTION', k.e1.id, 2);
    await photosOnLast('MAINTENANCE', k.e1.id, 1);
    const filters = { categoryId: c.fireId, sort: 'extraLabel' as const, direction: 'asc' as const };
    const api = trpcClient(tn.tokens.group);
    const { jobId } = await api.reports.export.mutate({ report: 'inspections', format: 'xlsx', filters });
    const job = await finished(jobId, tn.tokens.group);
    expect(job).toMatchObject({ type: 'report-xlsx', state: 'completed', progress: 100, error: null });
    expect(job.result?.name).toBe(`relatorio-inspecoes-${day(0)}.xlsx`);
    const listed = await rest<Page<{ id: string }>>('GET', `/web/jobs/?${qs({ type: 'report-xlsx' })}`, {
      token: tn.tokens.group,
    });
    expect(listed.json.data!.items.map((j) => j.id)).toContain(jobId);

    const list = await reportPage(INSPECTIONS, tn.tokens.group, { ...filters, pageSize: 100 });
    const rows = await sheetRows(await jobFile(jobId, tn.tokens.group), 'Inspeções');
    expect(rows[0]).toEqual([
      ...XLSX_HEADER,
      'Data de fabricação',
      'Data de recarga',
      'Data da última pesagem',
      'Número do cilindro',
    ]);
    expect(rows).toHaveLength(list.total + 1);
    expect(list.total).toBe(4);
    // Same rows, same order, the list's values in the columns.
    rows.slice(1).forEach((row, i) => {
      const e = list.items[i]!;
      expect(row.slice(0, 8), e.extraLabel!).toEqual([
        e.product.name,
        e.product.sku,
        e.extraLabel,
        e.extraCode,
        e.tagSerialNumber,
        'Sim',
        e.companyName,
        dayOf(e.createdAt),
      ]);
      expect(row[12]).toEqual(e.nextInspectionDate ? utcDay(e.nextInspectionDate) : null);
    });
    const byLabel = new Map(rows.slice(1).map((r) => [r[2], r]));
    // Dates, statuses and people of the known rows (seed 001 §4 date texts).
    expect(byLabel.get('Corredor Norte')!.slice(8)).toEqual([
      utcDay(day(100)),
      'Válido',
      utcDay('2024-03-01'),
      'Vencido',
      utcDay('2024-03-31'),
      'Outro Admin',
      2,
      utcDay('2024-03-05'),
      'Outro Admin',
      1,
      'Vencido',
      'Vencido',
      utcDay('2020-05-05'),
      utcDay('2024-02-02'),
      null,
      null,
    ]);
    expect(byLabel.get('Sala de Reuniões')!.slice(8)).toEqual([
      utcDay(day(5)),
      'Válido, expira em 5 dias',
      utcDay(day(-27)),
      'Válido, expira em 3 dias',
      utcDay(day(3)),
      'Outro Admin',
      0,
      null,
      null,
      null,
      'Válido',
      'N/A',
      null,
      utcDay('2024-02-02'),
      utcDay('2024-04-04'),
      null,
    ]);
    expect(byLabel.get('Depósito')!.slice(8, 11)).toEqual([null, null, null]);
    // Never inspected: no count; its maintenance has no photo: 0.
    expect(byLabel.get('Depósito')![14]).toBeNull();
    expect(byLabel.get('Depósito')![17]).toBe(0);
    expect(byLabel.get('Depósito')![18]).toBe('N/A');
    expect(byLabel.get('Recepção')!.slice(8, 10)).toEqual([utcDay(day(-1)), 'Vencido']);
    expect(byLabel.get('Recepção')!.slice(14, 18)).toEqual([0, utcDay('2024-06-01'), 'Outro Admin', 0]);
    expect(byLabel.get('Recepção')![23]).toBe('2024-02-02');
  });

  it('runs in the requester’s scope: an operator’s file holds their company only; other companies’ admins cannot see the job', async () => {
    const { jobId } = await trpcClient(tn.tokens.operator).reports.export.mutate({
      report: 'inspections',
      format: 'xlsx',
      // A company id from the client narrows within the scope, never widens it.
      filters: { companyId: tn.companyB },
    });
    await finished(jobId, tn.tokens.operator);
    const none = await sheetRows(await jobFile(jobId, tn.tokens.operator), 'Inspeções');
    expect(none).toHaveLength(1);
    const { jobId: all } = await trpcClient(tn.tokens.operator).reports.export.mutate({
      report: 'inspections',
      format: 'xlsx',
    });
    await finished(all, tn.tokens.operator);
    const rows = await sheetRows(await jobFile(all, tn.tokens.operator), 'Inspeções');
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['Corredor Norte', 'Sala de Reuniões', 'Escada', 'Recepção'].sort());
    expect(rows.slice(1).every((r) => r[6] === tn.companyName(tn.companyA))).toBe(true);
    // The lamp's attribute is a column too (its subcategory is among the rows').
    expect(rows[0]).toContain('Data de instalação');
    const other = await rest('GET', `/web/jobs/${all}`, { token: tn.tokens.companyAdminB });
    expect(other.status).toBe(404);
    expect((await rest('GET', `/web/jobs/${all}/download`, { token: tn.tokens.companyAdminB })).status).toBe(
      404,
    );
  });

  it('GET /web/equipments/maintenance-report/excel streams the maintenance report in the asked order', async () => {
    const res = await rest(
      'GET',
      `/web/equipments/maintenance-report/excel?${qs({ field: 'lastMaintenance', direction: 'desc', page: 3, size: 10 })}`,
      { token: tn.tokens.group },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('spreadsheetml');
    expect(res.headers.get('Content-Disposition')).toContain(`relatorio-manutencoes-${day(0)}.xlsx`);
    const rows = await sheetRows(await res.res.arrayBuffer(), 'Manutenções');
    const list = await reportPage(MAINTENANCES, tn.tokens.group, {
      sort: 'lastMaintenance',
      direction: 'desc',
      pageSize: 100,
    });
    expect(rows.slice(1).map((r) => r[2])).toEqual(list.items.map((e) => e.extraLabel));
    expect(rows.slice(1).map((r) => r[2])).toEqual([
      k.e2.label,
      k.e4.label,
      k.e6.label,
      k.e3.label,
      k.e1.label,
    ]);
  });
});

describe('PDF export', () => {
  it('GET /web/equipments/report/pdf: the filters in words on the first page, the rows, "Página 1 de 1"', async () => {
    const q = {
      status: 'EXPIRED',
      createFrom: '2024-01-01',
      createUpTo: day(0),
      categoryId: c.fireId,
      field: 'extraLabel',
      direction: 'asc',
    };
    const res = await rest('GET', `/web/equipments/report/pdf?${qs(q)}`, { token: tn.tokens.group });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toContain(`relatorio-inspecoes-${day(0)}.pdf`);
    const text = pdfText(await res.res.arrayBuffer());
    for (const line of [
      'Relatório de inspeções',
      'Emitido em',
      'por Outro Admin',
      'Status: Vencido',
      `Categoria: Combate a Incêndio`,
      `Cadastro: 01/01/2024 – ${ddmmyyyy(day(0))}`,
      'Apenas tags ativas: Sim',
      'Ordenação: Identificação (crescente)',
      'Equipamentos: 2',
      'Página 1 de 1',
    ])
      expect(text, line).toContain(line);
    // The rows (and only those): label over control number, name over SKU, dates over status texts.
    const lines = text.split('\n');
    const at = (label: string) => lines.findIndex((l) => l.includes(label));
    const corredor = at('Corredor Norte');
    const recepcao = at('Recepção');
    expect(corredor).toBeGreaterThan(0);
    expect(recepcao).toBeGreaterThan(corredor);
    expect(lines[corredor]).toContain(c.names.extinguisher.name);
    expect(lines[corredor]).toContain('01/03/2024');
    expect(lines[corredor + 1]).toMatch(/PQS-\w+\s+C-Corredor Norte.*Vencido/);
    expect(lines[recepcao]).toContain(ddmmyyyy(day(-1)));
    expect(lines[recepcao + 1]).toContain('C-Recepção');
    expect(text).not.toContain('Sala de Reuniões');
  });

  it('prints every tag serial whole inside its column: a wide one shrinks, a 32-character one wraps, none is cut', async () => {
    const pick = (alphabet: string, n: number) =>
      Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
    // Serials of the widest letters: 10 (today's length, plus one) and 32 (the longest accepted).
    const wide = `WQCXNVB4${pick('MW', 2)}`;
    const longest = `WQCXNVB4${pick('MW23456789', 24)}`;
    const label = `Serial longo ${randomBytes(3).toString('hex')}`;
    for (const [i, serial] of [wide, longest].entries()) {
      await createTag({ groupId: tn.groupId, companyId: tn.companyA, schema: tn.schema }, { serial });
      await register(tn.tokens.group, {
        tagSerialNumber: serial,
        productId: c.extinguisherId,
        extraLabel: `${label} ${i}`,
      });
    }
    const res = await rest('GET', `/web/equipments/report/pdf?${qs({ query: label, field: 'extraLabel' })}`, {
      token: tn.tokens.group,
    });
    expect(res.status).toBe(200);
    const bytes = await res.res.arrayBuffer();
    const text = pdfText(bytes);
    expect(text).toContain('Equipamentos: 2');
    expect(text).not.toContain('…');
    // The wide one on one line, whole.
    expect(text).toContain(wide);
    // Only the Tag column (x from the margin past Produto and Identificação, 64 points wide):
    // both serials whole there, so nothing of them runs into the next column.
    const tagColumn = pdfText(bytes, { x: 28 + 152 + 120, width: 64 }).replace(/\s+/g, '');
    expect(tagColumn, tagColumn).toContain(wide);
    expect(tagColumn, tagColumn).toContain(longest);
    const nextColumn = pdfText(bytes, { x: 28 + 152 + 120 + 64, width: 88 });
    expect(nextColumn).not.toMatch(/[MW]{2}/);
  });

  it('GET /web/equipments/maintenance-report/pdf: the maintenance table and its status filter', async () => {
    const res = await rest(
      'GET',
      `/web/equipments/maintenance-report/pdf?${qs({ status: 'NA', lastMaintenanceUpTo: day(0) })}`,
      { token: tn.tokens.operator },
    );
    expect(res.status).toBe(200);
    const text = pdfText(await res.res.arrayBuffer());
    expect(text).toContain('Relatório de manutenções');
    expect(text).toContain('Status da manutenção: N/A');
    expect(text).toContain(`Última manutenção: até ${ddmmyyyy(day(0))}`);
    expect(text).toContain('Responsável');
    // NA with a maintenance up to today: none in the operator's company (e3 is company B's).
    expect(text).toContain('Equipamentos: 0');
    expect(text).toContain('Lista vazia');
  });
});

describe('REST downloads and job files', () => {
  it('Prefer: respond-async answers 202 + Location; the file then comes through the signed link, to nobody else', async () => {
    const res = await rest<{ jobId: string; location: string }>(
      'GET',
      `/web/equipments/report/excel?${qs({ rechargeDate: '2024-02-02' })}`,
      { token: tn.tokens.group, headers: { Prefer: 'respond-async' } },
    );
    expect(res.status).toBe(202);
    const { jobId } = res.json.data!;
    expect(res.headers.get('Location')).toBe(`/web/jobs/${jobId}`);
    const job = await finished(jobId, tn.tokens.group);
    expect(job).toMatchObject({ state: 'completed', type: 'report-xlsx', progress: 100 });
    const signed = await rest('GET', job.downloadUrl!);
    expect(signed.status).toBe(200);
    const rows = await sheetRows(await signed.res.arrayBuffer(), 'Inspeções');
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual([k.e1.label, k.e2.label].sort());
    // Another tenant's users: the job and its file are not there.
    for (const email of [DEMO.groupAdmin, DEMO.operator]) {
      const token = await loginAs(email);
      expect((await rest('GET', `/web/jobs/${jobId}`, { token })).status, email).toBe(404);
      expect((await rest('GET', `/web/jobs/${jobId}/download`, { token })).status, email).toBe(404);
    }
  });
});

describe('large reports', () => {
  let big: ReportTenant;
  let lots: ReportCatalogue;
  beforeAll(async () => {
    big = await reportTenant();
    lots = await reportCatalogue(big.tokens.group);
    // 10,001 lamps and 60 extinguishers: the PDF limit passed, and a PDF of a few pages.
    await bulkEquipment(big, lots.lampId, 10_001, 'Lote');
    await bulkEquipment(big, lots.extinguisherId, 60, 'Extintor');
  }, 60_000);

  it('a PDF over 10,000 rows is refused with REPORT_TOO_LARGE naming the limit, on both doors', async () => {
    const err = await trpcClient(big.tokens.group)
      .reports.export.mutate({ report: 'inspections', format: 'pdf' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(TRPCClientError);
    expect((err as TRPCClientError<never>).data).toMatchObject({
      code: 'REPORT_TOO_LARGE',
      httpStatus: 400,
      params: { format: 'PDF', max: 10_000 },
    });
    const r = await rest('GET', '/web/equipments/maintenance-report/pdf', {
      token: big.tokens.group,
      headers: { Prefer: 'respond-async' },
    });
    expect([r.status, r.json.error?.code, r.json.error?.params]).toEqual([
      400,
      'REPORT_TOO_LARGE',
      { format: 'PDF', max: 10_000 },
    ]);
  });

  it('a long PDF repeats the header on each page and numbers the pages', async () => {
    const { jobId } = await trpcClient(big.tokens.group).reports.export.mutate({
      report: 'inspections',
      format: 'pdf',
      filters: { productId: lots.extinguisherId, sort: 'extraLabel', direction: 'asc' },
    });
    const job = await finished(jobId, big.tokens.group);
    expect(job.state).toBe('completed');
    const text = pdfText(await jobFile(jobId, big.tokens.group));
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => {
      expect(p).toContain(`Página ${i + 1} de ${pages.length}`);
      expect(p).toMatch(/Produto\s+Identificação · controle\s+Tag\s+Empresa\s+Cadastro/);
    });
    for (let n = 1; n <= 60; n++) expect(text).toContain(`Extintor ${String(n).padStart(5, '0')}`);
    expect(pages[0]).toContain('Equipamentos: 60');
    expect(pages[1]).not.toContain('Equipamentos:');
    // In order across pages.
    expect(text.indexOf('Extintor 00059')).toBeGreaterThan(text.indexOf('Extintor 00001'));
    expect(pages.at(-1)).toContain('Extintor 00060');
  });

  it('an XLSX of 10,061 rows is streamed in batches: every row, in order', async () => {
    const { jobId } = await trpcClient(big.tokens.group).reports.export.mutate({
      report: 'maintenances',
      format: 'xlsx',
      filters: { sort: 'extraLabel', direction: 'asc' },
    });
    const job = await finished(jobId, big.tokens.group, 120_000);
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    const rows = await sheetRows(await jobFile(jobId, big.tokens.group), 'Manutenções');
    expect(rows).toHaveLength(10_062);
    const labels = rows.slice(1).map((r) => r[2] as string);
    expect(labels.slice(0, 2)).toEqual(['Extintor 00001', 'Extintor 00002']);
    expect(labels.slice(59, 62)).toEqual(['Extintor 00060', 'Lote 00001', 'Lote 00002']);
    expect(labels.at(-1)).toBe('Lote 10001');
  }, 150_000);
});
