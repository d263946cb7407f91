/**
 * The import operations' services (issue 31): the preview of an uploaded file, the run's start
 * (the mapping checked against the file at once, remembered for the company, the job queued) and
 * the template's job. The upload is `uploads.ts`, the dry run `dry-run.ts`.
 */
import type { z } from 'zod';
import { todayIn } from '../../../shared/equipment/status.ts';
import {
  IMPORT_PREVIEW_ROWS,
  type ImportPreview,
  type importPreviewInputSchema,
  type importRunInputSchema,
  type importTemplateInputSchema,
} from '../../../shared/imports/schemas.ts';
import { config } from '../../config.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Ctx } from '../../kit/tenant-tx.ts';
import { requirePaymentNotBlocked } from '../organisations/index.ts';
import { proposedMapping, rememberedMapping, rememberMapping } from './mapping.ts';
import { openImport } from './pipeline.ts';
import { openSheet } from './reader.ts';
import { importKind } from './registry.ts';
import { importRunJob } from './run-job.ts';
import { importTemplateJob } from './templates.ts';
import { importCompany, storedUpload } from './uploads.ts';

export async function previewImport(
  ctx: Ctx,
  input: z.output<typeof importPreviewInputSchema>,
): Promise<ImportPreview> {
  const def = importKind(input.kind);
  const companyId = await importCompany(ctx, input.companyId);
  const upload = await storedUpload(ctx, input.fileId);
  const sheet = await openSheet(() => upload.open(), upload.format, upload.encoding);
  const rows: ImportPreview['rows'] = [];
  try {
    for await (const r of sheet.rows) {
      rows.push(r);
      if (rows.length >= IMPORT_PREVIEW_ROWS) break;
    }
  } finally {
    await sheet.close();
  }
  const fields = await def.targetFields(ctx, {});
  const proposed = proposedMapping(
    sheet.headers,
    fields,
    await rememberedMapping(ctx.auth.tenant, companyId, input.kind),
  );
  return {
    format: upload.format,
    headers: sheet.headers,
    rows,
    mapping: proposed.mapping,
    mappingSource: proposed.source,
    fields: fields.map(({ aliases: _aliases, ...f }) => f),
  };
}

/** Starts the import job: the mapping is checked against the file now (a 400 rather than a failed job). */
export async function startImport(
  ctx: Ctx,
  input: z.output<typeof importRunInputSchema>,
): Promise<{ jobId: string }> {
  requirePaymentNotBlocked(ctx);
  const companyId = await importCompany(ctx, input.companyId);
  const upload = await storedUpload(ctx, input.fileId);
  const lang = ctx.auth.user.language;
  const today = todayIn(config().APP_TIME_ZONE);
  const { sheet, session } = await openImport(ctx, upload, {
    kind: input.kind,
    companyId,
    mapping: input.mapping,
    lang,
    today,
  });
  await sheet.close();
  await rememberMapping(ctx.auth.tenant, companyId, input.kind, session.env.mapping);
  const jobId = await enqueue(
    importRunJob,
    { uploadId: upload.id, kind: input.kind, companyId, mapping: session.env.mapping, lang, today },
    { companyGroupId: ctx.auth.companyGroup.id, companyId, requestedBy: ctx.auth.user.id },
  );
  return { jobId };
}

export async function startTemplate(
  ctx: Ctx,
  input: z.output<typeof importTemplateInputSchema>,
): Promise<{ jobId: string }> {
  importKind(input.kind);
  const jobId = await enqueue(
    importTemplateJob,
    { kind: input.kind, inspectionTypeId: input.inspectionTypeId ?? null },
    { companyGroupId: ctx.auth.companyGroup.id, companyId: null, requestedBy: ctx.auth.user.id },
  );
  return { jobId };
}
