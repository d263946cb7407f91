import { sql } from 'kysely';
import type { Page } from '../../../shared/list.ts';
import {
  type CompanyGroupCreateInput,
  companyGroupCreateSchema,
} from '../../../shared/organisations/schemas.ts';
import type { AuthContext } from '../../context.ts';
import { baseDb, coreDb, tenantDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { getLoggedUser, type LoggedUser } from '../account/service.ts';
import { switchSessionCompany } from '../auth/service.ts';
import { type ProvisionResult, provisionCompanyGroup } from './provision.ts';
import { findCompany, findGroup, forbidden, isUniqueViolation } from './scope.ts';
import { pageOf, searchAny } from './search.ts';

/** The seed's company group (000 §3) plus its id and schema name. */
export interface CompanyGroupItem {
  id: number;
  name: string;
  schemaName: string;
  companies: { id: number; name: string }[];
}

export interface CompanyGroupListInput {
  page: number;
  pageSize: number;
  query?: string;
  direction: 'asc' | 'desc';
  /** activation/migration choices: the generic group is never offered (seed 000 §9) */
  forChoice?: boolean;
}

function requireProvider(auth: AuthContext) {
  if (auth.role !== 'MOBCHECK_ADMIN') throw forbidden();
}

function groupsQuery() {
  return coreDb()
    .selectFrom('company_groups as g')
    .select([
      'g.id',
      'g.name',
      'g.schema_name as schemaName',
      sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
        from core.companies c where c.company_group_id = g.id), '[]'::json)`.as('companies'),
    ]);
}

/** Company groups with their companies as chips; search on group, schema and company names. */
export async function listCompanyGroups(
  auth: AuthContext,
  input: CompanyGroupListInput,
): Promise<Page<CompanyGroupItem>> {
  requireProvider(auth);
  let q = groupsQuery().select(sql<number>`count(*) over()`.as('total'));
  if (input.forChoice) q = q.where('g.schema_name', '!=', 'generic');
  if (input.query?.trim()) {
    const matchingCompanies = coreDb()
      .selectFrom('companies as c')
      .select('c.company_group_id')
      .where(searchAny([sql`c.name`], input.query));
    q = q.where((eb) =>
      eb.or([
        searchAny([sql`g.name`, sql`g.schema_name`], input.query ?? ''),
        eb('g.id', 'in', matchingCompanies),
      ]),
    );
  }
  const dir = input.direction === 'desc' ? sql`desc` : sql`asc`;
  const rows = await q
    .orderBy(sql`core.search_text(g.name) ${dir}`)
    .orderBy('g.id')
    .limit(input.pageSize)
    .offset(input.page * input.pageSize)
    .execute();
  return pageOf<CompanyGroupItem>(rows, input.page, input.pageSize);
}

/**
 * Parses the creation payload with the seed's codes: a missing field is CREATE_MISSING_FIELD, a
 * bad schema name CREATE_BAD_COMPANY_GROUP_NAME, anything else VALIDATION_FAILED.
 */
export function parseCompanyGroupCreate(raw: unknown): CompanyGroupCreateInput {
  const r = companyGroupCreateSchema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const obj = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const issues = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const missing = r.error.issues.filter((i) => {
    const v = obj[String(i.path[0])];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
  if (missing.length) {
    throw new AppError('CREATE_MISSING_FIELD', {
      message: `missing field: ${missing.map((i) => i.path.join('.')).join(', ')}`,
      issues,
    });
  }
  if (r.error.issues.some((i) => i.path[0] === 'companyGroup')) {
    throw new AppError('CREATE_BAD_COMPANY_GROUP_NAME', {
      message: `company group invalid name: ${String(obj.companyGroup)}`,
      issues,
    });
  }
  throw new AppError('VALIDATION_FAILED', { issues });
}

/**
 * Creates a company group: its migrated tenant schema, its first company and its responsible
 * user as company group admin, in one transaction (a failure leaves nothing behind).
 */
export async function createCompanyGroup(auth: AuthContext, raw: unknown): Promise<ProvisionResult> {
  requireProvider(auth);
  const input = parseCompanyGroupCreate(raw);
  try {
    return await baseDb()
      .transaction()
      .execute((trx) =>
        provisionCompanyGroup(trx, {
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
        }),
      );
  } catch (err) {
    // Two creations racing for the same name or e-mail: the unique indexes decide.
    if (isUniqueViolation(err, 'users_email_live_idx')) {
      throw new AppError('USER_CREATE_EMAIL_EXISTS', { message: `email exists: ${input.responsibleEmail}` });
    }
    if (isUniqueViolation(err))
      throw new AppError('CREATE_EXISTING_COMPANY_GROUP', {
        message: `company group already exists: ${input.companyGroup}`,
      });
    throw err;
  }
}

/**
 * The groups of a user (the group admin's "user companies"): a provider admin may ask about any
 * user, a group admin about users of its own group; others 403.
 */
export async function userCompanyGroups(auth: AuthContext, email: string): Promise<CompanyGroupItem[]> {
  if (auth.role !== 'MOBCHECK_ADMIN' && auth.role !== 'COMPANY_GROUP_ADMIN') throw forbidden();
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'company_group_id'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND');
  if (auth.role === 'COMPANY_GROUP_ADMIN' && user.company_group_id !== auth.user.company_group_id)
    throw forbidden();
  if (user.company_group_id === null) return [];
  return groupsQuery().where('g.id', '=', user.company_group_id).execute();
}

/**
 * Switches the session to another company (seed 000 §7 `PUT /web/logged-user/company/`): a provider
 * admin to any group/company, a group admin only inside its own group, others 403.
 */
export async function switchCompany(
  auth: AuthContext,
  input: { companyGroup: number | string; companyId: number },
): Promise<LoggedUser> {
  if (auth.role !== 'MOBCHECK_ADMIN' && auth.role !== 'COMPANY_GROUP_ADMIN') throw forbidden();
  const group = await findGroup(input.companyGroup);
  if (!group) throw new AppError('NOT_FOUND');
  if (auth.role === 'COMPANY_GROUP_ADMIN' && group.id !== auth.user.company_group_id) throw forbidden();
  const company = await findCompany(input.companyId);
  if (!company || company.company_group_id !== group.id) throw new AppError('NOT_FOUND');
  await switchSessionCompany(auth.sessionId, group.id, company.id);
  const full = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'schema_name', 'payment_status'])
    .where('id', '=', group.id)
    .executeTakeFirstOrThrow();
  return getLoggedUser({
    auth: { ...auth, companyGroup: full, companyId: company.id, tenant: tenantDb(full.schema_name) },
  });
}
