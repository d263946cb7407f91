/**
 * The dry run (issue 31 item 2): every row of the file read and checked with the form's rules and
 * against the tenant, chunk by chunk (one query per lookup per chunk), nothing written to the
 * tenant. Answers the counts and the first IMPORT_PROBLEMS_SHOWN problems in the caller's
 * language; the bad rows go to a spreadsheet (a completed `import-bad-rows` job row in core.jobs,
 * so it downloads through `GET /web/jobs/{id}/download` and shows in the job centre). Measured at
 * 50,000 rows in the notes of issue 31: well under the time a request may take, so no job.
 */
import type { z } from 'zod';
import {
  type DryRunReport,
  IMPORT_PROBLEMS_SHOWN,
  type ImportProblem,
  type importRunInputSchema,
} from '../../../shared/imports/schemas.ts';
import { todayIn } from '../../../shared/equipment/status.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { fileStore } from '../../files/store.ts';
import type { Ctx } from '../../kit/tenant-tx.ts';
import { writeBadRows } from './bad-rows.ts';
import {
  checkChunk,
  openImport,
  parsedChunks,
  reasonText,
  toProblems,
  withDryRunLimits,
} from './pipeline.ts';
import { importCompany, storedUpload } from './uploads.ts';

/** How long a dry run's bad rows stay downloadable (as a job's result file). */
const BAD_ROWS_HOURS = 72;

/**
 * The job row the bad rows' file belongs to: written `active` (never queued: no worker runs it, and
 * the requeue sweep takes only `queued` rows), completed with the file or deleted when none.
 */
async function badRowsJob(ctx: Ctx, companyId: number | null, kind: string, fileId: number): Promise<string> {
  const row = await coreDb()
    .insertInto('jobs')
    .values({
      type: 'import-bad-rows',
      params: JSON.stringify({ kind, fileId }),
      company_group_id: ctx.auth.companyGroup.id,
      company_id: companyId,
      requested_by: ctx.auth.user.id,
      state: 'active',
      started_at: new Date(),
      result_key: null,
      result_name: null,
      result_content_type: null,
      result_size: null,
      result: null,
      error: null,
      finished_at: null,
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function dryRunImport(
  ctx: Ctx,
  input: z.output<typeof importRunInputSchema>,
): Promise<DryRunReport> {
  const companyId = await importCompany(ctx, input.companyId);
  const upload = await storedUpload(ctx, input.fileId);
  const { sheet, session } = await openImport(ctx, upload, {
    kind: input.kind,
    companyId,
    mapping: input.mapping,
    lang: ctx.auth.user.language,
    today: todayIn(config().APP_TIME_ZONE),
  });
  const report: DryRunReport = {
    rows: 0,
    valid: 0,
    invalid: 0,
    problems: [],
    problemsTotal: 0,
    badRowsJobId: null,
  };
  const jobId = await badRowsJob(ctx, companyId, input.kind, input.fileId);
  const seen = new Map<string, number>();
  const db = ctx.auth.tenant;
  async function* badRows() {
    for await (const chunk of parsedChunks(sheet, session)) {
      const verdicts = await withDryRunLimits(db, session, await checkChunk(db, session, chunk.rows, seen));
      const bad: { cells: Record<string, string>; reason: string }[] = [];
      for (const v of verdicts) {
        report.rows++;
        if (!('problems' in v)) {
          report.valid++;
          continue;
        }
        report.invalid++;
        const problems: ImportProblem[] = toProblems(session, v.line, v.cells, v.problems);
        report.problemsTotal += problems.length;
        for (const p of problems) if (report.problems.length < IMPORT_PROBLEMS_SHOWN) report.problems.push(p);
        bad.push({ cells: v.cells, reason: reasonText(problems) });
      }
      yield bad;
    }
  }
  try {
    const file = await writeBadRows(jobId, 'linhas-com-problemas.xlsx', session.headers, badRows());
    if (report.invalid === 0) {
      await fileStore().delete(file.key);
      await coreDb().deleteFrom('jobs').where('id', '=', jobId).execute();
      return report;
    }
    await coreDb()
      .updateTable('jobs')
      .set({
        state: 'completed',
        progress: 100,
        finished_at: new Date(),
        result_key: file.key,
        result_name: file.name,
        result_content_type: file.contentType,
        result_size: file.size,
        result: JSON.stringify({ kind: input.kind, rows: report.rows, invalid: report.invalid }),
        expires_at: new Date(Date.now() + BAD_ROWS_HOURS * 3_600_000),
      })
      .where('id', '=', jobId)
      .execute();
    return { ...report, badRowsJobId: jobId };
  } catch (e) {
    await coreDb().deleteFrom('jobs').where('id', '=', jobId).execute();
    throw e;
  }
}
