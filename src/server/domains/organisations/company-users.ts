import { sql } from 'kysely';
import type { Page } from '../../../shared/list.ts';
import {
  type CompanyUserCreateInput,
  type CompanyUserListInput,
  type CompanyUserUpdateInput,
  ROLE_RANK,
} from '../../../shared/organisations/schemas.ts';
import type { Role } from '../../../shared/roles.ts';
import type { AuthContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { voidEmailTokens } from '../account/tokens.ts';
import { revokeUserSessions } from '../auth/service.ts';
import { type Scope, findCompany, forbidden, inScope, isUniqueViolation, scopeOf } from './scope.ts';
import { pageOf, searchAny } from './search.ts';

/** The seed's company user (000 §3); the password never leaves the server. */
export interface CompanyUserItem {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  occupation: string | null;
  companyId: number | null;
  companyName: string | null;
  role: Role;
  status: string;
  updateDate: Date;
}

/** Employees are managed by provider, group and company admins; operators get 403. */
function employeeScope(auth: AuthContext): Scope {
  if (auth.role === 'COMPANY_OPERATOR') throw forbidden();
  return scopeOf(auth);
}

/** A viewer grants and manages only roles at or below its own (the provider role: provider admins). */
function checkRole(auth: AuthContext, role: Role) {
  if (ROLE_RANK[role] > ROLE_RANK[auth.role]) throw forbidden();
}

const SORTS = {
  name: sql`core.search_text(u.name)`,
  company: sql`core.search_text(c.name)`,
  phone: sql`u.phone`,
  status: sql`u.status`,
} as const;

export async function listCompanyUsers(
  auth: AuthContext,
  input: CompanyUserListInput,
): Promise<Page<CompanyUserItem>> {
  const scope = employeeScope(auth);
  let q = coreDb()
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      'u.occupation',
      'u.company_id as companyId',
      'c.name as companyName',
      'u.role',
      'u.status',
      'u.updated_at as updateDate',
      sql<number>`count(*) over()`.as('total'),
    ])
    .where('u.status', 'in', input.status === 'all' ? ['ACTIVE', 'INACTIVE', 'PENDING'] : [input.status]);
  if (scope.groupId !== null) q = q.where('u.company_group_id', '=', scope.groupId);
  if (scope.companyId !== null) q = q.where('u.company_id', '=', scope.companyId);
  if (input.query?.trim()) {
    q = q.where(
      searchAny(
        [
          sql`u.name || ' ' || u.email`,
          sql`coalesce(c.name, '')`,
          sql`coalesce(u.occupation, '')`,
          sql`coalesce(u.phone, '')`,
        ],
        input.query,
      ),
    );
  }
  const dir = input.direction === 'desc' ? sql`desc` : sql`asc`;
  const rows = await q
    .orderBy(sql`${SORTS[input.sort ?? 'name']} ${dir} nulls last`)
    .orderBy('u.id')
    .limit(input.pageSize)
    .offset(input.page * input.pageSize)
    .execute();
  return pageOf<CompanyUserItem>(rows, input.page, input.pageSize);
}

/** The company a user is put in must be inside the viewer's scope. */
async function targetCompany(scope: Scope, companyId: number) {
  const company = await findCompany(companyId);
  if (!company || !inScope(scope, company.company_group_id, company.id))
    throw new AppError('NOT_FOUND', { message: 'Empresa não encontrada' });
  return company;
}

async function emailTaken(email: string, exceptId?: number): Promise<boolean> {
  let q = coreDb()
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('status', 'not in', ['MIGRATED', 'DELETED']);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

const emailExists = (email: string) =>
  new AppError('USER_CREATE_EMAIL_EXISTS', { message: `email exists: ${email}` });

export async function createCompanyUser(auth: AuthContext, input: CompanyUserCreateInput): Promise<number> {
  const scope = employeeScope(auth);
  checkRole(auth, input.role);
  const company = await targetCompany(scope, input.companyId);
  if (await emailTaken(input.email)) throw emailExists(input.email);
  try {
    const row = await coreDb()
      .insertInto('users')
      .values({
        email: input.email,
        name: input.name,
        phone: input.phone,
        occupation: input.occupation,
        role: input.role,
        status: input.status,
        company_group_id: company.company_group_id,
        company_id: company.id,
        password_hash: await hashPassword(input.password),
        image_key: null,
        vindi_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists(input.email);
    throw err;
  }
}

/** A live user the viewer may manage: inside its scope and of a role not above its own. */
async function managedUser(auth: AuthContext, scope: Scope, id: number) {
  const user = await coreDb()
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  if (!user || !inScope(scope, user.company_group_id, user.company_id)) throw new AppError('NOT_FOUND');
  checkRole(auth, user.role);
  return user;
}

export async function updateCompanyUser(
  auth: AuthContext,
  id: number,
  input: CompanyUserUpdateInput,
): Promise<CompanyUserItem> {
  const scope = employeeScope(auth);
  const user = await managedUser(auth, scope, id);
  checkRole(auth, input.role);
  // Locking oneself out (own status or role) is refused; the profile page edits one's own data.
  if (user.id === auth.user.id && (input.status !== user.status || input.role !== user.role))
    throw forbidden();
  const company = await targetCompany(scope, input.companyId);
  if (await emailTaken(input.email, id)) throw emailExists(input.email);
  try {
    await coreDb()
      .updateTable('users')
      .set({
        name: input.name,
        email: input.email,
        phone: input.phone,
        occupation: input.occupation,
        role: input.role,
        status: input.status,
        company_group_id: company.company_group_id,
        company_id: company.id,
        ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists(input.email);
    throw err;
  }
  // Disabling, a new password, or a move to another group ends the user's open sessions.
  if (
    input.status !== 'ACTIVE' ||
    input.password ||
    company.company_group_id !== user.company_group_id ||
    input.role !== user.role
  ) {
    await revokeUserSessions(id, id === auth.user.id ? auth.sessionId : undefined);
  }
  // Links mailed to the old address (or before a new password) must not work any more.
  if (input.password || input.email.toLowerCase() !== user.email.toLowerCase())
    await voidEmailTokens(coreDb(), id);
  const row = await coreDb()
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      'u.occupation',
      'u.company_id as companyId',
      'c.name as companyName',
      'u.role',
      'u.status',
      'u.updated_at as updateDate',
    ])
    .where('u.id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

/** Removal (provider admin only, seed 000 §6) marks the user DELETED, keeping its history. */
export async function deleteCompanyUser(auth: AuthContext, id: number): Promise<void> {
  if (auth.role !== 'MOBCHECK_ADMIN') throw forbidden();
  const user = await managedUser(auth, scopeOf(auth), id);
  if (user.id === auth.user.id) throw forbidden();
  await coreDb()
    .updateTable('users')
    .set({ status: 'DELETED', updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await revokeUserSessions(id);
}
