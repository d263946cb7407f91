/**
 * The context an import job acts in (issue 31): the requester as they are now (their role and
 * company read again from core — a demoted or removed user's job fails), in the job's group. The
 * equipment domain's writes take it as they take a request's: limits, snapshots' author, audit.
 */
import { UnrecoverableError } from 'bullmq';
import type { AuthContext } from '../../context.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import type { JobMeta } from '../../jobs/define.ts';
import { jobGroup } from '../../jobs/job-group.ts';
import type { Ctx } from '../../kit/tenant-tx.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';

export async function jobContext(meta: JobMeta, what: string): Promise<Ctx> {
  const group = await jobGroup(meta, what);
  const user = meta.requestedBy
    ? await coreDb().selectFrom('users').selectAll().where('id', '=', meta.requestedBy).executeTakeFirst()
    : undefined;
  if (!user || !ADMIN_ROLES.includes(user.role) || user.status !== 'ACTIVE')
    throw new UnrecoverableError(`${what}: the requester may no longer import`);
  const g = await coreDb()
    .selectFrom('company_groups')
    .selectAll()
    .where('id', '=', group.id)
    .executeTakeFirstOrThrow();
  return {
    ip: '',
    userAgent: `worker job ${meta.jobId}`,
    auth: {
      sessionId: `job:${meta.jobId}`,
      user,
      role: user.role,
      companyGroup: g as unknown as NonNullable<AuthContext['companyGroup']>,
      companyId: user.company_id,
      companyName: null,
      tenant: tenantDb(group.schema),
      maintenance: false,
    },
  };
}
