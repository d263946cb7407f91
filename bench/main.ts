/**
 * `npm run bench`: QR label throughput and peak memory, then API latency on a large tenant (docs/performance.md).
 * Each rendering runs in its own process, so its peak RSS is its own; the bare `qrcode` encoder's
 * rate on the same machine is the ceiling the renderers are compared with.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { serialFromNumber, tagUrl } from '../src/shared/qr/serial.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [1_000, 10_000];
const TARGET = { pdf10kSeconds: 10, rssMb: 300 };

interface Row {
  what: string;
  n: number;
  seconds: number;
  perSecond: number;
  peakRssMb: number | null;
  sizeMb: number | null;
}

function encoderCeiling(n: number): Row {
  const urls = Array.from({ length: n }, (_, i) =>
    tagUrl('https://app.equipcheck.com.br', serialFromNumber(BigInt(i) * 1_000_003n + 7n)),
  );
  const t0 = performance.now();
  for (const u of urls) QRCode.create(u, { errorCorrectionLevel: 'M' });
  const s = (performance.now() - t0) / 1000;
  return {
    what: 'qrcode encoder only (ceiling)',
    n,
    seconds: s,
    perSecond: n / s,
    peakRssMb: null,
    sizeMb: null,
  };
}

function render(format: 'pdf' | 'xlsx', n: number): Row {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'render-child.ts'), format, String(n)],
    { encoding: 'utf8' },
  );
  const r = JSON.parse(out.trim().split('\n').pop()!) as { ms: number; bytes: number; maxRssMb: number };
  const s = r.ms / 1000;
  return {
    what: `${format.toUpperCase()} labels (render + store)`,
    n,
    seconds: s,
    perSecond: n / s,
    peakRssMb: r.maxRssMb,
    sizeMb: r.bytes / 1e6,
  };
}

function table(rows: Row[]): string {
  const head = ['what', 'labels', 'seconds', 'labels/s', 'peak RSS MB', 'file MB'];
  const body = rows.map((r) => [
    r.what,
    r.n.toLocaleString('en'),
    r.seconds.toFixed(2),
    Math.round(r.perSecond).toLocaleString('en'),
    r.peakRssMb === null ? '—' : r.peakRssMb.toFixed(0),
    r.sizeMb === null ? '—' : r.sizeMb.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

// `npm run bench -- api` (or `qr`, `equipment`, `reports`, `dashboard`, `throughput`) runs one part.
const part = process.argv[2];
if (part === undefined || part === 'qr') {
  const rows: Row[] = [];
  for (const n of SIZES) rows.push(encoderCeiling(n));
  for (const format of ['pdf', 'xlsx'] as const) for (const n of SIZES) rows.push(render(format, n));

  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(table(rows));
  const pdf10k = rows.find((r) => r.what.startsWith('PDF') && r.n === 10_000)!;
  const ok =
    pdf10k.seconds < TARGET.pdf10kSeconds &&
    rows.every((r) => r.peakRssMb === null || r.peakRssMb < TARGET.rssMb);
  console.log(
    `Target (10,000 PDF labels < ${TARGET.pdf10kSeconds} s, peak RSS < ${TARGET.rssMb} MB): ${ok ? 'met' : 'NOT met'}`,
  );
}

// API latency over a large tenant (docs/performance.md, "API").
if (part === undefined || part === 'api') {
  const { apiBench, apiTable } = await import('./api.ts');
  const api = await apiBench();
  console.log('\nAPI, in-process, 100,000 products in the tenant:');
  console.log(apiTable(api.rows));
  console.log('\nPlan of the one-hit search:\n' + api.plan);
}

// Equipment list and POST inspection over 100,000 equipment (its own throwaway database).
if (part === undefined || part === 'equipment') {
  console.log('\nEquipment, in-process, 100,000 equipment in the tenant:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'equipment-list.ts')], {
    stdio: 'inherit',
  });
}

// Report pages per filter kind, and the XLSX (100,000 rows) and PDF (10,000) exports (its own database).
if (part === undefined || part === 'reports') {
  console.log('\nReports, 100,000 equipment in the tenant:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'reports.ts')], { stdio: 'inherit' });
}

// Every dashboard call over 100,000 equipment / ~1,056,000 inspections (its own database).
if (part === undefined || part === 'dashboard') {
  console.log('\nDashboard, 100,000 equipment and ~1,000,000 inspections in the tenant:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'dashboard.ts')], { stdio: 'inherit' });
}

// Throughput under 20 concurrent connections beside the bare-route ceiling (its own database and processes).
if (part === undefined || part === 'throughput') {
  console.log('\nThroughput, 20 connections, real server processes:');
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'throughput.ts')], {
    stdio: 'inherit',
  });
}
