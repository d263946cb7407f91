/**
 * `npm run bench -- qr`: QR label throughput and peak memory (docs/performance.md). Each rendering
 * runs in its own process (bench/render-child.ts), so its peak RSS is its own; the bare `qrcode`
 * encoder's rate on the same machine is the ceiling the renderers are compared with.
 *
 * Issue 19: 10,000 labels on every shipped template (with the company name, a note and cut marks),
 * each compared with the current one (the A4 4 × 6): no template may render at less than 80 % of
 * its rate. The runs are interleaved and repeated (QR_BENCH_REPEAT, default 3) and compared by the
 * median CPU time of the rendering process, which a machine shared with other work disturbs far
 * less than wall time (both are printed).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { serialFromNumber, tagUrl } from '../src/shared/qr/serial.ts';
import { BUILTIN_TEMPLATES, DEFAULT_TEMPLATE_ID } from '../src/shared/qr/templates.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [1_000, 10_000];
const TARGET = { pdf10kSeconds: 10, rssMb: 300, templateShare: 0.8 };
const TEMPLATE_LABELS = 10_000;

interface Row {
  what: string;
  n: number;
  seconds: number;
  /** CPU seconds of the rendering process (null: measured in this process) */
  cpuSeconds: number | null;
  perSecond: number;
  peakRssMb: number | null;
  sizeMb: number | null;
}

interface ChildResult {
  ms: number;
  cpuMs: number;
  bytes: number;
  maxRssMb: number;
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
    cpuSeconds: null,
    perSecond: n / s,
    peakRssMb: null,
    sizeMb: null,
  };
}

function child(args: string[]): ChildResult {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'render-child.ts'), ...args],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
}

function render(format: 'pdf' | 'xlsx', n: number): Row {
  const r = child([format, String(n)]);
  const s = r.ms / 1000;
  return {
    what: `${format.toUpperCase()} labels (render + store)`,
    n,
    seconds: s,
    cpuSeconds: r.cpuMs / 1000,
    perSecond: n / s,
    peakRssMb: r.maxRssMb,
    sizeMb: r.bytes / 1e6,
  };
}

function table(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

function rowsTable(rows: Row[]): string {
  return table(
    ['what', 'labels', 'seconds', 'CPU s', 'labels/s', 'peak RSS MB', 'file MB'],
    rows.map((r) => [
      r.what,
      r.n.toLocaleString('en'),
      r.seconds.toFixed(2),
      r.cpuSeconds === null ? '—' : r.cpuSeconds.toFixed(2),
      Math.round(r.perSecond).toLocaleString('en'),
      r.peakRssMb === null ? '—' : r.peakRssMb.toFixed(0),
      r.sizeMb === null ? '—' : r.sizeMb.toFixed(2),
    ]),
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** 10,000 labels per shipped template (and the roll's ZPL), interleaved, median of `repeat` runs. */
function templates(repeat: number): boolean {
  const runs = new Map<string, ChildResult[]>();
  const jobs: [string, string[]][] = [
    ...BUILTIN_TEMPLATES.map((t): [string, string[]] => [
      `PDF ${t.id}`,
      ['pdf', String(TEMPLATE_LABELS), t.id, 'full'],
    ]),
    ['ZPL thermal-50x30', ['zpl', String(TEMPLATE_LABELS), 'thermal-50x30', 'full']],
  ];
  for (let i = 0; i < repeat; i++)
    for (const [name, args] of jobs) runs.set(name, [...(runs.get(name) ?? []), child(args)]);
  const stats = [...runs].map(([name, rs]) => ({
    name,
    cpuMs: median(rs.map((r) => r.cpuMs)),
    ms: median(rs.map((r) => r.ms)),
    rss: Math.max(...rs.map((r) => r.maxRssMb)),
    mb: rs[0]!.bytes / 1e6,
  }));
  const base = stats.find((s) => s.name === `PDF ${DEFAULT_TEMPLATE_ID}`)!;
  let ok = true;
  const body = stats.map((s) => {
    const share = base.cpuMs / s.cpuMs;
    const pdf = s.name.startsWith('PDF');
    if (pdf && share < TARGET.templateShare) ok = false;
    return [
      s.name,
      (s.cpuMs / 1000).toFixed(2),
      Math.round((TEMPLATE_LABELS * 1000) / s.cpuMs).toLocaleString('en'),
      (s.ms / 1000).toFixed(2),
      `${Math.round(share * 100)} %`,
      s.rss.toFixed(0),
      s.mb.toFixed(2),
    ];
  });
  console.log(
    `\nTemplates: ${TEMPLATE_LABELS.toLocaleString('en')} labels each, company name + note + cut marks, median of ${repeat} interleaved runs:`,
  );
  console.log(
    table(['template', 'CPU s', 'labels/CPU s', 'wall s', 'vs a4-4x6', 'peak RSS MB', 'file MB'], body),
  );
  console.log(
    `Target (every PDF template ≥ ${TARGET.templateShare * 100} % of the A4 4 × 6's rate): ${ok ? 'met' : 'NOT met'}`,
  );
  return ok;
}

export function qrBench(): void {
  const rows: Row[] = [];
  for (const n of SIZES) rows.push(encoderCeiling(n));
  for (const format of ['pdf', 'xlsx'] as const) for (const n of SIZES) rows.push(render(format, n));

  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(rowsTable(rows));
  const pdf10k = rows.find((r) => r.what.startsWith('PDF') && r.n === 10_000)!;
  const ok =
    pdf10k.seconds < TARGET.pdf10kSeconds &&
    rows.every((r) => r.peakRssMb === null || r.peakRssMb < TARGET.rssMb);
  console.log(
    `Target (10,000 PDF labels < ${TARGET.pdf10kSeconds} s, peak RSS < ${TARGET.rssMb} MB): ${ok ? 'met' : 'NOT met'}`,
  );
  templates(Math.max(1, Number(process.env.QR_BENCH_REPEAT ?? 3)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) qrBench();
