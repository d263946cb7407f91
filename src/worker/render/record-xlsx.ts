/**
 * One record's document as a one-sheet XLSX (exceljs): the header block — title, company, the
 * tag's URL, the record's sections as label/value rows — then each table (attributes, answers,
 * parts) with a bold header row. A single record is small, so the workbook is built in memory.
 */
import ExcelJS from 'exceljs';
import type { RecordDocument } from '../../server/domains/documents/layout.ts';

const BOLD = { bold: true } as const;
const TITLE = { bold: true, size: 14 } as const;
const SUBTITLE = { bold: true, size: 12 } as const;
const RED = { color: { argb: 'FFC01414' } } as const;
const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEDED' } };

/** Characters XML 1.0 cannot carry: a typed control character would make the file unreadable. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the ones to remove
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlSafe = (v: string | number) => (typeof v === 'string' ? v.replace(NOT_XML, ' ') : v);

export async function renderRecordXlsx(doc: RecordDocument): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'EquipCheck';
  wb.created = new Date();
  const ws = wb.addWorksheet(doc.sheet);
  ws.columns = [{ width: 32 }, { width: 60 }, { width: 16 }];
  const add = (values: (string | number)[]) => ws.addRow(values.map(xmlSafe));
  const field = (label: string, value: string) => {
    const row = add([label, value]);
    row.getCell(1).font = BOLD;
    return row;
  };

  add([doc.title]).font = TITLE;
  field('Empresa', doc.companyName);
  // No QR code in a sheet: the link it encodes instead.
  field('Link da tag', doc.tag.url);
  for (const section of doc.sections) {
    add([]);
    add([section.title]).font = SUBTITLE;
    for (const f of section.fields) {
      const row = field(f.label, f.value);
      if (f.tone === 'bad') row.getCell(2).font = RED;
    }
  }

  for (const table of doc.tables) {
    add([]);
    add([table.title]).font = SUBTITLE;
    if (table.rows.length === 0) {
      add([table.empty]);
      continue;
    }
    add(table.columns).eachCell((c) => {
      c.font = BOLD;
      c.fill = HEAD_FILL;
    });
    for (const r of table.rows) {
      const row = add(r.cells);
      // A negative answer is red; the question it answers is not.
      if (r.tone === 'bad') row.getCell(r.cells.length).font = RED;
    }
  }
  for (const col of [1, 2]) ws.getColumn(col).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
