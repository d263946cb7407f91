/**
 * Spreadsheet rows, streamed (issue 31): CSV (delimiter `,`, `;` or tab found on the header line;
 * UTF-8 with or without BOM, Latin-1 when the bytes are not UTF-8 — decided once at upload) or XLSX
 * (the first sheet, through exceljs' streaming reader: dates → `YYYY-MM-DD`, numbers → text with a
 * point). Rows come one at a time from the stored file; nothing holds the whole file. `line` is the
 * spreadsheet's row number (header = 1). The type is the bytes' (`sniffFormat`), never the name's.
 */
import type { Readable } from 'node:stream';
import { AppError } from '../../errors.ts';

export interface SheetRow {
  line: number;
  cells: Record<string, string>;
}

export type SheetFormat = 'csv' | 'xlsx';
export type TextEncoding = 'utf8' | 'latin1';

/**
 * What the bytes are: XLSX (a ZIP: `PK\x03\x04`), text (CSV) — no NUL byte nor other control
 * bytes but tab/CR/LF/FF in its first 64 KiB — or 415 IMPORT_FILE_TYPE_INVALID (a renamed PDF,
 * image or other binary). Text also gets its encoding: UTF-8 when the whole file decodes as UTF-8.
 */
export function sniffFormat(bytes: Uint8Array): { format: SheetFormat; encoding: TextEncoding } {
  if (bytes.byteLength === 0) throw new AppError('IMPORT_FILE_EMPTY');
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return { format: 'xlsx', encoding: 'utf8' };
  const head = bytes.subarray(0, 64 * 1024);
  for (const b of head)
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c)
      throw new AppError('IMPORT_FILE_TYPE_INVALID');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { format: 'csv', encoding: 'utf8' };
  } catch {
    return { format: 'csv', encoding: 'latin1' };
  }
}

/** The header row made usable: blanks named `Coluna N`, repeats suffixed ` (2)`. */
export function headerNames(raw: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((h, i) => {
    const base = h.trim() || `Coluna ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** The delimiter of a CSV header line: the most frequent of `;`, `,` and tab outside quotes. */
export function csvDelimiter(headerLine: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? best : ',';
}

/** A spreadsheet's header and its rows (an iterator to consume once). */
export interface Sheet {
  headers: string[];
  rows: AsyncGenerator<SheetRow>;
  /** Ends the reading (the file's stream) when the rows are not read to the end. */
  close(): Promise<void>;
}

/**
 * Opens a stored file's rows. `open()` gives a fresh stream of the file (called once, twice for a
 * CSV: its first line picks the delimiter). 400 IMPORT_FILE_EMPTY without a header row.
 */
export async function openSheet(
  open: () => Promise<Readable>,
  format: SheetFormat,
  encoding: TextEncoding = 'utf8',
): Promise<Sheet> {
  const raw = format === 'xlsx' ? xlsxRows(await open()) : csvRows(open, encoding);
  let first: IteratorResult<{ line: number; values: string[] }>;
  try {
    first = await raw.next();
    while (!first.done && first.value.values.every((v) => v.trim() === '')) first = await raw.next();
  } catch (e) {
    throw e instanceof AppError ? e : new AppError('IMPORT_FILE_UNREADABLE');
  }
  if (first.done) throw new AppError('IMPORT_FILE_EMPTY');
  const headers = headerNames(first.value.values);
  async function* rows(): AsyncGenerator<SheetRow> {
    try {
      for await (const r of raw) {
        if (r.values.every((v) => v.trim() === '')) continue;
        const cells: Record<string, string> = {};
        for (let i = 0; i < headers.length; i++) cells[headers[i]!] = r.values[i] ?? '';
        yield { line: r.line, cells };
      }
    } catch (e) {
      throw e instanceof AppError ? e : new AppError('IMPORT_FILE_UNREADABLE');
    } finally {
      await raw.return(undefined);
    }
  }
  return {
    headers,
    rows: rows(),
    async close() {
      await raw.return(undefined);
    },
  };
}

/** The first line of a text stream (at most 64 KiB), to pick the delimiter. */
async function firstLine(stream: Readable, encoding: TextEncoding): Promise<string> {
  let text = '';
  try {
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString(encoding);
      const nl = text.indexOf('\n');
      if (nl >= 0) return text.slice(0, nl);
      if (text.length > 64 * 1024) break;
    }
    return text;
  } finally {
    stream.destroy();
  }
}

async function* csvRows(
  open: () => Promise<Readable>,
  encoding: TextEncoding,
): AsyncGenerator<{ line: number; values: string[] }> {
  const delimiter = csvDelimiter((await firstLine(await open(), encoding)).replace(/^\uFEFF/, ''));
  const { parse } = await import('@fast-csv/parse');
  const source = await open();
  const parser = source.pipe(
    parse({ delimiter, headers: false, ignoreEmpty: false, encoding, discardUnmappedColumns: false }),
  );
  source.on('error', (e) => parser.destroy(e));
  let line = 0;
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      line++;
      yield {
        line,
        values: line === 1 && values[0] ? [values[0].replace(/^\uFEFF/, ''), ...values.slice(1)] : values,
      };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/** An XLSX cell's value as text. */
export function cellToText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellToText(o.result);
    if (o.text !== undefined) return cellToText(o.text);
  }
  return '';
}

async function* xlsxRows(source: Readable): AsyncGenerator<{ line: number; values: string[] }> {
  const ExcelJS = (await import('exceljs')).default;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<{ number: number; values: unknown[] }>) {
        const values: string[] = [];
        const cells = row.values;
        for (let i = 1; i < cells.length; i++) values.push(cellToText(cells[i]));
        yield { line: row.number, values };
      }
      return; // the first sheet only
    }
  } finally {
    source.destroy();
  }
}
