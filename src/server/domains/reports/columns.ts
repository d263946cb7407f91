/**
 * The columns of the exported reports, from the equipment as the lists answer it (`Equipment`), so
 * a file's cells are the list's rows. The PDF holds the table on screen (seed 001 screens 1 and 2);
 * the XLSX every column of both tables plus one column per attribute.
 */
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import { AWAITING_TAG_PT } from '../../../shared/equipment/awaiting-tag.ts';
import { todayIn } from '../../../shared/equipment/status.ts';
import type { ReportKind } from '../../../shared/reports/schemas.ts';
import type { LastRecordPhotoCounts } from '../photos/index.ts';
import { dateWithStatus, EXPIRATION_LABELS, expirationText, STATUS_LABELS } from './labels.ts';
import type { ReportCycleState } from './rows.ts';

/** A spreadsheet cell: text, a number, a calendar day (a Date at UTC midnight), or empty. */
export type XlsxValue = string | number | Date | null;

export interface PdfColumn {
  header: string;
  /** points, on a landscape A4 (786 points between the margins) */
  width: number;
  /** a line break makes a second, smaller line (the SKU under the name, a status under its date) */
  cell(e: Equipment): string;
  /** never cut: shrinks, then wraps (the tag serial) */
  whole?: boolean;
}

export interface XlsxColumn {
  header: string;
  /** characters */
  width: number;
  date?: boolean;
  /**
   * `photos`: the equipment's last records' photo counts (`withReportRows`' `photoCounts`);
   * `cycle`: the filtered cycle's state on it (`withReportRows`' `cycleOf`)
   */
  cell(e: Equipment, photos: LastRecordPhotoCounts | undefined, cycle?: ReportCycleState): XlsxValue;
}

const person = (p: Equipment['lastInspection']) => (p ? (p.userName ?? p.userEmail ?? '') : '');
/** Name over e-mail, for the PDF. */
const personCell = (p: Equipment['lastInspection']) =>
  p ? [p.userName ?? p.userEmail ?? '', p.userName ? (p.userEmail ?? '') : ''].join('\n') : '';

/** A calendar day as the spreadsheet stores it: a Date at UTC midnight (exceljs writes UTC serials). */
export function excelDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** `excelDay` memoised for one export (a few hundred distinct days over 100,000 rows). */
function excelDays(): (day: string) => Date {
  const dates = new Map<string, Date>();
  return (day) => {
    let date = dates.get(day);
    if (!date) {
      date = excelDay(day);
      dates.set(day, date);
    }
    return date;
  };
}

/** The report's table as on screen, for the PDF (`timeZone`: the day of an instant is taken there). */
export function pdfColumns(report: ReportKind, timeZone: string): PdfColumn[] {
  const day = (d: Date | string | null | undefined) => (d ? formatDate(d, timeZone) : EMPTY_DATE);
  const product = { header: 'Produto', cell: (e: Equipment) => `${e.product.name}\n${e.product.sku}` };
  const extra = {
    header: 'Identificação · controle',
    cell: (e: Equipment) => `${e.extraLabel ?? ''}\n${e.extraCode ?? ''}`,
  };
  // The serial is the key a technician looks for on paper: printed whole, never cut.
  const tag = { header: 'Tag', whole: true, cell: (e: Equipment) => e.tagSerialNumber ?? AWAITING_TAG_PT };
  const created = { header: 'Cadastro', cell: (e: Equipment) => day(e.createdAt) };
  if (report === 'maintenances')
    return [
      { ...product, width: 200 },
      { ...extra, width: 160 },
      { ...tag, width: 62 },
      { ...created, width: 60 },
      { header: 'Última manutenção', width: 74, cell: (e) => day(e.lastMaintenance?.createdAt) },
      { header: 'Status', width: 50, cell: (e) => STATUS_LABELS[e.maintenanceStatus] },
      { header: 'Responsável', width: 180, cell: (e) => personCell(e.lastMaintenance) },
    ];
  return [
    { ...product, width: 152 },
    { ...extra, width: 120 },
    { ...tag, width: 64 },
    { header: 'Empresa', width: 88, cell: (e) => e.companyName ?? '' },
    { ...created, width: 50 },
    {
      header: 'Vencimento',
      width: 95,
      cell: (e) => dateWithStatus(e.dueDate, e.dueDateExpirationStatus, e.dueDateDaysToExpire, timeZone),
    },
    {
      header: 'Última inspeção',
      width: 95,
      cell: (e) =>
        dateWithStatus(
          e.lastInspection?.createdAt ?? null,
          e.lastInspectionExpirationStatus,
          e.lastInspectionDaysToExpire,
          timeZone,
        ),
    },
    { header: 'Inspetor', width: 80, cell: (e) => personCell(e.lastInspection) },
    { header: 'Status', width: 42, cell: (e) => STATUS_LABELS[e.status] },
  ];
}

/**
 * The calendar day of an instant in `timeZone`, YYYY-MM-DD, memoised per quarter hour (every
 * zone's offset is a whole number of quarter hours, so the day never changes inside one): an
 * export formats two instants per row.
 */
