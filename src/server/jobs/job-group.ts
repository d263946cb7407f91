/**
 * The company group a job runs for: the schema of `meta.companyGroupId`, read from core. A job
 * without a group, or whose group is gone, fails for good (a retry would not find it either).
 */
import { UnrecoverableError } from 'bullmq';
import { coreDb } from '../db/database.ts';
import type { JobMeta } from './define.ts';

/** The job's group and its schema; `what` names the job in the failure ("a report", "an audit export"). */
export async function jobGroup(meta: JobMeta, what: string): Promise<{ id: number; schema: string }> {
  if (!meta.companyGroupId) throw new UnrecoverableError(`${what} needs a company group`);
  const group = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', meta.companyGroupId)
    .executeTakeFirst();
  if (!group) throw new UnrecoverableError('company group not found');
  return { id: meta.companyGroupId, schema: group.schema_name };
}
