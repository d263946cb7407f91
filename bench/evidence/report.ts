/** The bench's tables: the phone runs, the PDFs, the storage measured and extrapolated to 1,000. */
import { INSPECTIONS, kb, mb, median, PHOTOS, PROFILE, secs, table } from './common.ts';
import { signaturePng } from './fixtures.ts';
import type { PdfFigures } from './pdf.ts';
import type { Run } from './phone.ts';
import { RELATIONS, type Stored } from './storage.ts';

export interface Figures {
  runs: Run[];
  /** the camera originals' bytes */
  cameraSizes: number[];
  /** the first run's photos as stored (after the resize on the device) */
  resized: { width: number; height: number }[];
  pdfs: { withPhotos: PdfFigures; without: PdfFigures };
  stored: Stored;
}

export function printReport(f: Figures): void {
  console.log(`\nEvidence (issue 29), the product in its own process, ${PROFILE.name} link for the phone:`);
  console.log(
    `link: ${PROFILE.latency} ms latency, ${((PROFILE.downloadThroughput * 8) / 1000).toFixed(0)} kbit/s down, ${((PROFILE.uploadThroughput * 8) / 1000).toFixed(0)} kbit/s up (CDP Network.emulateNetworkConditions); phone 390×844 @3x, touch`,
  );
  printPhone(f);
  printPdfs(f.pdfs);
  printStorage(f.stored);
}

function printPhone({ runs, cameraSizes, resized }: Figures): void {
  console.log('\n1. 10 photos (4000×3000 camera JPEGs, resized on the phone) → synced, 3 runs each:');
  const table1: string[][] = [
    [
      'case',
      'median',
      'runs',
      'record alone (median)',
      'photo uploads',
      'on the wire (median)',
      'resize on the device (median)',
    ],
  ];
  for (const mode of ['online', 'offline'] as const) {
    const rs = runs.filter((r) => r.mode === mode);
    table1.push([
      mode === 'online' ? 'online: save click → synced' : 'offline, then reconnect → synced',
      secs(median(rs.map((r) => r.syncedMs))),
      rs.map((r) => secs(r.syncedMs)).join(', '),
      secs(median(rs.map((r) => r.recordMs))),
      rs.map((r) => r.uploads).join(', '),
      mb(median(rs.map((r) => r.wireBytes))),
      secs(median(rs.map((r) => r.resizeMs))),
    ]);
  }
  console.log(table(table1));
  const allPhotoBytes = runs.flatMap((r) => r.photoBytes);
  const perRun = runs.map((r) => r.photoBytes.reduce((a, b) => a + b, 0));
  console.log(
    `stored per record (sum of the 10 photos): median ${mb(median(perRun))}; photo after resize: median ${kb(median(allPhotoBytes))} (${kb(Math.min(...allPhotoBytes))}–${kb(Math.max(...allPhotoBytes))}), ${resized[0]!.width}×${resized[0]!.height}; camera originals median ${mb(median(cameraSizes))}`,
  );
}

function printPdfs({ withPhotos, without }: Figures['pdfs']): void {
  console.log(
    '\n2. The inspection PDF (fresh process; CPU ms of renderRecordPdf; load = the job reading record, photos and seal):',
  );
  console.log(
    table([
      [
        'record',
        'photos',
        'first render',
        'median of next 20',
        'load (wall)',
        'PDF size',
        'images in PDF (pdfimages)',
      ],
      ...(
        [
          ['10 photos + seal (2 signatures)', withPhotos],
          ['no photos + seal (2 signatures)', without],
        ] as const
      ).map(([name, x]) => [
        name,
        String(x.photos),
        `${x.firstCpuMs} ms`,
        `${x.medianCpuMs} ms`,
        `${x.loadMs} ms`,
        `${kb(x.bytes)} (${x.bytes} B)`,
        `${x.images} (${x.jpegs} JPEG${x.jpegs ? `: ${[...new Set(x.jpegSizes)].join(', ')}` : ''})`,
      ]),
    ]),
  );
  console.log(
    `photo bytes in the PDF's record: ${kb(withPhotos.photoBytes)}; PDF growth for 10 photos: ${kb(withPhotos.bytes - without.bytes)}`,
  );
}

