/**
 * One inspection's PDF as the documents job renders it (bench/evidence.ts runs this in a fresh
 * process per record, with the product's environment): the document loaded the job's way
 * (`loadRecordDocument`: the record, its photos' stored bytes, its seal), then `renderRecordPdf`
 * — CPU time of the first render (pdf-lib's import included, like a worker's first document) and
 * the median of the next 20; the load's wall time beside them. Writes the PDF to `out` and prints
 * one JSON line. Argument: JSON { schema, companyId, companyName, recordId, publicUrl, out }.
 */
import { writeFileSync } from 'node:fs';

const args = JSON.parse(process.argv[2]!) as {
  schema: string;
  companyId: number;
  companyName: string;
  recordId: number;
  publicUrl: string;
  out: string;
};

const { tenantDb, closeDb } = await import('../src/server/db/database.ts');
const { loadRecordDocument } = await import('../src/server/domains/documents/content.ts');
const { config } = await import('../src/server/config.ts');

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const t0 = performance.now();
const doc = await loadRecordDocument(
  tenantDb(args.schema),
  'inspection',
  args.recordId,
  { id: args.companyId, name: args.companyName },
  { publicUrl: args.publicUrl, timeZone: config().APP_TIME_ZONE },
);
const loadMs = performance.now() - t0;
if (!doc) throw new Error(`inspection ${args.recordId} not found`);
const render = async () => (await import('../src/render/record-pdf.ts')).renderRecordPdf(doc);
let t = cpuMs();
const bytes = await render();
const firstCpuMs = cpuMs() - t;
const runs: number[] = [];
for (let i = 0; i < 20; i++) {
  t = cpuMs();
  await render();
  runs.push(cpuMs() - t);
}
runs.sort((a, b) => a - b);
writeFileSync(args.out, bytes);
await closeDb();
// Nothing else is waited for (a client the load opened must not keep the process alive).
process.stdout.write(
  `${JSON.stringify({
    photos: doc.photos?.length ?? 0,
    photoBytes: (doc.photos ?? []).reduce((n, p) => n + p.bytes.length, 0),
    loadMs: Math.round(loadMs),
    firstCpuMs: Math.round(firstCpuMs),
    medianCpuMs: Math.round(runs[10]! * 10) / 10,
    bytes: bytes.length,
  })}\n`,
);
process.exit(0);
