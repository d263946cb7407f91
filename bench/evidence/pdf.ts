/**
 * Step 2: the inspection's PDF, rendered by bench/evidence-pdf.ts in a fresh process per record
 * (the job's load and render), and the images in the file counted with `pdfimages -list`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Product } from './product.ts';

const bench = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PdfFigures {
  photos: number;
  photoBytes: number;
  loadMs: number;
  firstCpuMs: number;
  medianCpuMs: number;
  bytes: number;
  images: number;
  jpegs: number;
  jpegSizes: string[];
}

/** The PDFs of the record with photos and of the one without, in a directory removed after. */
export function recordPdfs(
  p: Product,
  withPhotosId: number,
  withoutId: number,
): { withPhotos: PdfFigures; without: PdfFigures } {
  const pdfDir = mkdtempSync(path.join(tmpdir(), 'eqc-evidence-pdf-'));
  const withPhotos = pdfOf(p, path.join(pdfDir, 'with-photos.pdf'), withPhotosId);
  const without = pdfOf(p, path.join(pdfDir, 'without-photos.pdf'), withoutId);
  rmSync(pdfDir, { recursive: true, force: true });
  return { withPhotos, without };
}

function pdfOf(p: Product, out: string, recordId: number): PdfFigures {
  const line = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(bench, 'evidence-pdf.ts'),
      JSON.stringify({
        schema: p.demo.schema,
        companyId: p.demo.companyId,
        companyName: p.companyName,
        recordId,
        publicUrl: p.url,
        out,
      }),
    ],
    { encoding: 'utf8', env: { ...process.env, ...p.env } },
  );
  const r = JSON.parse(line.trim().split('\n').pop()!) as Omit<PdfFigures, 'images' | 'jpegs' | 'jpegSizes'>;
  const images = execFileSync('pdfimages', ['-list', out])
    .toString()
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .filter((l) => l[2] === 'image');
  const jpegs = images.filter((l) => l[8] === 'jpeg');
  return {
    ...r,
    images: images.length,
    jpegs: jpegs.length,
    jpegSizes: jpegs.map((l) => `${l[3]}×${l[4]}`),
  };
}
