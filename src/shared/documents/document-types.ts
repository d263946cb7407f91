/**
 * What the renderers draw (src/render/): a document built as texts by its domain — a record's
 * certificate or report (`server/domains/documents/layout.ts`), a printable service order
 * (`server/domains/service-orders/pdf-layout.ts`) — and drawn without knowing where it came from.
 * Types only: the contract between the domains that lay a document out and the renderers.
 */

export type RecordKind = 'inspection' | 'maintenance';

/** `bad` draws a value in red (an improper inspection, a negative answer). */
export type Tone = 'bad' | undefined;

export interface DocumentField {
  label: string;
  value: string;
  tone?: Tone;
}
export interface DocumentSection {
  title: string;
  fields: DocumentField[];
}
export interface DocumentTable {
  title: string;
  columns: string[];
  /** relative widths of the columns */
  widths: number[];
  /** numbers stay numbers in the spreadsheet; the PDF shows them pt-BR */
  rows: { cells: (string | number)[]; tone?: Tone }[];
  /** shown instead of an empty table */
  empty: string;
}

export interface RecordDocument {
  kind: RecordKind;
  title: string;
  /** the worksheet's name */
  sheet: string;
  companyName: string;
  tag: { serial: string; url: string };
  sections: DocumentSection[];
  tables: DocumentTable[];
  /** `inspecao-<tag>-<yyyy-mm-dd>` (the record's day in the product's time zone), no extension */
  fileBase: string;
  /** a signed record (issue 29): the drawings and the verification code with its QR's URL */
  seal?: RecordSeal;
  /** the record's photos (issue 29), drawn by the PDF after the tables; the sheet counts them */
  photos?: DocumentPhoto[];
}

export interface RecordSeal {
  title: string;
  code: string;
  /** `<public URL>/#/verify/<code>`: what the seal's QR code encodes */
  url: string;
  /** the code and the URL as printed beside the QR code */
  lines: string[];
  signatures: { caption: string; png: Uint8Array }[];
}

/** A photo a document embeds: its stored bytes (JPEG or PNG) and the line under it. */
export interface DocumentPhoto {
  bytes: Uint8Array;
  type: 'image/jpeg' | 'image/png';
  caption: string;
}

export interface ServiceOrderEquipmentEntry {
  serial: string;
  /** the URL the entry's QR code encodes */
  url: string;
  /** label/value lines beside the code */
  fields: { label: string; value: string }[];
}

export interface ServiceOrderDocument {
  title: string;
  companyName: string;
  sections: DocumentSection[];
  equipmentTitle: string;
  equipment: ServiceOrderEquipmentEntry[];
  /** `os-<number>` (no extension) */
  fileBase: string;
}