function printStorage(s: Stored): void {
  const { before, after, beforeFiles, afterFiles, auditRows } = s;
  console.log(
    `\n3. Storage, measured on ${INSPECTIONS} inspections made over REST (each: 10 photos multipart, sealed with 2 signatures), extrapolated to 1,000:`,
  );
  const d = (rel: string) => ({
    bytes: after[rel]!.bytes - before[rel]!.bytes,
    rows: after[rel]!.rows - before[rel]!.rows,
  });
  const files = afterFiles.bytes - beforeFiles.bytes;
  const fileCount = afterFiles.files - beforeFiles.files;
  const photoRows = d('record_photos');
  const photoEntries = auditRows
    .filter((r) => r.entity === 'record_photos')
    .reduce((a, r) => a + Number(r.n), 0);
  const otherEntries = auditRows
    .filter((r) => r.entity !== 'record_photos')
    .reduce((a, r) => a + Number(r.n), 0);
  const entryBytes = d('audit_entries').bytes / Math.max(1, d('audit_entries').rows);
  const txBytes = d('audit_transactions').bytes / Math.max(1, d('audit_transactions').rows);
  const txPerWrite = d('audit_transactions').rows / (INSPECTIONS * (PHOTOS + 2));
  const perInspection = (n: number) => {
    const photoFiles = (files / fileCount) * n;
    const photoRowsBytes = (photoRows.bytes / photoRows.rows) * n;
    const fixed = d('inspections').bytes / INSPECTIONS + d('record_seals').bytes / INSPECTIONS;
    // Audit: entries of the inspection and its seal, entries per photo × n, and one transaction
    // header per write (the inspection, each photo, the seal), as measured.
    const entries = otherEntries / INSPECTIONS + (photoEntries / (INSPECTIONS * PHOTOS)) * n;
    const audit = entries * entryBytes + txPerWrite * (n + 2) * txBytes;
    return { photoFiles, photoRowsBytes, fixed, audit };
  };
  const rowsTable: string[][] = [['what', 'measured', 'rows / files', 'per row / file']];
  rowsTable.push([
    'photo files (disk driver, allocated)',
    mb(files),
    String(fileCount),
    kb(files / fileCount),
  ]);
  rowsTable.push([
    'photo files (bytes)',
    mb(afterFiles.size - beforeFiles.size),
    String(fileCount),
    kb((afterFiles.size - beforeFiles.size) / fileCount),
  ]);
  for (const rel of RELATIONS) {
    const x = d(rel);
    rowsTable.push([
      `${rel} (table + indexes)`,
      kb(x.bytes),
      String(x.rows),
      `${(x.bytes / Math.max(1, x.rows)).toFixed(0)} B`,
    ]);
  }
  console.log(table(rowsTable));
  const per1000: string[][] = [
    ['1,000 inspections', 'photo files', 'record_photos', 'inspections + seals', 'audit', 'total'],
  ];
  for (const n of [10, 3]) {
    const p = perInspection(n);
    per1000.push([
      `with ${n} photos each`,
      mb(p.photoFiles * 1000),
      mb(p.photoRowsBytes * 1000),
      mb(p.fixed * 1000),
      mb(p.audit * 1000),
      mb((p.photoFiles + p.photoRowsBytes + p.fixed + p.audit) * 1000),
    ]);
  }
  console.log(table(per1000));
  console.log(
    `signature PNGs sent: ${[0, 1].map((k) => kb(Buffer.from(signaturePng(k).split(',')[1]!, 'base64').length)).join(', ')} (600×200, as the pad draws)`,
  );
  console.log(
    `audit entries of those writes: ${auditRows.map((r) => `${r.entity} ${r.action} ${r.n} (${(Number(r.bytes) / Number(r.n)).toFixed(0)} B/row heap)`).join('; ')}`,
  );
  console.log(
    `(extrapolated ×${(1000 / INSPECTIONS).toFixed(0)} from ${INSPECTIONS} measured; the audit of 3 photos: the measured entries per photo × 3. REST: ${INSPECTIONS * PHOTOS} photo uploads in ${secs(s.restMs)} with the seals, upload median ${median(s.uploadMs).toFixed(0)} ms on localhost)`,
  );
}
