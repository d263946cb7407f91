import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import type { QrFormat } from '../../../shared/qr/schemas.ts';
import { config } from '../../config.ts';
import type { AuthContext, TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { inScope, scopeOf } from '../../kit/scope.ts';
import { monthlyGeneratedCount } from './counters.ts';
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
  const company = await resolveCompany(auth, input.companyId);
  const quantity = checkQuantity(input.quantity);
  const params = { companyId: company.id, quantity, format: input.format, publicUrl: config().PUBLIC_URL };
  const jobId = await enqueue(QR_BATCH_JOBS[input.format], params, {
    companyGroupId: auth.companyGroup.id,
    companyId: company.id,
    requestedBy: auth.user.id,
  });
  return { jobId };
}

/** "Quantidade de Tags QR Code geradas esse mês" for a company of the tenant. */
export async function generatedThisMonth(
  { auth }: TenantContext,
  { companyId }: { companyId?: number | null },
): Promise<number> {
  const company = await resolveCompany(auth, companyId);
  return monthlyGeneratedCount(auth as AuthContext, company.id);
}
