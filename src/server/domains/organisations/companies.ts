import { sql } from 'kysely';
import type { Page } from '../../../shared/list.ts';
import {
  type CompanyFormInput,
  type CompanyListInput,
  DEFAULT_COMPANY_TAGS_LIMIT,
} from '../../../shared/organisations/schemas.ts';
import type { AuthContext } from '../../context.ts';
import { coreDb, tenantSchemaName } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { type Scope, forbidden, inScope, scopeOf } from './scope.ts';
import { pageOf, searchAny } from './search.ts';

/** The seed's company (000 §3); `image` is served elsewhere, `tagsUsed` counts the tenant's tags. */
export interface CompanyItem {
  id: number;
  companyGroupId: number;
  name: string;
  cnpj: string | null;
  mainContactName: string | null;
  email: string | null;
  phone: string | null;
  enabled: boolean;
  tagsLimit: number;
  tagsUsed: number;
  updateDate: Date;
}

/** Provider admins and group admins manage companies (company admins and operators: 403). */
function companyScope(auth: AuthContext): Scope {
  if (auth.role !== 'MOBCHECK_ADMIN' && auth.role !== 'COMPANY_GROUP_ADMIN') throw forbidden();
  return scopeOf(auth);
}

/**
 * Tags in use of each company: enabled tags bound to equipment in the group's tenant `tags` table
 * (the same rule as the logged user's `active_tags_qty`).
 */
async function tagsUsedExpr(groupId: number | null) {
  if (groupId === null) return sql<number>`0`;
  const group = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) return sql<number>`0`;
  return sql<number>`(select count(*)::int from ${sql.table(`${tenantSchemaName(group.schema_name)}.tags`)} t where t.company_id = c.id and t.enabled and t.activated_at is not null)`;
}

const SORTS = {
  name: sql`core.search_text(c.name)`,
  cnpj: sql`c.cnpj`,
  mainContactName: sql`core.search_text(c.main_contact_name)`,
  email: sql`lower(c.email)`,
  phone: sql`c.phone`,
} as const;

function selectCompanies(tagsUsed: Awaited<ReturnType<typeof tagsUsedExpr>>) {
  return coreDb()
    .selectFrom('companies as c')
    .select([
      'c.id',
      'c.company_group_id as companyGroupId',
      'c.name',
      'c.cnpj',
      'c.main_contact_name as mainContactName',
      'c.email',
      'c.phone',
      'c.enabled',
      'c.tags_limit as tagsLimit',
      tagsUsed.as('tagsUsed'),
      'c.updated_at as updateDate',
    ]);
}

export async function listCompanies(auth: AuthContext, input: CompanyListInput): Promise<Page<CompanyItem>> {
  const scope = companyScope(auth);
  const tagsUsed = await tagsUsedExpr(scope.groupId);
  let q = selectCompanies(tagsUsed).select(sql<number>`count(*) over()`.as('total'));
  if (scope.groupId !== null) q = q.where('c.company_group_id', '=', scope.groupId);
  if (input.enabled !== 'all') q = q.where('c.enabled', '=', input.enabled === 'yes');
  if (input.query?.trim()) {
    q = q.where(
      searchAny(
        [
          sql`c.name`,
          sql`coalesce(c.cnpj, '')`,
          sql`coalesce(c.main_contact_name, '')`,
          sql`coalesce(c.email, '')`,
          sql`coalesce(c.phone, '')`,
        ],
        input.query,
      ),
    );
  }
  const dir = input.direction === 'desc' ? sql`desc` : sql`asc`;
  const sortExpr = input.sort === 'tagsUsed' ? tagsUsed : SORTS[input.sort ?? 'name'];
  const rows = await q
    .orderBy(sql`${sortExpr} ${dir} nulls last`)
    .orderBy('c.id')
    .limit(input.pageSize)
    .offset(input.page * input.pageSize)
    .execute();
  return pageOf<CompanyItem>(rows, input.page, input.pageSize);
}

async function getCompany(id: number, groupId: number): Promise<CompanyItem> {
  const row = await selectCompanies(await tagsUsedExpr(groupId))
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Creates a company in the caller's group (a provider admin: the session's group). New companies
 * are not enabled and have 0 tags unless a provider admin says otherwise (seed 000 §9).
 */
export async function createCompany(auth: AuthContext, input: CompanyFormInput): Promise<number> {
  const scope = companyScope(auth);
  if (scope.groupId === null) throw new AppError('TENANT_FORBIDDEN');
  const row = await coreDb()
    .insertInto('companies')
    .values({
      company_group_id: scope.groupId,
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
      image_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Edits a company; enabled and tags limit are billing matters, changed by a provider admin only. */
export async function updateCompany(
  auth: AuthContext,
  id: number,
  input: CompanyFormInput,
): Promise<CompanyItem> {
  const scope = companyScope(auth);
  const current = await coreDb()
    .selectFrom('companies')
    .select(['id', 'company_group_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current || !inScope(scope, current.company_group_id, current.id)) throw new AppError('NOT_FOUND');
  await coreDb()
    .updateTable('companies')
    .set({
      name: input.name,
      cnpj: input.cnpj ?? null,
      main_contact_name: input.mainContactName,
      email: input.email,
      phone: input.phone,
      ...(scope.provider && input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(scope.provider && input.tagsLimit !== undefined ? { tags_limit: input.tagsLimit } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
  return getCompany(id, current.company_group_id);
}
