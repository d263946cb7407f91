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
import { renderPdfLabels } from '../src/worker/render/pdf-labels.ts';
import { renderXlsxTags } from '../src/worker/render/xlsx-tags.ts';

const [format, nArg] = process.argv.slice(2);
const n = Number(nArg);
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
  let size: number;
  if (format === 'pdf') {
    const bytes = await renderPdfLabels(batches(), { publicUrl: PUBLIC_URL });
    size = (
      await store.put(
        'out.pdf',
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        'application/pdf',
      )
    ).size;
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
  await rm(dir, { recursive: true, force: true });
  process.stdout.write(
    `${JSON.stringify({ format, n, ms, bytes: size, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
