import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import type { SavedTypeCycles } from '../../../src/shared/cycles/schemas.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import {
  day,
  INSPECTIONS,
  type Made,
  MAINTENANCES,
  makeEquipment,
  qs,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportPage,
  reportTenant,
  waitFor,
} from './helpers.ts';

/**
 * The reports filtered by a maintenance cycle and its status (issue 30 item 2): the page on both
 * doors, the cycle choices, the XLSX's cycle columns and the PDF's filter lines. The cycles' stored
 * states are put in place directly (what the writes store is tested in equipment/cycles.test.ts).
 */
const worker = startWorker({ concurrency: 1 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let tn: ReportTenant;
let c: ReportCatalogue;
let e: Record<'expired' | 'expiring' | 'valid' | 'na' | 'lamp', Made>;
let rechargeName: string;

async function cycleState(m: Made, code: string, s: { done?: string; due: string | null; notice?: string }) {
  const r = await tn.db
    .updateTable('equipment_cycles')
    .set({ last_done_at: s.done ?? null, due_date: s.due, notice_date: s.notice ?? null })
    .where('equipment_id', '=', m.id)
    .where('cycle_code', '=', code)
    .executeTakeFirst();
  expect(Number(r.numUpdatedRows)).toBe(1);
}

beforeAll(async () => {
  tn = await reportTenant();
  c = await reportCatalogue(tn.tokens.group);
  const preset = await rest<SavedTypeCycles>('POST', `/web/inspection-types/${c.extType}/cycles/preset/`, {
    token: tn.tokens.group,
    body: { preset: 'nbr-12962-extinguishers' },
  });
  expect(preset.status).toBe(200);
  rechargeName = preset.json.data!.cycles.find((x) => x.code === 'recharge')!.name;
  const ext = (label: string) =>
    makeEquipment(tn, {
      productId: c.extinguisherId,
      extraLabel: label,
      attributes: [{ attributeId: c.attrs.manufacturing, value: day(-400) }],
    });
  e = {
    expired: await ext('Ciclo vencido'),
    expiring: await ext('Ciclo a vencer'),
    valid: await ext('Ciclo válido'),
    na: await ext('Ciclo sem data'),
    lamp: await makeEquipment(tn, { productId: c.lampId, extraLabel: 'Luminária sem ciclos' }),
  };
  await cycleState(e.expired, 'recharge', { done: day(-368), due: day(-3), notice: day(-13) });
  await cycleState(e.expiring, 'recharge', { done: day(-360), due: day(5), notice: day(-5) });
  await cycleState(e.valid, 'recharge', { done: day(-10), due: day(355), notice: day(345) });
  await cycleState(e.na, 'recharge', { due: null });
  // Another cycle expired on the valid one: only "any cycle" finds it.
  await cycleState(e.valid, 'hydrostatic-test', { due: day(-1), notice: day(-11) });
  for (const m of [e.expired, e.expiring, e.na])
    await cycleState(m, 'hydrostatic-test', { due: day(1000), notice: day(990) });
}, 60_000);

const labels = (items: readonly { extraLabel: string | null }[]) => items.map((i) => i.extraLabel).sort();

describe('reports filtered by cycle', () => {
  it('REST: a cycle and its status answer exactly its equipment, on both reports', async () => {
    const q = { enabledTagsOnly: false };
    for (const path of [INSPECTIONS, MAINTENANCES]) {
      const by = async (f: Record<string, string>) =>
        labels((await reportPage(path, tn.tokens.group, { ...q, ...f })).items);
      expect(await by({ cycle: 'recharge', cycleStatus: 'EXPIRED' })).toEqual(['Ciclo vencido']);
      expect(await by({ cycle: 'recharge', cycleStatus: 'EXPIRING' })).toEqual(['Ciclo a vencer']);
      expect(await by({ cycle: 'recharge', cycleStatus: 'VALID' })).toEqual(['Ciclo válido']);
      expect(await by({ cycle: 'recharge', cycleStatus: 'NA' })).toEqual(['Ciclo sem data']);
      expect(await by({ cycle: 'recharge' })).toEqual(
        ['Ciclo a vencer', 'Ciclo sem data', 'Ciclo válido', 'Ciclo vencido'].sort(),
      );
      // Without a cycle: any of the equipment's cycles.
      expect(await by({ cycleStatus: 'EXPIRED' })).toEqual(['Ciclo vencido', 'Ciclo válido'].sort());
      expect(await by({ cycle: 'hydrostatic-test', cycleStatus: 'EXPIRED' })).toEqual(['Ciclo válido']);
      expect(await by({ cycle: 'no-such-cycle' })).toEqual([]);
    }
    const bad = await rest('GET', `${INSPECTIONS}?${qs({ cycle: 'Not A Code!' })}`, {
      token: tn.tokens.group,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'REPORT_FILTER_INVALID', params: { parameter: 'cycle' } });
    const badStatus = await rest('GET', `${INSPECTIONS}?${qs({ cycleStatus: 'SOON' })}`, {
      token: tn.tokens.group,
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.error).toMatchObject({
      code: 'REPORT_FILTER_INVALID',
      params: { parameter: 'cycleStatus' },
    });
  });

  it('tRPC: the same filters, and the cycle choices of the tenant', async () => {
    const api = trpcClient(tn.tokens.group);
    const list = await api.equipment.list.query({
      cycle: 'recharge',
      cycleStatus: 'EXPIRING',
      enabledTagsOnly: false,
    });
    expect(labels(list.items)).toEqual(['Ciclo a vencer']);
    const maint = await api.reports.maintenances.query({ cycle: 'recharge', cycleStatus: 'VALID' });
    expect(labels(maint.items)).toEqual(['Ciclo válido']);
    const choices = await api.reports.cycles.query({});
    expect(choices.map((x) => x.code).sort()).toEqual(['hydrostatic-test', 'inspection', 'recharge']);
    expect(choices.find((x) => x.code === 'recharge')!.name).toBe(rechargeName);
    const overRest = await rest<{ code: string }[]>('GET', '/web/equipments/report/cycles/', {
      token: tn.tokens.operator,
    });
    expect(overRest.status).toBe(200);
    expect(overRest.json.data!.map((x) => x.code).sort()).toEqual([
      'hydrostatic-test',
      'inspection',
      'recharge',
    ]);
  });

  it('XLSX: the filtered rows with the cycle’s last done, due date and status columns', async () => {
    const api = trpcClient(tn.tokens.group);
    const { jobId } = await api.reports.export.mutate({
      report: 'inspections',
      format: 'xlsx',
      filters: { cycle: 'recharge', enabledTagsOnly: false, sort: 'extraLabel', direction: 'asc' },
    });
    await waitFor(async () => {
      const r = await rest<{ state: string }>('GET', `/web/jobs/${jobId}`, { token: tn.tokens.group });
      const s = r.json.data?.state;
      return s === 'completed' || s === 'failed' ? s : undefined;
    }, 30_000);
    const file = await rest('GET', `/web/jobs/${jobId}/download`, { token: tn.tokens.group });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (h: string) => {
      const i = header.indexOf(h);
      expect(i, h).toBeGreaterThanOrEqual(0);
      return i + 1;
    };
    const [labelCol, doneCol, dueCol, statusCol] = [
      col('Identificação'),
      col(`${rechargeName}: última realização`),
      col(`${rechargeName}: vencimento`),
      col(`${rechargeName}: status`),
    ];
    const rows: unknown[][] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      rows.push([labelCol, doneCol, dueCol, statusCol].map((i) => row.getCell(i).value ?? null));
    }
    const utc = (d: string) => new Date(`${d}T00:00:00.000Z`);
    expect(rows).toEqual([
      ['Ciclo a vencer', utc(day(-360)), utc(day(5)), 'A vencer'],
      ['Ciclo sem data', null, null, 'N/A'],
      ['Ciclo válido', utc(day(-10)), utc(day(355)), 'Válido'],
      ['Ciclo vencido', utc(day(-368)), utc(day(-3)), 'Vencido'],
    ]);
  });

  it('PDF: the filter summary names the cycle and its status', async () => {
    const q = { cycle: 'recharge', cycleStatus: 'EXPIRED', enabledTagsOnly: false };
    const res = await rest('GET', `/web/equipments/report/pdf?${qs(q)}`, { token: tn.tokens.group });
    expect(res.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'cycle-pdf-'));
    try {
      const pdf = path.join(dir, 'r.pdf');
      writeFileSync(pdf, Buffer.from(await res.res.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(text).toContain(`Ciclo: ${rechargeName} (recharge)`);
      expect(text).toContain('Status do ciclo: Vencido');
      expect(text).toContain('Equipamentos: 1');
      expect(text).toContain('Ciclo vencido');
      expect(text).not.toContain('Ciclo válido');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
