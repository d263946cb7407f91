import { type Expression, sql } from 'kysely';
import type { Page } from '../../../shared/list.ts';
import type { CompanyItem, CompanyPublicTagCardItem } from '../../../shared/organisations/outputs.ts';
import {
  type CompanyFormInput,
  type CompanyListInput,
  type CompanyPublicTagCardInput,
  DEFAULT_COMPANY_TAGS_LIMIT,
} from '../../../shared/organisations/schemas.ts';
import { coreDb, tenantSchemaName } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, triStateIs } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { requireInScope, scopeOf, scopeWhere } from '../../kit/scope.ts';
import { inCoreAuditTx } from '../../kit/audit-header.ts';

// Who may call these (provider and group admins) is declared once, in operations.ts.

/**
 * Tags in use of each company `c`: the group's tenant tags of that company that are in use by the
 * tag domain's rule (the same rule as the logged user's `active_tags_qty`), from the counter row
 * the tags' triggers keep (qr/counters.ts). 0 without a group. A left join on the group's
 * counters, not a subquery per row: on Citus `core.companies` stays on the coordinator and the
 * group's tables are distributed; Citus plans a joined subquery apart ("direct joins between
 * distributed and local tables are not supported" for the correlated one).
 */
async function companiesFrom(groupId: number | null) {
  const companies = coreDb().selectFrom('companies as c');
  const group =
    groupId === null
      ? undefined
      : await coreDb()
          .selectFrom('company_groups')
          .select('schema_name')
          .where('id', '=', groupId)
          .executeTakeFirst();
  if (!group) return { q: companies, tagsUsed: sql<number>`0` };
  const counts = sql<{ company_id: number; in_use: number }>`(select company_id, in_use from ${sql.table(
    `${tenantSchemaName(group.schema_name)}.tag_counts`,
  )})`;
  return {
    q: companies.leftJoin(counts.as('tc'), (j) =>
      j.onRef('tc.company_id', '=', 'c.id'),
    ) as unknown as typeof companies,
    tagsUsed: sql<number>`coalesce(tc.in_use, 0)`,
  };
}

function selectCompany(q: Awaited<ReturnType<typeof companiesFrom>>['q'], tagsUsed: Expression<number>) {
  return q.select([
    'c.id',
    'c.company_group_id as companyGroupId',
    'c.name',
    'c.cnpj',
    'c.main_contact_name as mainContactName',
    'c.email',
    'c.phone',
    'c.enabled',
    'c.tags_limit as tagsLimit',
    sql<number>`${tagsUsed}`.as('tagsUsed'),
    'c.qr_monthly_quota as qrMonthlyQuota',
    'c.public_tag_card as publicTagCard',
    'c.updated_at as updateDate',
  ]);
}

/** Companies of the caller's group (a provider admin: the session's group), paged. */
export async function listCompanies(
  ctx: SignedInContext,
  input: CompanyListInput,
): Promise<Page<CompanyItem>> {
  const scope = scopeOf(ctx.auth);
  const { q, tagsUsed } = await companiesFrom(scope.groupId);
  const base = q
    .where(scopeWhere(scope, { group: sql.ref('c.company_group_id') }, { providerToGroup: true }))
    .where(triStateIs(sql.ref('c.enabled'), input.enabled));
  return fetchPage(base, input, {
    nullsLast: true,
    search: [
      sql`c.name`,
      sql`coalesce(c.cnpj, '')`,
      sql`coalesce(c.main_contact_name, '')`,
      sql`coalesce(c.email, '')`,
      sql`coalesce(c.phone, '')`,
    ],
    sorts: {
      name: sql`core.search_text(c.name)`,
      cnpj: sql.ref('c.cnpj'),
      mainContactName: sql`core.search_text(c.main_contact_name)`,
      email: sql`lower(c.email)`,
      phone: sql.ref('c.phone'),
      tagsUsed,
    },
    tiebreak: sql.ref('c.id'),
    select: (q) => selectCompany(q, tagsUsed),
  });
}

async function getCompany(id: number, groupId: number): Promise<CompanyItem> {
  const { q, tagsUsed } = await companiesFrom(groupId);
  const row = await selectCompany(q, tagsUsed).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Creates a company in the caller's group (a provider admin: the session's group); the answer is
 * its id. New companies are not enabled and have 0 tags unless a provider admin says otherwise
 * (seed 000 §9). The CNPJ, numeric or alphanumeric, is stored normalised (shared field rule).
 */
