/**
 * Imports from spreadsheets (issue 31): equipment today, companies and users of a company group by
 * the same machinery. The operations (tRPC `imports.*`, REST under `/web/imports/`):
 *
 * - `imports.upload` — `POST /web/imports/uploads` (multipart `file`; tRPC: `base64` + `name`) →
 *   `importUploadSchema` `{ fileId, name, size, format }`. At most IMPORT_MAX_BYTES, 10 MB (413
 *   IMPORT_FILE_TOO_LARGE); CSV or XLSX by the bytes (415 IMPORT_FILE_TYPE_INVALID).
 * - `imports.preview` — `POST /web/imports/preview` `{ kind, fileId, companyId? }` →
 *   `importPreviewSchema`: headers, first rows, the remembered mapping of the company (or one guessed
 *   from the headers) and the target fields with their labels.
 * - `imports.dryRun` — `POST /web/imports/dry-run` `{ kind, fileId, companyId?, mapping }` →
 *   `dryRunReportSchema`: every row checked, nothing written; problems in the caller's language; the
 *   bad rows as an XLSX (column "Motivo") through `GET /web/jobs/{badRowsJobId}/download`.
 * - `imports.run` — `POST /web/imports/run` (same input) → `{ jobId }`; the job (`import-run`)
 *   shows in the job centre; its result (`GET /web/jobs/{jobId}`) is `importRunSummarySchema`, its
 *   file the failed rows (XLSX with "Motivo"). The mapping is remembered for the company.
 * - `imports.template` — `GET /web/imports/templates/{kind}?inspectionTypeId=` → the XLSX template
 *   (a job download: REST streams the file, tRPC answers `{ jobId }`).
 * - REST only: `POST /web/imports/equipment` (multipart `file`, `companyId`, optional `mapping` JSON,
 *   `dryRun=true|false`, default true) → 200 `dryRunReportSchema`, or 202 `{ jobId }`.
 *
 * Roles: group admin (any company of its group), company admin (its own company only: 404 for
 * another), provider admin; operators 403.
 */
import { z } from 'zod';
import { idField } from '../fields.ts';

export const IMPORT_KINDS = ['equipment', 'companies', 'users'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Largest file taken (bytes): under the app’s 12 MB body limit (src/server/app.ts) with the multipart overhead; ~100,000 CSV rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows in one file (the header excluded). */
export const IMPORT_MAX_ROWS = 100_000;
/** Problems a dry run answers in full (the total is counted beyond). */
export const IMPORT_PROBLEMS_SHOWN = 500;
/** Rows shown by the preview. */
export const IMPORT_PREVIEW_ROWS = 5;
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * The target fields of an equipment row. Besides these fixed ones: `attr:<attributeId>` (one per
 * attribute of the product's inspection type) and `cycle:<code>` (the last-done day of a cycle).
 * Company: `companyCnpj` or `companyName` (CNPJ digits, or the exact name accent/case-insensitive);
 * absent → the input's `companyId`. Product: `productSku` or `productName`. Tag optional; the
 * natural key is company + tag serial, or company + control number (`extraCode`) without a tag.
 */
export const EQUIPMENT_FIXED_FIELDS = [
  'companyCnpj',
  'companyName',
  'productSku',
  'productName',
  'tagSerialNumber',
  'extraLabel',
  'extraCode',
  'dueDate',
] as const;
export type EquipmentFixedField = (typeof EQUIPMENT_FIXED_FIELDS)[number];

/** `attr:12` → 12; anything else null. */
export function attributeFieldId(field: string): number | null {
  const m = /^attr:(\d{1,10})$/.exec(field);
  return m ? Number(m[1]) : null;
}
/** `cycle:recarga` → `recarga`; anything else null. */
export function cycleFieldCode(field: string): string | null {
  const m = /^cycle:([a-z0-9][a-z0-9-]{0,39})$/.exec(field);
  return m ? m[1]! : null;
}

/** A target field name: a fixed field of its kind, `attr:<id>` or `cycle:<code>`. */
export const targetFieldName = z.string().trim().min(1).max(60);

/** Source column header → target field (null: ignored). At most 200 columns. */
export const importMappingSchema = z
  .record(z.string().max(200), targetFieldName.nullable())
  .refine((m) => Object.keys(m).length <= 200, { message: 'too many columns' });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** A field the rows may fill, as the mapping step shows it. */
export const targetFieldSchema = z.object({
  field: z.string(),
  /** in pt (the template's header); the client may translate fixed fields by `field` */
  label: z.string(),
  group: z.enum(['company', 'product', 'equipment', 'attribute', 'cycle', 'person']),
  /** DATE attributes, due date, cycle days: DD/MM/YYYY or YYYY-MM-DD */
  type: z.enum(['TEXT', 'DATE']),
  /** the row needs it (or, for company/product pairs, one of the pair) */
  required: z.boolean(),
  /** attribute fields: the inspection type they belong to */
  inspectionTypeId: z.number().int().nullable(),
});
export type TargetField = z.infer<typeof targetFieldSchema>;

export const uploadImportSchema = z.object({
  file: z.instanceof(Uint8Array).nullish(),
  fileType: z.string().nullish(),
  /** tRPC carries the bytes as base64 */
  base64: z
    .string()
    .max(Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4)
    .nullish(),
  name: z.string().trim().max(200).nullish(),
});
export const importUploadSchema = z.object({
  fileId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;

/** A stored upload read for `kind`; `companyId` is the default company (and the mapping's owner). */
export const importFileInputSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  fileId: idField,
  companyId: idField.nullish(),
});
export const importPreviewInputSchema = importFileInputSchema;
export const importRunInputSchema = importFileInputSchema.extend({ mapping: importMappingSchema });
export type ImportRunInput = z.infer<typeof importRunInputSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  headers: z.array(z.string()),
  /** the first IMPORT_PREVIEW_ROWS rows, cells by header */
  rows: z.array(z.object({ line: z.number().int(), cells: z.record(z.string(), z.string()) })),
  /** every header → a field or null: the company's remembered mapping, else guessed by header name */
  mapping: importMappingSchema,
  mappingSource: z.enum(['remembered', 'guessed']),
  fields: z.array(targetFieldSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** One problem of one row: `line` as the spreadsheet numbers it (header = 1), `column` the source header. */
export const importProblemSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  code: z.string(),
  /** in the caller's language */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const dryRunReportSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** the first IMPORT_PROBLEMS_SHOWN problems, in line order */
  problems: z.array(importProblemSchema),
  problemsTotal: z.number().int(),
  /** the bad rows' XLSX (as they came, plus "Motivo"): `GET /web/jobs/{id}/download`; null when none */
  badRowsJobId: z.string().nullable(),
});
export type DryRunReport = z.infer<typeof dryRunReportSchema>;

export const importJobSchema = z.object({ jobId: z.string() });

/** The import job's result summary (`result` of `GET /web/jobs/{id}`); its file: the failed rows. */
export const importRunSummarySchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportRunSummary = z.infer<typeof importRunSummarySchema>;

export const importTemplateInputSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** equipment: the inspection type whose attributes and cycles make the columns */
  inspectionTypeId: idField.nullish(),
});

/** `POST /web/imports/equipment`: the upload and the dry run or run in one call (REST only). */
export const importEquipmentRestSchema = z.object({
  file: z.instanceof(Uint8Array).nullish(),
  fileType: z.string().nullish(),
  companyId: z.coerce.number().int().positive().max(2_147_483_647),
  /** JSON of ImportMapping; absent → the remembered or guessed one */
  mapping: z.string().max(20_000).nullish(),
  dryRun: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(true),
});
