import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import type { QrFormat } from '../../../shared/qr/schemas.ts';
import { config } from '../../config.ts';
import type { TenantContext } from '../../context.ts';
import { type Kysely, sql } from 'kysely';
import { baseDb, coreDb, tenantDb, withCore } from '../../db/database.ts';
import type { CoreDatabase, TenantDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { insertJobRow, queueJobRow } from '../../jobs/queue.ts';
import { inScope, scopeOf } from '../../kit/scope.ts';
import { requirePaymentNotBlocked } from '../billing/enforcement.ts';
import { generatedInMonth, tagCounts } from './counters.ts';
import { QR_BATCH_JOBS } from './jobs.ts';

/** Who may generate QR batches: every admin; operators cannot (seed 001 §6). */
export const QR_ROLES: readonly Role[] = ADMIN_ROLES;

/**
 * The company a QR call acts on must be in the caller's tenant: a group admin (or the provider
 * admin) any company of the current group, a company admin only their own. Defaults to the
 * session's company.
 */
export async function resolveCompany(
  auth: TenantContext['auth'],
  companyId?: number | null,
): Promise<{ id: number; name: string }> {
  const id = companyId ?? auth.companyId;
  if (!id) throw new AppError('TENANT_FORBIDDEN');
  const company = await coreDb()
    .selectFrom('companies')
    .select(['id', 'name', 'company_group_id'])
    .where('id', '=', id)
    .where('company_group_id', '=', auth.companyGroup.id)
    .executeTakeFirst();
  if (!company || !inScope(scopeOf(auth), company.company_group_id, company.id))
    throw new AppError('TENANT_FORBIDDEN');
  return { id: company.id, name: company.name };
}

/** 1..QR_BATCH_MAX, else 400 QR_QUANTITY_OUT_OF_RANGE (also for non-numbers). */
export function checkQuantity(raw: unknown): number {
  const max = config().QR_BATCH_MAX;
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > max) {
    throw new AppError('QR_QUANTITY_OUT_OF_RANGE', { params: { min: 1, max } });
  }
  return n;
}

/** Starts a QR batch job (allocation and rendering happen in the worker); answers its id at once. */
export async function requestBatch(
  { auth }: TenantContext,
  input: { companyId?: number | null; quantity: unknown; format: QrFormat },
): Promise<{ jobId: string }> {
  // A BLOCKED group (overdue bills) generates no new batches (issue 17).
  requirePaymentNotBlocked({ auth });
  const company = await resolveCompany(auth, input.companyId);
  const quantity = checkQuantity(input.quantity);
  const def = QR_BATCH_JOBS[input.format];
  const params = def.params.parse({
    companyId: company.id,
    quantity,
    format: input.format,
    publicUrl: config().PUBLIC_URL,
  });
  const owner = { companyGroupId: auth.companyGroup.id, companyId: company.id, requestedBy: auth.user.id };
  // The quota and the tags bound are checked and the job row written under one lock per company,
  // so parallel requests cannot both pass; the queue gets the job once that has committed.
  const jobId = await baseDb()
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`qr-quota:${company.id}`}, 0))`.execute(trx);
      await checkGenerationBounds(
        withCore(trx),
        tenantDb(auth.companyGroup.schema_name, trx),
        company.id,
        quantity,
      );
      return insertJobRow(def.type, params, owner, withCore(trx));
    });
  await queueJobRow(def, jobId, params, owner);
  return { jobId };
}

/**
 * A batch must fit (1) the company's monthly generation quota — labels generated this month plus
 * those of its unfinished batches — set by the provider admin (null: QR_MONTHLY_QUOTA), 429
 * QR_MONTHLY_QUOTA_EXCEEDED; and (2) its tags limit: the unused tags it holds (generated, enabled,
 * not bound to equipment) plus the batches not allocated yet plus this one may not pass `tags_limit`,
 * 409 QR_TAGS_LIMIT_EXCEEDED. Pending batches are read before the tags, so a batch allocated in
 * between is counted twice (the safe side), never missed.
 */
async function checkGenerationBounds(
  core: Kysely<CoreDatabase>,
  tenant: Kysely<TenantDatabase>,
  companyId: number,
  quantity: number,
): Promise<void> {
  const company = await core
    .selectFrom('companies')
    .select(['tags_limit', 'qr_monthly_quota'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const { pending } = await core
    .selectFrom('jobs')
    .select(sql<number>`coalesce(sum((params->>'quantity')::int), 0)::int`.as('pending'))
    .where('company_id', '=', companyId)
    .where(
      'type',
      'in',
      Object.values(QR_BATCH_JOBS).map((d) => d.type),
    )
    .where('state', 'in', ['queued', 'active'])
    // A batch whose tags exist already counts among the generated ones (allocation is all or nothing).
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('tag_registry as r').select('r.serial').whereRef('r.job_id', '=', 'jobs.id'))),
    )
    .executeTakeFirstOrThrow();
  const quota = company.qr_monthly_quota ?? config().QR_MONTHLY_QUOTA;
  const generated = await generatedInMonth(tenant, companyId);
  const remaining = Math.max(0, quota - generated - pending);
  if (quantity > remaining) throw new AppError('QR_MONTHLY_QUOTA_EXCEEDED', { params: { quota, remaining } });
  const { spare } = await tagCounts(tenant, companyId);
  if (spare + pending + quantity > company.tags_limit)
    throw new AppError('QR_TAGS_LIMIT_EXCEEDED', {
      params: { spare: spare + pending, limit: company.tags_limit },
    });
}

/** "Quantidade de Tags QR Code geradas esse mês" for a company of the tenant. */
export async function generatedThisMonth(
  { auth }: TenantContext,
  { companyId }: { companyId?: number | null },
): Promise<number> {
  const company = await resolveCompany(auth, companyId);
  return generatedInMonth(auth.tenant, company.id);
}
