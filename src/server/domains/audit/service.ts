/**
 * The audit trail's reads (issue 29 item 4). Company and group admins (and the provider admin
 * switched into a group) read their group: `source=group` its data, `source=accounts` its core
 * rows (users, companies, the group and its plan); company admins only their company's rows. The
 * provider admin reads the platform-level entries (no group) or one group's core entries. Nothing
 * here writes: the log has no update or delete operation.
 */
import { sql } from 'kysely';
import type {
  AuditEntry,
  AuditExportInput,
  AuditListInput,
  PlatformAuditListInput,
} from '../../../shared/audit/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import type { TenantContext } from '../../context.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import { scopeOf } from '../../kit/scope.ts';
import { AUDIT_EXPORT_MAX_ROWS, type AuditCsvParams, auditCsvJob } from './jobs.ts';
import { coreEntries, ENTRY_COLUMNS, type EntryRow, groupEntries, toEntry } from './queries.ts';

/** Newest first (the (at, id) index read backwards); `asc` reads it forwards. */
const pageSpec = {
  search: [sql.ref('e.entity_id')],
  sorts: { at: sql.ref('e.at') },
  tiebreak: sql.ref('e.id'),
};

/** The company the caller's rows are narrowed to: its own for company roles, else the filter's. */
function companyOf(ctx: TenantContext, asked: number | undefined): number | null {
  return scopeOf(ctx.auth).companyId ?? asked ?? null;
}

export async function listGroupAudit(ctx: TenantContext, input: AuditListInput): Promise<Page<AuditEntry>> {
  const companyId = companyOf(ctx, input.companyId);
  if (input.source === 'accounts') {
    const base = coreEntries(coreDb(), input, ctx.auth.companyGroup.id, companyId);
    const page = await fetchPage(base, input, { ...pageSpec, select: (q) => q.select(ENTRY_COLUMNS) });
    return mapPage(page, (r) => toEntry(r as EntryRow));
  }
  const base = groupEntries(ctx.auth.tenant, input, companyId);
  const page = await fetchPage(base, input, { ...pageSpec, select: (q) => q.select(ENTRY_COLUMNS) });
  return mapPage(page, (r) => toEntry(r as EntryRow));
}

export async function listPlatformAudit(
  _ctx: SignedInContext,
  input: PlatformAuditListInput,
): Promise<Page<AuditEntry>> {
  const base = coreEntries(coreDb(), input, input.groupId ?? null, null);
  const page = await fetchPage(base, input, { ...pageSpec, select: (q) => q.select(ENTRY_COLUMNS) });
  return mapPage(page, (r) => toEntry(r as EntryRow));
}

/** Starts the CSV export of the list's filters (≤ AUDIT_EXPORT_MAX_ROWS rows); answers the job id. */
export async function requestAuditExport(
  ctx: TenantContext,
  input: AuditExportInput,
): Promise<{ jobId: string }> {
  const { auth } = ctx;
  const companyId = companyOf(ctx, input.companyId);
  const filters = {
    userId: input.userId,
    entity: input.entity,
    action: input.action,
    from: input.from,
    to: input.to,
  };
  const rows =
    input.source === 'accounts'
      ? coreEntries(coreDb(), filters, auth.companyGroup.id, companyId)
          .select(sql`1`.as('one'))
          .limit(AUDIT_EXPORT_MAX_ROWS + 1)
      : groupEntries(auth.tenant, filters, companyId)
          .select(sql`1`.as('one'))
          .limit(AUDIT_EXPORT_MAX_ROWS + 1);
  const db = input.source === 'accounts' ? coreDb() : auth.tenant;
  const { rows: counted } = await sql<{
    n: number;
  }>`select count(*)::int as n from (${rows}) as capped`.execute(db);
  if (counted[0]!.n > AUDIT_EXPORT_MAX_ROWS)
    throw new AppError('AUDIT_EXPORT_TOO_LARGE', { params: { max: AUDIT_EXPORT_MAX_ROWS } });
  const params: AuditCsvParams = {
    source: input.source,
    filters,
    companyId,
    direction: input.direction,
  };
  const jobId = await enqueue(auditCsvJob, params, {
    companyGroupId: auth.companyGroup.id,
    companyId: scopeOf(auth).companyId,
    requestedBy: auth.user.id,
  });
  return { jobId };
}
