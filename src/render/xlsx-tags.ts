import { setImmediate as tick } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { formatDate } from '../shared/dates.ts';
import { tagUrl } from '../shared/qr/serial.ts';

export interface TagRowItem {
  serial: string;
  createdAt: Date;
}

export interface XlsxTagOptions {
  publicUrl: string;
  companyName: string;
  /** The day a tag was created is the day in this zone (APP_TIME_ZONE). */
  timeZone: string;
  onProgress?: (done: number) => Promise<void> | void;
}

export const XLSX_HEADER = ['Número de série', 'URL', 'Empresa', 'Data de criação'] as const;

/**
 * The tags of a batch as XLSX with exceljs' streaming writer (DESIGN §7): no shared strings, no
 * styles, each row committed as it arrives, so memory stays flat however many rows there are.
 */
export async function renderXlsxTags(
  batches: AsyncIterable<TagRowItem[]> | Iterable<TagRowItem[]>,
  out: NodeJS.WritableStream,
  opts: XlsxTagOptions,
): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as never,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = wb.addWorksheet('Tags');
  sheet.columns = [{ width: 16 }, { width: 48 }, { width: 32 }, { width: 16 }];
  sheet.addRow([...XLSX_HEADER]).commit();
  let done = 0;
  for await (const batch of batches) {
    for (const item of batch) {
      sheet
        .addRow([
          item.serial,
          tagUrl(opts.publicUrl, item.serial),
          opts.companyName,
          formatDate(item.createdAt, opts.timeZone),
        ])
        .commit();
    }
    done += batch.length;
    await opts.onProgress?.(done);
    await tick();
  }
  sheet.commit();
  await wb.commit();
}
