/**
 * What an inspection's certificate and a maintenance's report say, as texts in Portuguese, built
 * once and drawn by both renderers (PDF: src/render/record-pdf.ts, XLSX: record-xlsx.ts), so
 * the two files of one record never disagree. Pure: no database, no PDF or Excel library.
 */
import type { z } from 'zod';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import type { inspectionRecordSchema, maintenanceRecordSchema } from '../../../shared/equipment/schemas.ts';
import { isNegativeAnswer } from '../../../shared/equipment/status.ts';
import { tagUrl } from '../../../shared/qr/serial.ts';
import type {
  DocumentSection,
  DocumentTable,
  RecordDocument,
  RecordKind,
} from '../../../shared/documents/document-types.ts';

export type InspectionRecord = z.input<typeof inspectionRecordSchema>;
export type MaintenanceRecord = z.input<typeof maintenanceRecordSchema>;

/** What a record is about, besides the record: read with the job's tenant (content.ts). */
export interface RecordSubject {
  companyName: string;
  tagSerialNumber: string;
  extraLabel: string | null;
  extraCode: string | null;
  product: { name: string; sku: string; category: string; subcategory: string };
}

export interface LayoutOptions {
  /** the install's public URL: the QR code encodes the tag's URL under it, as the labels do */
  publicUrl: string;
  /** APP_TIME_ZONE: dates are shown as São Paulo sees them */
  timeZone: string;
}

export const NO_LOCATION = 'Inspeção sem localização';
const EMPTY = '—';
const ANSWER_TEXT: Record<string, string> = { YES: 'Sim', NO: 'Não', NA: 'N/A' };
const UNIT_TEXT: Record<string, string> = {
  UNITS: 'Unidades',
  LITRES: 'Litros',
  KILOGRAMS: 'Quilogramas',
  METRES: 'Metros',
  NA: 'N/A',
};

const orEmpty = (v: string | null | undefined) => (v?.trim() ? v : EMPTY);

/** YES/NO/NA as Sim/Não/N/A; texts and custom answers as recorded. */
export function answerText(a: { type: string; answer: string }): string {
  if (a.type === 'YES_NO_NA' && ANSWER_TEXT[a.answer]) return ANSWER_TEXT[a.answer]!;
  return orEmpty(a.answer);
}

/** A YYYY-MM-DD value (a DATE attribute) as DD/MM/YYYY, as the equipment dialog shows it. */
function attributeText(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : orEmpty(value);
}

/** "-23.55052, -46.63331 (precisão de 13 m)", as the dialog shows it, or the no-location text. */
export function locationText(r: Pick<InspectionRecord, 'latitude' | 'longitude' | 'accuracy'>): string {
  if (r.latitude === null || r.longitude === null) return NO_LOCATION;
  const at = `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`;
  return r.accuracy === null ? at : `${at} (precisão de ${Math.round(r.accuracy)} m)`;
}

/** The record's calendar day in the product's zone, as YYYY-MM-DD (for file names). */
function isoDay(at: Date, timeZone: string): string {
  return formatDate(at, timeZone).split('/').reverse().join('-');
}

/** File names keep to letters, digits and dashes whatever a serial might hold. */
const safe = (s: string) => s.replace(/[^A-Za-z0-9-]/g, '_');

function subjectSections(s: RecordSubject): DocumentSection[] {
  return [
    {
      title: 'Equipamento',
      fields: [
        { label: 'Tag', value: s.tagSerialNumber },
        { label: 'Identificação', value: orEmpty(s.extraLabel) },
        { label: 'Número de controle', value: orEmpty(s.extraCode) },
      ],
    },
    {
      title: 'Produto',
      fields: [
        { label: 'Nome', value: s.product.name },
        { label: 'SKU', value: s.product.sku },
        { label: 'Categoria', value: s.product.category },
        { label: 'Subcategoria', value: s.product.subcategory },
      ],
    },
  ];
}

