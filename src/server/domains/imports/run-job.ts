/**
 * The import job (issue 31 item 3): `import-run` reads the stored file as a stream and writes it
 * chunk by chunk, each chunk in its own transaction — the kind's set-based write, the chunk's
 * failed rows (`import_failed_rows`) and the run's progress (`import_runs.rows_done` and counts)
 * commit together. A retry (BullMQ's attempts, after a crash or a failed chunk) skips the rows
 * already done, so nothing is written twice and a failure half-way resumes where it stopped; the
 * natural keys make even a fresh run of the same file create nothing twice. The result is the
 * summary (`importRunSummarySchema`) and, when rows failed, their spreadsheet with "Motivo".
 */
import { pipeline, type Readable, Transform } from 'node:stream';
import { UnrecoverableError } from 'bullmq';
import { sql } from 'kysely';
import { z } from 'zod';
import { isoDateField } from '../../../shared/fields.ts';
import { IMPORT_KINDS, type ImportRunSummary, importMappingSchema } from '../../../shared/imports/schemas.ts';
import { AppError } from '../../errors.ts';
import { fileStore } from '../../files/store.ts';
import { defineJob, type JobContext } from '../../jobs/define.ts';
import { inTenantTx, type Ctx, type Trx } from '../../kit/tenant-tx.ts';
import { requirePaymentNotBlocked } from '../organisations/index.ts';
import { writeBadRows } from './bad-rows.ts';
import { jobContext } from './job-context.ts';
import type { ChunkWrite } from './kinds.ts';
import {
  checkChunk,
  type ImportSession,
  openImport,
  parsedChunks,
  reasonText,
  toProblems,
  type Verdict,
} from './pipeline.ts';
import { type StoredUpload, storedUpload } from './uploads.ts';

export const importRunParamsSchema = z.object({
  uploadId: z.number().int().positive(),
  kind: z.enum(IMPORT_KINDS),
  companyId: z.number().int().positive().nullable(),
  mapping: importMappingSchema,
  /** the requester's language (the failed rows' reasons) and day (dates "not in the future") */
  lang: z.string().max(10),
  today: isoDateField,
});
export type ImportRunParams = z.output<typeof importRunParamsSchema>;

/**
 * Test seam: called inside each chunk's transaction after its writes, before it commits (a throw
 * rolls the chunk back and fails the attempt, as a crash there would).
 */
export const importRunHooks: { beforeChunkCommit?: (jobId: string, chunk: number) => void | Promise<void> } =
  {};

/** The stored file with a count of the bytes read from its latest stream (the job's progress). */
function counted(upload: StoredUpload): { upload: StoredUpload; read: () => number } {
  let read = 0;
  return {
    read: () => read,
    upload: {
      ...upload,
      async open(): Promise<Readable> {
        const source = await upload.open();
        read = 0;
        // A transform, not a 'data' listener: a listener would switch the stream to flowing mode.
        const through = new Transform({
          transform(c: Buffer, _enc, done) {
            read += c.length;
            done(null, c);
          },
        });
        pipeline(source, through, () => undefined);
        return through;
      },
    },
  };
}

/** Writes one chunk: the kind's write, the failed rows and the run's counters, in one transaction. */
async function writeChunk(trx: Trx, s: ImportSession, verdicts: Verdict[], jobId: string, rowsDone: number) {
  const ok = verdicts.flatMap((v) => ('row' in v ? [{ line: v.line, row: v.row }] : []));
  const write: ChunkWrite = ok.length
    ? await s.def.writeChunk(trx, ok, s.prep, s.env)
    : { created: 0, updated: 0, skipped: 0, failed: [] };
  const cellsOf = new Map(verdicts.map((v) => [v.line, v.cells]));
  const failed = [
    ...verdicts.flatMap((v) => ('problems' in v ? [{ line: v.line, problems: v.problems }] : [])),
    ...write.failed,
  ].map((f) => {
    const cells = cellsOf.get(f.line) ?? {};
    return {
      job_id: jobId,
      line: f.line,
      cells: JSON.stringify(cells),
      reasons: reasonText(toProblems(s, f.line, cells, f.problems)),
    };
  });
  if (failed.length)
    await trx
      .insertInto('import_failed_rows')
      .values(failed)
      .onConflict((oc) => oc.columns(['job_id', 'line']).doNothing())
      .execute();
  await trx
    .updateTable('import_runs')
    .set((eb) => ({
      rows_done: rowsDone,
      created: eb('created', '+', write.created),
      updated: eb('updated', '+', write.updated),
      skipped: eb('skipped', '+', write.skipped),
      failed: eb('failed', '+', failed.length),
      updated_at: sql`now()`,
    }))
    .where('job_id', '=', jobId)
    .execute();
}

