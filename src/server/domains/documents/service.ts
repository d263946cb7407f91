import type { DocumentRequest } from '../../../shared/documents/schemas.ts';
import { config } from '../../config.ts';
import type { TenantContext } from '../../context.ts';
import { enqueue } from '../../jobs/queue.ts';
import { requireInScope, scopeOf } from '../../kit/scope.ts';
import { findRecord } from './content.ts';
import { DOCUMENT_JOBS } from './jobs.ts';
import type { RecordKind } from '../../../shared/documents/document-types.ts';

/**
 * Starts the job rendering one inspection or maintenance as PDF or XLSX; answers its id at once.
 * The record is held to the caller's scope before anything is queued: the tenant schema is the
 * group, and company admins and operators reach their own company's records only. Another
 * tenant's or company's record is 404 NOT_FOUND, the same answer as an id that names nothing.
 */
export async function requestDocument(
  { auth }: TenantContext,
  kind: RecordKind,
  { id, format }: DocumentRequest,
): Promise<{ jobId: string }> {
  const found = await findRecord(auth.tenant, kind, id);
  const { owner } = requireInScope(scopeOf(auth), found, (r) => ({
    groupId: auth.companyGroup.id,
    companyId: r.owner.companyId,
  }));
  const jobId = await enqueue(
    DOCUMENT_JOBS[kind][format],
    { recordId: id, publicUrl: config().PUBLIC_URL },
    { companyGroupId: auth.companyGroup.id, companyId: owner.companyId, requestedBy: auth.user.id },
  );
  return { jobId };
}