function attributesTable(values: InspectionRecord['attributesValues']): DocumentTable {
  return {
    title: 'Atributos',
    columns: ['Atributo', 'Valor'],
    widths: [2, 3],
    rows: values.map((v) => ({ cells: [v.attribute, attributeText(v.value)] })),
    empty: 'Sem atributos.',
  };
}

function answersTable(answers: InspectionRecord['questionsAnswers']): DocumentTable {
  return {
    title: 'Perguntas e respostas',
    columns: ['Pergunta', 'Resposta'],
    widths: [1, 1],
    rows: answers.map((a) => ({
      cells: [a.question, answerText(a)],
      tone: isNegativeAnswer(a) ? 'bad' : undefined,
    })),
    empty: 'Sem perguntas.',
  };
}

function base(kind: RecordKind, s: RecordSubject, at: Date, opts: LayoutOptions) {
  const prefix = kind === 'inspection' ? 'inspecao' : 'manutencao';
  return {
    kind,
    companyName: s.companyName,
    tag: { serial: s.tagSerialNumber, url: tagUrl(opts.publicUrl, s.tagSerialNumber) },
    fileBase: `${prefix}-${safe(s.tagSerialNumber)}-${isoDay(at, opts.timeZone)}`,
  };
}

/**
 * An inspection's document is a certificate only when the equipment passed: an improper one is a
 * report that says so in its title, never "Certificado".
 */
export const INSPECTION_TITLE = {
  proper: 'Certificado de inspeção',
  improper: 'Relatório de inspeção — Impróprio',
} as const;

/**
 * The inspection's document (a certificate when proper, a report titled by its result when not):
 * status, inspector, date, location, answers and attribute values.
 */
export function inspectionDocument(
  s: RecordSubject,
  r: InspectionRecord,
  opts: LayoutOptions,
): RecordDocument {
  return {
    ...base('inspection', s, r.createdAt, opts),
    title: r.improper ? INSPECTION_TITLE.improper : INSPECTION_TITLE.proper,
    sheet: 'Inspeção',
    sections: [
      ...subjectSections(s),
      {
        title: 'Inspeção',
        fields: [
          {
            label: 'Status',
            value: r.improper ? 'Impróprio' : 'Próprio',
            tone: r.improper ? 'bad' : undefined,
          },
          { label: 'Inspetor', value: orEmpty(r.userName) },
          { label: 'E-mail', value: orEmpty(r.userEmail) },
          { label: 'Data', value: formatDateTime(r.createdAt, opts.timeZone) },
          { label: 'Localização', value: locationText(r) },
        ],
      },
    ],
    tables: [attributesTable(r.attributesValues), answersTable(r.questionsAnswers)],
  };
}

/** The maintenance report: maintainer, date, answers, attribute values and the parts replaced. */
export function maintenanceDocument(
  s: RecordSubject,
  r: MaintenanceRecord,
  opts: LayoutOptions,
): RecordDocument {
  return {
    ...base('maintenance', s, r.createdAt, opts),
    title: 'Relatório de manutenção',
    sheet: 'Manutenção',
    sections: [
      ...subjectSections(s),
      {
        title: 'Manutenção',
        fields: [
          { label: 'Responsável', value: orEmpty(r.userName) },
          { label: 'E-mail', value: orEmpty(r.userEmail) },
          { label: 'Data', value: formatDateTime(r.createdAt, opts.timeZone) },
        ],
      },
    ],
    tables: [
      attributesTable(r.attributesValues),
      answersTable(r.questionsAnswers),
      {
        title: 'Peças trocadas',
        columns: ['Peça', 'Quantidade', 'Unidade'],
        widths: [3, 1, 1],
        rows: r.partsReplacements.map((p) => ({ cells: [p.part, p.quantity, UNIT_TEXT[p.unit] ?? p.unit] })),
        empty: 'Nenhuma peça trocada.',
      },
    ],
  };
}
