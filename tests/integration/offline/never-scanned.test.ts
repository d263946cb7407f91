import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../../src/server/db/days.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { daysAgo, equipmentOf, inspected, minutesAgo, type OfflineTenant, offlineTenant } from './helpers.ts';

/**
 * Issue 20 items 4–5: the never-scanned report — equipment with no scanned (SCAN or NFC)
 * inspection since a day — on the inspection report (`notScannedSince`) and its exports.
 */
const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: OfflineTenant;
const e: Record<string, { id: number; serial: string }> = {};
beforeAll(async () => {
  t = await offlineTenant();
  for (const k of ['scannedToday', 'scanned10', 'typedOnly', 'never', 'nfc3', 'typedAfterScan'])
    e[k] = await equipmentOf(t, { label: `Nunca lida ${k}` });
  const s = (days: number, by = 'SCAN') => ({
    identifiedBy: by,
    performedAt: daysAgo(days),
    scannedAt: daysAgo(days),
  });
  await inspected(t, e.scannedToday!.serial, { identifiedBy: 'SCAN', performedAt: minutesAgo(1) });
  await inspected(t, e.scanned10!.serial, s(10));
  // An older scan synced later does not move the last scan back.
  await inspected(t, e.scanned10!.serial, s(15));
  await inspected(t, e.typedOnly!.serial, { identifiedBy: 'TYPED' });
  await inspected(t, e.nfc3!.serial, s(3, 'NFC'));
  await inspected(t, e.typedAfterScan!.serial, s(10));
  await inspected(t, e.typedAfterScan!.serial, { identifiedBy: 'TYPED', performedAt: minutesAgo(1) });
}, 60_000);

const day = (n: number) => addDays(today(), n);

async function listed(notScannedSince: string): Promise<Equipment[]> {
  const r = await rest<{ items: Equipment[]; total: number }>(
    'GET',
    `/web/equipments/?notScannedSince=${notScannedSince}&pageSize=100&field=tagSerialNumber&direction=asc`,
    { token: t.tokens.operator },
  );
  expect(r.status).toBe(200);
  expect(r.json.data!.total).toBe(r.json.data!.items.length);
  return r.json.data!.items;
}
const serials = (...keys: string[]) => keys.map((k) => e[k]!.serial).sort();

describe('notScannedSince', () => {
  it('lists equipment whose last scan is before the day, or that was never scanned', async () => {
    expect((await listed(day(-5))).map((x) => x.tagSerialNumber)).toEqual(
      serials('scanned10', 'typedOnly', 'never', 'typedAfterScan'),
    );
    expect((await listed(day(-20))).map((x) => x.tagSerialNumber)).toEqual(serials('typedOnly', 'never'));
    expect((await listed(day(0))).map((x) => x.tagSerialNumber)).toEqual(
      serials('scanned10', 'typedOnly', 'never', 'nfc3', 'typedAfterScan'),
    );
    const rows = new Map((await listed(day(0))).map((x) => [x.tagSerialNumber, x]));
    expect(new Date(rows.get(e.scanned10!.serial)!.lastScannedAt!).toISOString().slice(0, 10)).toBe(
      new Date(daysAgo(10)).toISOString().slice(0, 10),
    );
    expect(rows.get(e.never!.serial)!.lastScannedAt).toBeNull();
    expect(rows.get(e.typedAfterScan!.serial)!.lastInspectionPresence?.typed).toBe(true);
    // The other filters still apply, and the tRPC door takes it too.
    const page = await trpcClient(t.tokens.group).equipment.list.query({
      notScannedSince: day(-5),
      status: 'NA',
    });
    expect(page.items.map((x) => x.tagSerialNumber)).toEqual([e.never!.serial]);
  });

  it('a day that is not one is 400 REPORT_FILTER_INVALID naming the parameter', async () => {
    const r = await rest('GET', '/web/equipments/?notScannedSince=2025-02-30', { token: t.tokens.operator });
    expect([r.status, r.json.error?.code, r.json.error?.params]).toEqual([
      400,
      'REPORT_FILTER_INVALID',
      { parameter: 'notScannedSince' },
    ]);
  });

  it('the XLSX and PDF exports hold the same rows, the PDF names the filter', async () => {
    const expected = await listed(day(-5));
    const xlsx = await rest('GET', `/web/equipments/report/excel?notScannedSince=${day(-5)}`, {
      token: t.tokens.group,
    });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.res.arrayBuffer());
    const sheet = wb.getWorksheet('Inspeções')!;
    const tags: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) tags.push(String(row.getCell(5).value));
    });
    expect(tags.sort()).toEqual(expected.map((x) => x.tagSerialNumber).sort());
    expect(tags).toHaveLength(4);

    const pdf = await rest('GET', `/web/equipments/report/pdf?notScannedSince=${day(-20)}`, {
      token: t.tokens.group,
    });
    expect(pdf.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'never-scanned-'));
    try {
      const file = path.join(dir, 'r.pdf');
      writeFileSync(file, Buffer.from(await pdf.res.arrayBuffer()));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(`Sem leitura da tag desde: ${day(-20).split('-').reverse().join('/')}`);
      for (const k of ['typedOnly', 'never']) expect(text).toContain(e[k]!.serial);
      for (const k of ['scanned10', 'nfc3', 'scannedToday', 'typedAfterScan'])
        expect(text).not.toContain(e[k]!.serial);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