export async function createCompany(ctx: SignedInContext, input: CompanyFormInput): Promise<number> {
  const scope = scopeOf(ctx.auth);
  const groupId = scope.groupId;
  if (groupId === null) throw new AppError('TENANT_FORBIDDEN');
  const row = await cnpjUnique(input.cnpj, () =>
    inCoreAuditTx(ctx, groupId, (core) =>
      core
        .insertInto('companies')
        .values({
          company_group_id: groupId,
          name: input.name,
          fantasy_name: null,
          cnpj: input.cnpj ?? null,
          main_contact_name: input.mainContactName,
          email: input.email,
          phone: input.phone,
          address: null,
          enabled: scope.provider ? (input.enabled ?? false) : false,
          tags_limit: scope.provider
            ? (input.tagsLimit ?? DEFAULT_COMPANY_TAGS_LIMIT)
            : DEFAULT_COMPANY_TAGS_LIMIT,
          qr_monthly_quota: scope.provider ? (input.qrMonthlyQuota ?? null) : null,
          public_tag_card: input.publicTagCard ?? true,
          image_key: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ),
  );
  return row.id;
}

/** A CNPJ names one company within a group (unique index `companies_group_cnpj_uq`). */
async function cnpjUnique<T>(cnpj: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (cnpj && isUniqueViolation(err, 'companies_group_cnpj_uq'))
      throw new AppError('COMPANY_CNPJ_EXISTS', { params: { cnpj } });
    throw err;
  }
}

/**
 * Edits a company of the caller's scope (404 for one elsewhere, as for a missing one); enabled and
 * tags limit are billing matters, changed by a provider admin only.
 */
export async function updateCompany(
  ctx: SignedInContext,
  input: CompanyFormInput & { id: number },
): Promise<CompanyItem> {
  const scope = scopeOf(ctx.auth);
  const current = requireInScope(
    scope,
    await coreDb()
      .selectFrom('companies')
      .select(['id', 'company_group_id'])
      .where('id', '=', input.id)
      .executeTakeFirst(),
    (c) => ({ groupId: c.company_group_id, companyId: c.id }),
  );
  await cnpjUnique(input.cnpj, () =>
    inCoreAuditTx(ctx, current.company_group_id, (core) =>
      core
        .updateTable('companies')
        .set({
          name: input.name,
          cnpj: input.cnpj ?? null,
          main_contact_name: input.mainContactName,
          email: input.email,
          phone: input.phone,
          ...(scope.provider && input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(scope.provider && input.tagsLimit !== undefined ? { tags_limit: input.tagsLimit } : {}),
          ...(scope.provider && input.qrMonthlyQuota !== undefined
            ? { qr_monthly_quota: input.qrMonthlyQuota }
            : {}),
          ...(input.publicTagCard !== undefined ? { public_tag_card: input.publicTagCard } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute(),
    ),
  );
  return getCompany(current.id, current.company_group_id);
}

/** A company of the caller's scope by id (404 for one elsewhere, as for a missing one). */
async function companyInScope(ctx: SignedInContext, id: number) {
  return requireInScope(
    scopeOf(ctx.auth),
    await coreDb()
      .selectFrom('companies')
      .select(['id', 'company_group_id', 'public_tag_card'])
      .where('id', '=', id)
      .executeTakeFirst(),
    (c) => ({ groupId: c.company_group_id, companyId: c.id }),
  );
}

/** Whether the company's public tag card shows (any admin of the company, its group or the provider). */
export async function companyPublicTagCard(
  ctx: SignedInContext,
  input: { id: number },
): Promise<CompanyPublicTagCardItem> {
  const c = await companyInScope(ctx, input.id);
  return { id: c.id, publicTagCard: c.public_tag_card };
}

/**
 * Shows or hides the company's public tag card: the switch alone, for the company admin (who has no
 * company form) as well as the group and provider admins (whose company form also carries it).
 */
export async function setCompanyPublicTagCard(
  ctx: SignedInContext,
  input: CompanyPublicTagCardInput,
): Promise<CompanyPublicTagCardItem> {
  const c = await companyInScope(ctx, input.id);
  await coreDb()
    .updateTable('companies')
    .set({ public_tag_card: input.publicTagCard, updated_at: new Date() })
    .where('id', '=', c.id)
    .execute();
  return { id: c.id, publicTagCard: input.publicTagCard };
}
