/**
 * One record's document as a one-sheet XLSX with exceljs' streaming writer (like the reports and
 * the QR list): the header block — title, company, the tag's URL, the record's sections as
 * label/value rows — then each table (attributes, answers, parts) with a bold header row. Rows are
 * committed as they are written, no shared strings; every style is one object made once per
 * module and given to every cell that wears it (exceljs renders a style once per object).
 */
import ExcelJS from 'exceljs';
import type { RecordDocument } from '../shared/documents/document-types.ts';

const TOP = { wrapText: true, vertical: 'top' } as const;
const PLAIN: Partial<ExcelJS.Style> = { alignment: TOP };
const BOLD: Partial<ExcelJS.Style> = { font: { bold: true }, alignment: TOP };
const TITLE: Partial<ExcelJS.Style> = { font: { bold: true, size: 14 }, alignment: TOP };
const SUBTITLE: Partial<ExcelJS.Style> = { font: { bold: true, size: 12 }, alignment: TOP };
const RED: Partial<ExcelJS.Style> = { font: { color: { argb: 'FFC01414' } }, alignment: TOP };
const HEAD: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEDED' } },
  alignment: TOP,
};

/** Characters XML 1.0 cannot carry: a typed control character would make the file unreadable. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the ones to remove
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlSafe = (v: string | number) => (typeof v === 'string' ? v.replace(NOT_XML, ' ') : v);

/** Writes the workbook to `out` as it is built. */
export async function writeRecordXlsx(doc: RecordDocument, out: NodeJS.WritableStream): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out as never,
    useSharedStrings: false,
    useStyles: true,
  });
  wb.creator = 'EquipCheck';
  wb.created = new Date();
  const ws = wb.addWorksheet(doc.sheet);
  ws.columns = [{ width: 32 }, { width: 60 }, { width: 16 }];
  /** One row; `styles[i]` for its i-th cell (PLAIN when missing). */
  const add = (values: (string | number)[], ...styles: Partial<ExcelJS.Style>[]) => {
    const row = ws.addRow(values.map(xmlSafe));
    for (let i = 0; i < values.length; i++) row.getCell(i + 1).style = styles[i] ?? styles[0] ?? PLAIN;
    row.commit();
  };
  const field = (label: string, value: string, bad = false) => add([label, value], BOLD, bad ? RED : PLAIN);

  add([doc.title], TITLE);
  field('Empresa', doc.companyName);
  // No QR code in a sheet: the link it encodes instead.
  field('Link da tag', doc.tag.url);
  for (const section of doc.sections) {
    add([]);
    add([section.title], SUBTITLE);
    for (const f of section.fields) field(f.label, f.value, f.tone === 'bad');
  }

  for (const table of doc.tables) {
    add([]);
    add([table.title], SUBTITLE);
    if (table.rows.length === 0) {
      add([table.empty]);
      continue;
    }
    add(table.columns, HEAD);
    for (const r of table.rows) {
      // A negative answer is red; the question it answers is not.
      const styles = r.cells.map((_c, i) => (r.tone === 'bad' && i === r.cells.length - 1 ? RED : PLAIN));
      add(r.cells, ...styles);
    }
  }
  ws.commit();
  await wb.commit();
}

/** The workbook as bytes (tests, and callers without a stream). */
export async function renderRecordXlsx(doc: RecordDocument): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  await writeRecordXlsx(doc, out);
  return Buffer.concat(parts);
}