/** The run's failed rows, in line order, a page at a time. */
async function* failedRows(ctx: Ctx, jobId: string) {
  let after = 0;
  for (;;) {
    const rows = await ctx.auth.tenant
      .selectFrom('import_failed_rows')
      .select(['line', 'cells', 'reasons'])
      .where('job_id', '=', jobId)
      .where('line', '>', after)
      .orderBy('line')
      .limit(1000)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.line;
    yield rows.map((r) => ({ cells: r.cells, reason: r.reasons }));
  }
}

async function runImport({ params, meta, progress }: JobContext<ImportRunParams>) {
  const ctx = await jobContext(meta, 'an import');
  requirePaymentNotBlocked(ctx);
  const db = ctx.auth.tenant;
  await db
    .insertInto('import_runs')
    .values({
      job_id: meta.jobId,
      upload_id: params.uploadId,
      kind: params.kind,
      company_id: params.companyId,
      mapping: JSON.stringify(params.mapping),
    })
    .onConflict((oc) => oc.column('job_id').doNothing())
    .execute();
  const start = await db
    .selectFrom('import_runs')
    .select('rows_done')
    .where('job_id', '=', meta.jobId)
    .executeTakeFirstOrThrow();
  const stored = await storedUpload(ctx, params.uploadId, { anyUploader: true });
  const size = (await fileStore().size(stored.key)) ?? 1;
  const { upload, read } = counted(stored);
  const { sheet, session } = await openImport(ctx, upload, { ...params, companyId: params.companyId });
  const seen = new Map<string, number>();
  let chunkNo = 0;
  for await (const chunk of parsedChunks(sheet, session, start.rows_done)) {
    chunkNo++;
    await inTenantTx(ctx, async (trx) => {
      const verdicts = await checkChunk(trx, session, chunk.rows, seen);
      await writeChunk(trx, session, verdicts, meta.jobId, chunk.rowsBefore + chunk.rows.length);
      await importRunHooks.beforeChunkCommit?.(meta.jobId, chunkNo);
    });
    await progress(2 + (93 * read()) / size);
  }
  const run = await db
    .selectFrom('import_runs')
    .selectAll()
    .where('job_id', '=', meta.jobId)
    .executeTakeFirstOrThrow();
  const summary: ImportRunSummary = {
    kind: params.kind,
    rows: run.rows_done,
    created: run.created,
    updated: run.updated,
    skipped: run.skipped,
    failed: run.failed,
  };
  const file = run.failed
    ? await writeBadRows(meta.jobId, 'linhas-com-falha.xlsx', session.headers, failedRows(ctx, meta.jobId))
    : undefined;
  await progress(100);
  return { file, summary };
}

/**
 * Its own queue, one at a time per worker process: an import holds a chunk's transaction and a
 * stream of its file; a second at once would halve both for no gain.
 */
export const importRunJob = defineJob({
  type: 'import-run',
  params: importRunParamsSchema,
  queue: 'imports',
  attempts: 3,
  concurrency: 1,
  async process(ctx) {
    try {
      return await runImport(ctx);
    } catch (e) {
      // A refusal of the file or the input will not change on a retry.
      if (e instanceof AppError && e.status < 500) throw new UnrecoverableError(`${e.code}: ${e.message}`);
      throw e;
    }
  },
});
