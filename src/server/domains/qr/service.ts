import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import type { QrFormat } from '../../../shared/qr/schemas.ts';
import {
  DEFAULT_ROLL_TEMPLATE_ID,
  type LabelOptions,
  type LabelTemplate,
  labelOptionsSchema,
  labelsPerSheet,
} from '../../../shared/qr/templates.ts';
import { config } from '../../config.ts';
import type { TenantContext } from '../../context.ts';
import { type Kysely, sql } from 'kysely';
import { baseDb, coreDb, tenantDb, withCore } from '../../db/database.ts';
import type { CoreDatabase, TenantDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { insertJobRow, queueJobRow } from '../../jobs/queue.ts';
import { inScope, scopeOf } from '../../kit/scope.ts';
import { requirePaymentNotBlocked } from '../organisations/index.ts';
import { generatedInMonth, tagCounts } from './counters.ts';
import { QR_BATCH_JOBS, type QrBatchLabel } from './jobs.ts';
import { checkTemplate, resolveTemplate } from './templates.ts';

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

/** Labels per sheet of a template; the offset may skip all but the last one. */
function checkOffset(offset: number, template: LabelTemplate): number {
  const max = labelsPerSheet(template) - 1;
  if (!Number.isInteger(offset) || offset < 0 || offset > max)
    throw new AppError('QR_OFFSET_OUT_OF_RANGE', { params: { max } });
  return offset;
}

/**
 * The label part of a PDF/ZPL batch's params: the template resolved now (the job carries its own
 * copy, so a template edited or deleted later does not change a queued batch), checked for this
 * install; the offset within the first sheet; ZPL only for roll templates; the logo only when the
 * company has an image.
 */
async function batchLabel(
  format: QrFormat,
  options: LabelOptions | undefined,
  company: { id: number },
): Promise<QrBatchLabel | undefined> {
  if (format === 'xlsx') return undefined;
  const o =
    options ?? labelOptionsSchema.parse(format === 'zpl' ? { template: DEFAULT_ROLL_TEMPLATE_ID } : {});
  const template = await resolveTemplate(o.template);
  if (format === 'zpl' && template.kind !== 'roll') throw new AppError('QR_ZPL_NEEDS_THERMAL');
  checkTemplate(template);
  const offset = checkOffset(o.offset, template);
  let logo = false;
  if (o.logo) {
    const c = await coreDb()
      .selectFrom('companies')
      .select('image_key')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    logo = c.image_key !== null;
  }
  return { template, offset, cutMarks: o.cutMarks, companyName: o.companyName, note: o.note, logo };
}

/**
 * Starts a QR batch job (allocation and rendering happen in the worker); answers its id at once.
 * Label options given explicitly (screen 8, or the REST call's query) become the company's
 * remembered choice, in the job's transaction.
 */
export async function requestBatch(
  { auth }: TenantContext,
  input: { companyId?: number | null; quantity: unknown; format: QrFormat; label?: LabelOptions },
): Promise<{ jobId: string }> {
  // A BLOCKED group (overdue bills) generates no new batches (issue 17).
  requirePaymentNotBlocked({ auth });
  const company = await resolveCompany(auth, input.companyId);
  const quantity = checkQuantity(input.quantity);
  const label = await batchLabel(input.format, input.label, company);
  const def = QR_BATCH_JOBS[input.format];
  const params = def.params.parse({
    companyId: company.id,
    quantity,
    format: input.format,
    publicUrl: config().PUBLIC_URL,
    ...(label ? { label } : {}),
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
      if (label && input.label) await rememberLabelChoice(withCore(trx), company.id, label);
      return insertJobRow(def.type, params, owner, withCore(trx));
    });
  await queueJobRow(def, jobId, params, owner);
  return { jobId };
}

async function rememberLabelChoice(core: Kysely<CoreDatabase>, companyId: number, label: QrBatchLabel) {
  const values = {
    template: label.template.id,
    cut_marks: label.cutMarks,
    company_name: label.companyName,
    note: label.note,
    logo: label.logo,
    updated_at: new Date(),
  };
  await core
    .insertInto('qr_label_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
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
