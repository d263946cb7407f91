/**
 * The uploaded file of an import (issue 31): at most IMPORT_MAX_BYTES (413), CSV or XLSX by its
 * bytes (415), stored under `imports/<schema>/…` with its format and encoding found once. The
 * later steps name it by `fileId`; a company-scoped caller reaches only its own uploads (404).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  type ImportUpload,
  type uploadImportSchema,
} from '../../../shared/imports/schemas.ts';
import { withCore } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fileStore } from '../../files/store.ts';
import { scopeOf } from '../../kit/scope.ts';
import type { Ctx } from '../../kit/tenant-tx.ts';
import { sniffFormat } from './reader.ts';

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The file's bytes from either door (multipart on REST, base64 on tRPC). */
function bytesOf(input: z.output<typeof uploadImportSchema>): Uint8Array {
  const bytes = input.file ?? (input.base64 ? Buffer.from(input.base64, 'base64') : null);
  if (!bytes || bytes.byteLength === 0) throw new AppError('IMPORT_FILE_MISSING');
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError('IMPORT_FILE_TOO_LARGE');
  return bytes;
}

export async function uploadImportFile(
  ctx: Ctx,
  input: z.output<typeof uploadImportSchema>,
): Promise<ImportUpload> {
  const bytes = bytesOf(input);
  const { format, encoding } = sniffFormat(bytes);
  const key = `imports/${ctx.auth.companyGroup.schema_name}/${randomUUID()}.${format}`;
  await fileStore().put(
    key,
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    CONTENT_TYPES[format],
  );
  const name = (input.name ?? '').trim() || `importacao.${format}`;
  const row = await ctx.auth.tenant
    .insertInto('import_uploads')
    .values({ file_key: key, name, size: bytes.byteLength, format, encoding, uploaded_by: ctx.auth.user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { fileId: row.id, name, size: bytes.byteLength, format };
}

export interface StoredUpload {
  id: number;
  key: string;
  name: string;
  format: 'csv' | 'xlsx';
  encoding: 'utf8' | 'latin1';
  /** a fresh stream of the stored bytes */
  open(): Promise<Readable>;
}

/** An upload of the caller's group (and, for company-scoped callers, their own); else 404. */
export async function storedUpload(
  ctx: Ctx,
  fileId: number,
  opts: { anyUploader?: boolean } = {},
): Promise<StoredUpload> {
  let q = ctx.auth.tenant
    .selectFrom('import_uploads')
    .select(['id', 'file_key', 'name', 'format', 'encoding'])
    .where('id', '=', fileId);
  if (!opts.anyUploader && scopeOf(ctx.auth).companyId !== null)
    q = q.where('uploaded_by', '=', ctx.auth.user.id);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('IMPORT_FILE_NOT_FOUND');
  return {
    id: row.id,
    key: row.file_key,
    name: row.name,
    format: row.format,
    encoding: row.encoding,
    async open() {
      const s = await fileStore().get(row.file_key);
      if (!s) throw new AppError('IMPORT_FILE_NOT_FOUND');
      return s;
    },
  };
}

/**
 * The import's company: a company-scoped caller's own (another: 404 NOT_FOUND); for the group and
 * provider admins the given company when it is of the group (404 otherwise), or none.
 */
export async function importCompany(ctx: Ctx, companyId: number | null | undefined): Promise<number | null> {
  const scope = scopeOf(ctx.auth);
  if (scope.companyId !== null) {
    if (companyId && companyId !== scope.companyId) throw new AppError('NOT_FOUND');
    return scope.companyId;
  }
  if (!companyId) return null;
  const row = await withCore(ctx.auth.tenant)
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row.id;
}
