/**
 * `POST /web/imports/equipment` (issue 31 item 6): the upload, the mapping (the form's `mapping`
 * JSON, else the company's remembered one, else the guess from the headers) and either the dry run
 * (200, its report) or the import job (202 `{ jobId }`) in one call, for API clients.
 */
import type { z } from 'zod';
import { type importEquipmentRestSchema, importMappingSchema } from '../../../shared/imports/schemas.ts';
import { AppError } from '../../errors.ts';
import type { Ctx } from '../../kit/tenant-tx.ts';
import { dryRunImport } from './dry-run.ts';
import { previewImport, startImport } from './service.ts';
import { uploadImportFile } from './uploads.ts';

function mappingOf(text: string): z.output<typeof importMappingSchema> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('IMPORT_MAPPING_INVALID', { params: { column: 'mapping', field: text.slice(0, 40) } });
  }
  const r = importMappingSchema.safeParse(parsed);
  if (!r.success) throw new AppError('IMPORT_MAPPING_INVALID', { params: { column: 'mapping', field: '?' } });
  return r.data;
}

export async function importEquipmentAtOnce(ctx: Ctx, input: z.output<typeof importEquipmentRestSchema>) {
  const given = input.mapping ? mappingOf(input.mapping) : null;
  const { fileId } = await uploadImportFile(ctx, { file: input.file, fileType: input.fileType, name: null });
  const base = { kind: 'equipment' as const, fileId, companyId: input.companyId };
  const mapping = given ?? (await previewImport(ctx, base)).mapping;
  if (input.dryRun) return dryRunImport(ctx, { ...base, mapping });
  return startImport(ctx, { ...base, mapping });
}
