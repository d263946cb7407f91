/**
 * Leaving (issue 33 item 6), the provider admin's calls: export a company group (a job), ask for
 * its deletion (typed confirmation; the group is marked and purged by the worker after
 * GROUP_DELETION_GRACE_DAYS — `group-purge.ts`) and restore it while the grace period runs.
 * While marked, its users neither sign in nor use the API (`auth` refuses them with
 * COMPANY_GROUP_PENDING_DELETION).
 */
import { sql } from 'kysely';
import type { CompanyGroupItem } from '../../../shared/organisations/outputs.ts';
import { GENERIC_GROUP_SCHEMA } from '../../../shared/organisations/schemas.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { log } from '../../logger.ts';
import { groupItem } from './company-groups.ts';
import { groupExportJob } from './jobs.ts';
import { audit } from './users-admin.ts';

async function groupOr404(id: number) {
  const g = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'schema_name', 'deletion_requested_at', 'purge_after'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!g) throw new AppError('NOT_FOUND');
  return g;
}

/** Starts the group's export; answers the job id (the provider's job, not the group's). */
export async function requestGroupExport(ctx: SignedInContext, { id }: { id: number }) {
  const g = await groupOr404(id);
  const jobId = await enqueue(
    groupExportJob,
    { groupId: g.id },
    { companyGroupId: null, companyId: null, requestedBy: ctx.auth.user.id },
  );
  await audit(ctx, 'company-group.export', g.id, { jobId });
  return { jobId };
}

/** The grace period from now (GROUP_DELETION_GRACE_DAYS, fractions allowed). */
export function purgeAfterFrom(now: Date): Date {
  return new Date(now.getTime() + config().GROUP_DELETION_GRACE_DAYS * 86_400_000);
}

/**
 * Marks the group for deletion once its name is typed again. Asking again keeps the first date.
 * The generic group (where self sign-ups land) and the caller's own group are refused.
 */
export async function requestGroupDeletion(
  ctx: SignedInContext,
  input: { id: number; confirmName: string },
): Promise<CompanyGroupItem> {
  const g = await groupOr404(input.id);
  if (g.schema_name === GENERIC_GROUP_SCHEMA || g.id === ctx.auth.user.company_group_id)
    throw new AppError('COMPANY_GROUP_NOT_DELETABLE');
  if (input.confirmName.trim() !== g.name.trim()) throw new AppError('COMPANY_GROUP_DELETE_CONFIRMATION');
  const now = new Date();
  const marked = await coreDb()
    .updateTable('company_groups')
    .set({
      deletion_requested_at: now,
      deletion_requested_by: ctx.auth.user.id,
      purge_after: purgeAfterFrom(now),
    })
    .where('id', '=', g.id)
    .where('deletion_requested_at', 'is', null)
    .returning(['purge_after'])
    .executeTakeFirst();
  if (marked) {
    await audit(ctx, 'company-group.deletion-requested', g.id, { purgeAfter: marked.purge_after });
    log.info('company group deletion requested', { groupId: g.id, purgeAfter: marked.purge_after });
  }
  return groupItem(g.id);
}

/**
 * Clears the mark while the grace period runs; a group past it (the purge may have started) is
 * 409 COMPANY_GROUP_PURGING. Restoring a group that is not marked changes nothing.
 */
export async function restoreGroup(ctx: SignedInContext, { id }: { id: number }): Promise<CompanyGroupItem> {
  const g = await groupOr404(id);
  if (g.deletion_requested_at === null) return groupItem(g.id);
  const restored = await coreDb()
    .updateTable('company_groups')
    .set({ deletion_requested_at: null, deletion_requested_by: null, purge_after: null })
    .where('id', '=', g.id)
    .where(sql<boolean>`purge_after > now()`)
    .returning('id')
    .executeTakeFirst();
  if (!restored) throw new AppError('COMPANY_GROUP_PURGING');
  await audit(ctx, 'company-group.restored', g.id, {});
  log.info('company group restored', { groupId: g.id });
  return groupItem(g.id);
}
