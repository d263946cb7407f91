import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type { CompanyGroupItem, ProvisionResultItem } from '../../../shared/organisations/outputs.ts';
import {
  type CompanyGroupCreateInput,
  type CompanyGroupListInput,
  GENERIC_GROUP_SCHEMA,
} from '../../../shared/organisations/schemas.ts';
import { baseDb, coreDb, tenantDb } from '../../db/database.ts';
import { searchCondition } from '../../db/search.ts';
import { AppError } from '../../errors.ts';
import { fetchPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { inScope, scopeOf } from '../../kit/scope.ts';
import { getLoggedUser, type LoggedUser } from '../account/index.ts';
import { installStandardCatalogue } from '../catalogue/index.ts';
import { switchSessionCompany } from '../auth/index.ts';
import { provisionCompanyGroup } from '../account/index.ts';
import { findCompany, findGroup, isUniqueViolation } from './scope.ts';
import { describeIssue } from '../../../shared/field-messages.ts';

// Who may call these is declared once, in operations.ts; finer rules (a group admin only inside
// its own group) stay here.

function groupsFrom() {
  return coreDb().selectFrom('company_groups as g');
}

function selectGroup(q: ReturnType<typeof groupsFrom>) {
  return q.select([
    'g.id',
    'g.name',
    'g.schema_name as schemaName',
    'g.deletion_requested_at as deletionRequestedAt',
    'g.purge_after as purgeAfter',
    sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
        from core.companies c where c.company_group_id = g.id), '[]'::json)`.as('companies'),
  ]);
}

/** One group as the list shows it. */
export function groupItem(id: number): Promise<CompanyGroupItem> {
  return selectGroup(groupsFrom()).where('g.id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Company groups with their companies as chips, paged; the search matches the group's name or
 * schema name, or the name of one of its companies. `forChoice` leaves the generic group out.
 */
export async function listCompanyGroups(
  _ctx: SignedInContext,
  input: CompanyGroupListInput,
): Promise<Page<CompanyGroupItem>> {
  let base = groupsFrom();
  // A choice (moving a user, activating one) offers neither the generic group nor one being deleted.
  if (input.forChoice)
    base = base
      .where('g.schema_name', '!=', GENERIC_GROUP_SCHEMA)
      .where('g.deletion_requested_at', 'is', null);
  // The search spans the group's companies too, so it is built here rather than by fetchPage.
  const byGroup = searchCondition(input.query, [sql.ref('g.name'), sql.ref('g.schema_name')]);
  const byCompany = searchCondition(input.query, [sql.ref('c.name')]);
  if (byGroup && byCompany) {
    base = base.where(
      sql<SqlBool>`(${byGroup} or exists (select 1 from core.companies c where c.company_group_id = g.id and ${byCompany}))`,
    );
  }
  return fetchPage(base, input, {
    sorts: { name: sql`core.search_text(g.name)` },
    tiebreak: sql.ref('g.id'),
    select: selectGroup,
  });
}

/**
 * The seed's codes for a creation payload the schema refused (the operation's `inputError`): a
 * missing field is CREATE_MISSING_FIELD, a bad schema name CREATE_BAD_COMPANY_GROUP_NAME, anything
 * else VALIDATION_FAILED.
 */
export function companyGroupCreateError(error: z.ZodError, raw: unknown): AppError {
  const obj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const issues = error.issues.map(describeIssue);
  const missing = error.issues.filter((i) => {
    const v = obj[String(i.path[0])];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
  if (missing.length) {
    return new AppError('CREATE_MISSING_FIELD', {
      message: `missing field: ${missing.map((i) => i.path.join('.')).join(', ')}`,
      issues,
    });
  }
  if (error.issues.some((i) => i.path[0] === 'companyGroup')) {
    return new AppError('CREATE_BAD_COMPANY_GROUP_NAME', {
      message: `company group invalid name: ${String(obj.companyGroup)}`,
      issues,
    });
  }
  return new AppError('VALIDATION_FAILED', { issues });
}

/**
 * Creates a company group: its migrated tenant schema, its first company, its responsible user as
 * company group admin and, when asked, the provider's standard catalogue — in one transaction (a
 * failure leaves nothing behind).
 */
export async function createCompanyGroup(
  _ctx: SignedInContext,
  input: CompanyGroupCreateInput,
): Promise<ProvisionResultItem> {
  try {
    return await baseDb()
      .transaction()
      .execute(async (trx) => {
        const created = await provisionCompanyGroup(trx, {
          groupName: input.companyName,
          schemaName: input.companyGroup,
          company: {
            name: input.companyName,
            cnpj: input.companyCnpj ?? null,
            tagsLimit: input.companyTagsLimit,
            enabled: true,
          },
          responsible: {
            name: input.responsibleName,
            email: input.responsibleEmail,
            phone: input.responsiblePhone,
            occupation: input.responsibleOccupation,
            password: input.responsiblePassword,
            role: 'COMPANY_GROUP_ADMIN',
          },
        });
        // The catalogue domain's one definition (also the demo seed's), in the same transaction.
        if (input.copyStandardCatalogue) await installStandardCatalogue(tenantDb(input.companyGroup, trx));
        return created;
      });
  } catch (err) {
    // Two creations racing for the same name or e-mail: the unique indexes decide.
    if (isUniqueViolation(err, 'users_email_live_idx')) {
      throw new AppError('USER_CREATE_EMAIL_EXISTS', { params: { email: input.responsibleEmail } });
    }
    if (isUniqueViolation(err))
      throw new AppError('CREATE_EXISTING_COMPANY_GROUP', { params: { name: input.companyGroup } });
    throw err;
  }
}

/**
 * The groups of a user (the group admin's "user companies"): a provider admin may ask about any
 * user, a group admin about users of its own group (403 for another group's user).
 */
export async function userCompanyGroups(
  ctx: SignedInContext,
  { email }: { email: string },
): Promise<CompanyGroupItem[]> {
  const { auth } = ctx;
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'company_group_id'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  // Another group's user answers exactly like an unknown e-mail: nobody learns who exists elsewhere.
  if (!user || !inScope(scopeOf(auth), user.company_group_id, null)) throw new AppError('NOT_FOUND');
  if (user.company_group_id === null) return [];
  return selectGroup(groupsFrom()).where('g.id', '=', user.company_group_id).execute();
}

/**
 * Switches the session to another company (seed 000 §7 `PUT /web/logged-user/company/`): a provider
 * admin to any group/company, a group admin only inside its own group (another group: 404).
 */
export async function switchCompany(
  ctx: SignedInContext,
  input: { companyGroup: number | string; companyId: number },
): Promise<LoggedUser> {
  const { auth } = ctx;
  const group = await findGroup(input.companyGroup);
  // Another group answers like a group that does not exist (no 403 that would confirm it).
  if (!group || !inScope(scopeOf(auth), group.id, null)) throw new AppError('NOT_FOUND');
  const company = await findCompany(input.companyId);
  if (!company || company.company_group_id !== group.id) throw new AppError('NOT_FOUND');
  await switchSessionCompany(auth.sessionId, group.id, company.id);
  const full = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'schema_name', 'payment_status', 'plan_id', 'subscription_id'])
    .where('id', '=', group.id)
    .executeTakeFirstOrThrow();
  return getLoggedUser({
    auth: {
      ...auth,
      companyGroup: full,
      companyId: company.id,
      companyName: company.name,
      tenant: tenantDb(full.schema_name),
    },
  });
}
