import { once } from 'node:events';
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
 * Waits until the zip has taken what the sheet wrote. exceljs' streaming writer ignores the zip
 * entry's backpressure (exceljs issue #2916), so a producer faster than the compressor piles the
 * sheet's uncompressed XML up in memory (~1 MB per 1,000 rows). The entry's input is exceljs'
 * internal pipe of the sheet stream; without it (another exceljs) this does nothing.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const input = (sheet as unknown as { stream?: { pipes?: NodeJS.EventEmitter[] } }).stream?.pipes?.[0] as
    | (NodeJS.EventEmitter & { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } })
    | undefined;
  if (input && (input.writableNeedDrain ?? input._writableState?.needDrain)) await once(input, 'drain');
}

/**
 * A table as XLSX with exceljs' streaming writer (like the QR list): no shared strings, each row
 * committed as it arrives, so memory stays flat however many rows there are. Styles are on only for
 * the bold header and the date format of date columns.
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
  sheet.columns = opts.columns.map((c) => ({ width: c.width }));
  const header = sheet.addRow(opts.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  // One style object per kind of column, given to every cell: exceljs looks a style up by the
  // object's identity (a WeakMap) and renders it only once; a style per cell is rendered per cell.
  const plain = {};
  const dated = { numFmt: 'dd/mm/yyyy' };
  const styles = opts.columns.map((c) => (c.date ? dated : plain));
  let done = 0;
  for await (const batch of batches) {
    for (let r = 0; r < batch.length; r++) {
      const cells = batch[r]!;
      const row = sheet.addRow(cells);
      for (let i = 0; i < styles.length; i++) if (cells[i] !== null) row.getCell(i + 1).style = styles[i]!;
      row.commit();
      // Let I/O run meanwhile (the next batch's queries, the file writes, the job lock).
      if (r % 100 === 99) await tick();
    }
    done += batch.length;
    await zipCaughtUp(sheet);
    await opts.onProgress?.(done);
    await tick();
  }
  sheet.commit();
  await wb.commit();
}
