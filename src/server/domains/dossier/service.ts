/**
 * The building dossier (issue 30 item 5): the company is held to the caller's scope when the job is
 * requested (a company admin: its own; a group or provider admin: any of the session's group; else
 * 404 DOSSIER_COMPANY_NOT_FOUND — the same for another group's company as for none), and the day is
 * fixed then (statuses and "the next 90 days" are relative to it).
 */
import { coreDb } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { scopeOf } from '../../kit/scope.ts';
import type { Ctx } from '../../kit/tenant-tx.ts';
import { dossierPdfJob } from './jobs.ts';

export async function requestDossierPdf(ctx: Ctx, { id }: { id: number }): Promise<{ jobId: string }> {
  const scope = scopeOf(ctx.auth);
  if (scope.companyId !== null && scope.companyId !== id) throw new AppError('DOSSIER_COMPANY_NOT_FOUND');
  const company = await coreDb()
    .selectFrom('companies')
    .select('id')
    .where('id', '=', id)
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .executeTakeFirst();
  if (!company) throw new AppError('DOSSIER_COMPANY_NOT_FOUND');
  const jobId = await enqueue(
    dossierPdfJob,
    { day: today() },
    { companyGroupId: ctx.auth.companyGroup.id, companyId: company.id, requestedBy: ctx.auth.user.id },
  );
  return { jobId };
}
