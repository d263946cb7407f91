/**
 * One measured run in a fresh process (so peak RSS belongs to this run alone): renders N labels
 * as the worker does — serials arriving in chunks of 500, output written through the file store —
 * and prints one JSON line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '../src/shared/dates.ts';
import { serialFromNumber } from '../src/shared/qr/serial.ts';
import { LocalFileStore } from '../src/server/files/store.ts';
import { builtinTemplate, DEFAULT_TEMPLATE_ID } from '../src/shared/qr/templates.ts';
import { renderPdfLabels } from '../src/render/pdf-labels.ts';
import { renderXlsxTags } from '../src/render/xlsx-tags.ts';
import { renderZplLabels } from '../src/render/zpl-labels.ts';

// `pdf|xlsx|zpl N [template] [full]`: `full` prints the company name and a note and draws cut marks.
const [format, nArg, templateArg, fullArg] = process.argv.slice(2);
const n = Number(nArg);
const found = builtinTemplate(templateArg ?? (format === 'zpl' ? 'thermal-50x30' : DEFAULT_TEMPLATE_ID));
if (!found) throw new Error(`unknown template ${templateArg}`);
const template = found;
const full = fullArg === 'full';
const text = full ? { companyName: 'Extintores Demo Ltda', note: 'Inspecione aqui' } : {};
const PUBLIC_URL = 'https://app.equipcheck.com.br';

async function* batches() {
  const createdAt = new Date();
  for (let i = 0; i < n; i += 500) {
    yield Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
      serial: serialFromNumber(BigInt(i + j) * 1_000_003n + 7n),
      createdAt,
    }));
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'eqc-bench-'));
  const store = new LocalFileStore(dir);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let size: number;
  if (format === 'pdf') {
    const bytes = await renderPdfLabels(batches(), {
      publicUrl: PUBLIC_URL,
      template,
      cutMarks: full,
      ...text,
    });
    size = (
      await store.put(
        'out.pdf',
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        'application/pdf',
      )
    ).size;
  } else if (format === 'zpl') {
    const w = await store.openWrite('out.zpl', 'application/octet-stream');
    await renderZplLabels(batches(), w.stream, { publicUrl: PUBLIC_URL, template, ...text });
    size = (await w.commit()).size;
  } else {
    const w = await store.openWrite('out.xlsx', 'application/octet-stream');
    await renderXlsxTags(batches(), w.stream, {
      publicUrl: PUBLIC_URL,
      companyName: 'Extintores Demo Ltda',
      timeZone: DEFAULT_TIME_ZONE,
    });
    size = (await w.commit()).size;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // CPU time of this process (user + system): the machine may be shared, wall time is noisier.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  await rm(dir, { recursive: true, force: true });
  process.stdout.write(
    `${JSON.stringify({ format, n, template: template.id, ms, cpuMs, bytes: size, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