function dayFormatter(timeZone: string): (d: Date) => string {
  const days = new Map<number, string>();
  return (d) => {
    const slot = Math.floor(d.getTime() / 900_000);
    let day = days.get(slot);
    if (day === undefined) {
      day = todayIn(timeZone, d);
      days.set(slot, day);
    }
    return day;
  };
}

/** Every column of both tables, for the XLSX (dates as spreadsheet dates). */
export function xlsxColumns(timeZone: string): XlsxColumn[] {
  const dayOf = dayFormatter(timeZone);
  const asDate = excelDays();
  const instantDay = (d: Date | null | undefined) => (d ? asDate(dayOf(d)) : null);
  const calendarDay = (d: string | null) => (d ? asDate(d) : null);
  return [
    { header: 'Produto', width: 36, cell: (e) => e.product.name },
    { header: 'SKU', width: 16, cell: (e) => e.product.sku },
    { header: 'Identificação', width: 28, cell: (e) => e.extraLabel },
    { header: 'Número de controle', width: 18, cell: (e) => e.extraCode },
    { header: 'Tag', width: 12, cell: (e) => e.tagSerialNumber },
    // Waiting for a tag: both cells empty, so the file imports back as tagless equipment (issue 31).
    {
      header: 'Tag ativa',
      width: 9,
      cell: (e) => (e.tagSerialNumber === null ? null : e.enabledTag ? 'Sim' : 'Não'),
    },
    { header: 'Empresa', width: 28, cell: (e) => e.companyName },
    { header: 'Cadastro', width: 12, date: true, cell: (e) => instantDay(e.createdAt) },
    { header: 'Vencimento', width: 12, date: true, cell: (e) => calendarDay(e.dueDate) },
    {
      header: 'Status do vencimento',
      width: 24,
      cell: (e) => expirationText(e.dueDateExpirationStatus, e.dueDateDaysToExpire) || null,
    },
    {
      header: 'Última inspeção',
      width: 14,
      date: true,
      cell: (e) => instantDay(e.lastInspection?.createdAt),
    },
    {
      header: 'Status da inspeção',
      width: 24,
      cell: (e) => expirationText(e.lastInspectionExpirationStatus, e.lastInspectionDaysToExpire) || null,
    },
    { header: 'Próxima inspeção', width: 14, date: true, cell: (e) => calendarDay(e.nextInspectionDate) },
    { header: 'Inspetor', width: 24, cell: (e) => person(e.lastInspection) || null },
    // Empty without such a record, 0 when it has no photo (issue 29: photos are counted in the XLSX).
    {
      header: 'Fotos da última inspeção',
      width: 12,
      cell: (e, photos) => (e.lastInspection ? (photos?.inspection ?? 0) : null),
    },
    {
      header: 'Última manutenção',
      width: 14,
      date: true,
      cell: (e) => instantDay(e.lastMaintenance?.createdAt),
    },
    { header: 'Responsável pela manutenção', width: 24, cell: (e) => person(e.lastMaintenance) || null },
    {
      header: 'Fotos da última manutenção',
      width: 12,
      cell: (e, photos) => (e.lastMaintenance ? (photos?.maintenance ?? 0) : null),
    },
    { header: 'Status', width: 12, cell: (e) => STATUS_LABELS[e.status] },
    { header: 'Status da manutenção', width: 12, cell: (e) => STATUS_LABELS[e.maintenanceStatus] },
  ];
}

/**
 * One column per attribute name of the report's inspection types (a DATE value as a date). Keyed by
 * name: the same attribute in two subcategories ("Data de instalação") is one column.
 */
export function attributeColumns(attributes: readonly { name: string; date: boolean }[]): XlsxColumn[] {
  const asDate = excelDays();
  return attributes.map(({ name, date }) => ({
    header: name,
    width: Math.min(30, Math.max(12, name.length + 2)),
    date,
    cell: (e: Equipment) => {
      const a = e.inspectionTypeAttribute.find((x) => x.attribute === name && x.value);
      if (!a?.value) return null;
      return a.type === 'DATE' && /^\d{4}-\d{2}-\d{2}$/.test(a.value) ? asDate(a.value) : a.value;
    },
  }));
}

/**
 * The filtered cycle's columns (issue 30): its last done day, due date and status today, headed by
 * its name ("Recarga: vencimento"); empty cells on equipment without that cycle.
 */
export function cycleColumns(name: string): XlsxColumn[] {
  const asDate = excelDays();
  return [
    {
      header: `${name}: última realização`,
      width: 14,
      date: true,
      cell: (_e, _p, c) => (c?.lastDoneAt ? asDate(c.lastDoneAt) : null),
    },
    {
      header: `${name}: vencimento`,
      width: 14,
      date: true,
      cell: (_e, _p, c) => (c?.dueDate ? asDate(c.dueDate) : null),
    },
    { header: `${name}: status`, width: 12, cell: (_e, _p, c) => (c ? EXPIRATION_LABELS[c.status] : null) },
  ];
}
