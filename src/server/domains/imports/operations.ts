/**
 * Imports from spreadsheets (issue 31), declared once for tRPC, REST, OpenAPI and the permission
 * matrix. Group admins import for any company of their group, company admins for their own (404
 * for another), the provider admin in the group it works in; operators 403.
 */
import { z } from 'zod';
import {
  dryRunReportSchema,
  IMPORT_MAX_BYTES,
  importEquipmentRestSchema,
  importJobSchema,
  importPreviewInputSchema,
  importPreviewSchema,
  importRunInputSchema,
  importTemplateInputSchema,
  importUploadSchema,
  uploadImportSchema,
} from '../../../shared/imports/schemas.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import { JOB_DOWNLOAD_DOCS } from '../jobs/index.ts';
import { dryRunImport } from './dry-run.ts';
import { importEquipmentAtOnce } from './rest-equipment.ts';
import { previewImport, startImport, startTemplate } from './service.ts';
import { uploadImportFile } from './uploads.ts';

const importer = tenant(ADMIN_ROLES);
const FILE_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const multipart = {
  field: 'file',
  maxBytes: IMPORT_MAX_BYTES,
  types: FILE_TYPES,
  tooLarge: 'IMPORT_FILE_TOO_LARGE',
  invalid: 'IMPORT_FILE_MISSING',
} as const;
const fileErrors = { 413: 'IMPORT_FILE_TOO_LARGE', 415: 'IMPORT_FILE_TYPE_INVALID' } as const;

export const importsOperations = {
  upload: mutation({
    access: importer,
    summary:
      'Uploads a file to import: CSV (`,` or `;`, UTF-8 or Latin-1) or XLSX, by its bytes (415 IMPORT_FILE_TYPE_INVALID), at most 10 MB (413 IMPORT_FILE_TOO_LARGE). REST: multipart `file` (+ `name`); tRPC: `base64` + `name`. Answers the `fileId` the next steps name.',
    input: uploadImportSchema,
    output: importUploadSchema,
    rest: {
      method: 'post',
      path: '/web/imports/uploads',
      status: 201,
      multipart: { ...multipart, fields: ['name'] },
      responses: fileErrors,
    },
    handler: (ctx, input) => uploadImportFile(ctx, input),
  }),
  preview: query({
    access: importer,
    summary:
      'An uploaded file’s headers and first rows, the proposed mapping (the company’s remembered one, else guessed from the headers) and the target fields of the kind.',
    input: importPreviewInputSchema,
    output: importPreviewSchema,
    rest: { method: 'post', path: '/web/imports/preview' },
    handler: (ctx, input) => previewImport(ctx, input),
  }),
  dryRun: mutation({
    access: importer,
    summary:
      'Checks every row of an uploaded file with the mapping, writing nothing: counts, the first 500 problems (line, column, value, code, message in the caller’s language) and the bad rows’ spreadsheet (`GET /web/jobs/{badRowsJobId}/download`).',
    input: importRunInputSchema,
    output: dryRunReportSchema,
    rest: { method: 'post', path: '/web/imports/dry-run' },
    handler: (ctx, input) => dryRunImport(ctx, input),
  }),
  run: mutation({
    access: importer,
    summary:
      'Starts the import of an uploaded file with the mapping (remembered for the company) as a job (`import-run`); its progress and result (created, updated, skipped, failed; the failed rows’ file) through GET /web/jobs/{id}.',
    input: importRunInputSchema,
    output: importJobSchema,
    rest: { method: 'post', path: '/web/imports/run', status: 201 },
    handler: (ctx, input) => startImport(ctx, input),
  }),
  template: mutation({
    access: importer,
    summary:
      'The import template of a kind (equipment: the columns of one inspection type — `inspectionTypeId` — with its attributes and cycles), an example row and a sheet of instructions, as XLSX; tRPC answers the job id.',
    input: importTemplateInputSchema,
    output: importJobSchema,
    rest: {
      method: 'get',
      path: '/web/imports/templates/:kind',
      query: z.object({
        inspectionTypeId: z.number().int().positive().optional().describe('The inspection type (equipment)'),
      }),
      download: 'job',
      ...JOB_DOWNLOAD_DOCS,
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    handler: (ctx, input) => startTemplate(ctx, input),
  }),
  equipment: mutation({
    access: importer,
    summary:
      'Imports equipment in one call: multipart `file`, `companyId`, optional `mapping` (JSON: header → field or null; default the remembered or guessed one) and `dryRun` (default true). 200 with the dry run’s report, or 202 with `{ jobId }` of the import job.',
    input: importEquipmentRestSchema,
    output: z.union([dryRunReportSchema, importJobSchema]),
    trpc: false,
    rest: {
      method: 'post',
      path: '/web/imports/equipment',
      multipart: { ...multipart, fields: ['companyId', 'mapping', 'dryRun'] },
      respond: (c, output: { jobId?: string }) => c.json({ data: output }, output.jobId ? 202 : 200),
      responses: { ...fileErrors, 202: 'The import job started: `{ jobId }` (GET /web/jobs/{id})' },
    },
    handler: (ctx, input) => importEquipmentAtOnce(ctx, input),
  }),
};
