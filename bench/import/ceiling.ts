/**
 * The ceiling of the import bench: the spreadsheet libraries alone over the bench's files — exceljs'
 * streaming WorkbookReader (no shared strings or styles kept) and @fast-csv/parse — counting rows,
 * nothing else. What the product path can at best approach.
 */
import { createReadStream } from 'node:fs';

export interface CeilingResult {
  what: string;
  rows: number;
  seconds: number;
}

export async function xlsxCeiling(file: string): Promise<CeilingResult> {
  const ExcelJS = (await import('exceljs')).default;
  const t = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<{ values: unknown }>) {
      if (row.values) rows++;
    }
  }
  return { what: 'exceljs WorkbookReader (XLSX)', rows: rows - 1, seconds: (performance.now() - t) / 1000 };
}

export async function csvCeiling(file: string): Promise<CeilingResult> {
  const { parse } = await import('@fast-csv/parse');
  const t = performance.now();
  let rows = 0;
  await new Promise<void>((resolve, reject) => {
    createReadStream(file)
      .pipe(parse({ headers: true }))
      .on('data', () => {
        rows++;
      })
      .on('error', reject)
      .on('end', () => resolve());
  });
  return { what: '@fast-csv/parse (CSV)', rows, seconds: (performance.now() - t) / 1000 };
}
