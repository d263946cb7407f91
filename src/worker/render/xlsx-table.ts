import { setImmediate as tick } from 'node:timers/promises';
import ExcelJS from 'exceljs';

export type XlsxCell = string | number | Date | null;

export interface XlsxTableColumn {
  header: string;
  /** characters */
  width: number;
  /** a date column: its Date cells show as DD/MM/YYYY */
  date?: boolean;
}

export interface XlsxTableOptions {
  sheetName: string;
  columns: XlsxTableColumn[];
  /** called after each batch with the number of rows written so far */
  onProgress?: (done: number) => Promise<void> | void;
}

/**
 * A table as XLSX with exceljs' streaming writer (like the QR list): no shared strings, each row
 * committed as it arrives, so memory stays flat however many rows there are. Styles are on only for
 * the bold header and the date format of date columns (one style each, not one per cell).
 */
export async function renderXlsxTable(
  batches: AsyncIterable<XlsxCell[][]>,
  out: NodeJS.WritableStream,
  opts: XlsxTableOptions,
): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as never,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = wb.addWorksheet(opts.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = opts.columns.map((c) => ({
    width: c.width,
    style: c.date ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  const header = sheet.addRow(opts.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let done = 0;
  for await (const batch of batches) {
    for (const cells of batch) sheet.addRow(cells).commit();
    done += batch.length;
    await opts.onProgress?.(done);
    await tick();
  }
  sheet.commit();
  await wb.commit();
}
