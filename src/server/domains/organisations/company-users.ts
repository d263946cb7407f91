import { sql } from 'kysely';
import type { Page } from '../../../shared/list.ts';
import type { CompanyUserItem } from '../../../shared/organisations/outputs.ts';
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
import { fetchPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { inScope, requireInScope, type Scope, scopeOf, scopeWhere } from '../../kit/scope.ts';
import { voidEmailTokens } from '../account/index.ts';
import { hashPassword } from '../auth/index.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { findCompany, forbidden, isUniqueViolation } from './scope.ts';
import { inCoreAuditTx } from '../../kit/audit-header.ts';

// Who may call these is declared once, in operations.ts (admins; removal: the provider admin).
// Finer rules stay here: the caller's scope and the rank of the roles it grants or manages.

/** A viewer grants and manages only roles at or below its own (the provider role: provider admins). */
function checkRole(auth: AuthContext, role: Role) {
  if (ROLE_RANK[role] > ROLE_RANK[auth.role]) throw forbidden();
}

function employeesFrom() {
  return coreDb().selectFrom('users as u').leftJoin('companies as c', 'c.id', 'u.company_id');
}

function selectEmployee(q: ReturnType<typeof employeesFrom>) {
  return q.select([
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
  ]);
}

/** Employees in the caller's scope (a provider admin: the session's group), paged. */
export async function listCompanyUsers(
  ctx: SignedInContext,
  input: CompanyUserListInput,
): Promise<Page<CompanyUserItem>> {
  const scope = scopeOf(ctx.auth);
  const base = employeesFrom()
    .where('u.status', 'in', input.status === 'all' ? ['ACTIVE', 'INACTIVE', 'PENDING'] : [input.status])
    .where(
      scopeWhere(
        scope,
        { group: sql.ref('u.company_group_id'), company: sql.ref('u.company_id') },
        { providerToGroup: true },
      ),
    );
  return fetchPage(base, input, {
    nullsLast: true,
    search: [
      sql`u.name || ' ' || u.email`,
      sql`coalesce(c.name, '')`,
      sql`coalesce(u.occupation, '')`,
      sql`coalesce(u.phone, '')`,
    ],
    sorts: {
      name: sql`core.search_text(u.name)`,
      company: sql`core.search_text(c.name)`,
      phone: sql.ref('u.phone'),
      status: sql.ref('u.status'),
    },
    tiebreak: sql.ref('u.id'),
    select: selectEmployee,
  });
}

/** The company a user is put in must be inside the viewer's scope. */
async function targetCompany(scope: Scope, companyId: number) {
  const company = await findCompany(companyId);
  // Missing or outside the scope: the same 404.
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

const emailExists = (email: string) => new AppError('USER_CREATE_EMAIL_EXISTS', { params: { email } });

/** Adds an employee to a company of the caller's scope; the answer is the new id. */
export async function createCompanyUser(
  ctx: SignedInContext,
  input: CompanyUserCreateInput,
): Promise<number> {
  const { auth } = ctx;
  const scope = scopeOf(auth);
  checkRole(auth, input.role);
  const company = await targetCompany(scope, input.companyId);
  if (await emailTaken(input.email)) throw emailExists(input.email);
  try {
    const passwordHash = await hashPassword(input.password);
    const row = await inCoreAuditTx(ctx, company.company_group_id, (core) =>
      core
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
          password_hash: passwordHash,
          image_key: null,
          vindi_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists(input.email);
    throw err;
  }
}

/** A live user the viewer may manage: inside its scope and of a role not above its own. */
async function managedUser(auth: AuthContext, scope: Scope, id: number) {
  const user = requireInScope(
    scope,
    await coreDb()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('status', 'not in', ['MIGRATED', 'DELETED'])
      .executeTakeFirst(),
    (u) => ({ groupId: u.company_group_id, companyId: u.company_id }),
  );
  checkRole(auth, user.role);
  return user;
}

/** Edits an employee of the caller's scope (password optional); 404 for one elsewhere. */
export async function updateCompanyUser(
  ctx: SignedInContext,
  input: CompanyUserUpdateInput & { id: number },
): Promise<CompanyUserItem> {
  const { auth } = ctx;
  const { id } = input;
  const scope = scopeOf(auth);
  const user = await managedUser(auth, scope, id);
  checkRole(auth, input.role);
  // Locking oneself out (own status or role) is refused; the profile page edits one's own data.
  if (user.id === auth.user.id && (input.status !== user.status || input.role !== user.role))
    throw forbidden();
  const company = await targetCompany(scope, input.companyId);
  if (await emailTaken(input.email, id)) throw emailExists(input.email);
  try {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    await inCoreAuditTx(ctx, company.company_group_id, (core) =>
      core
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
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute(),
    );
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
  return selectEmployee(employeesFrom()).where('u.id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Removal (provider admin only, seed 000 §6) marks the user DELETED, keeping its history, and ends
 * its sessions. Answers null.
 */
export async function deleteCompanyUser(ctx: SignedInContext, { id }: { id: number }): Promise<null> {
  const { auth } = ctx;
  const user = await managedUser(auth, scopeOf(auth), id);
  if (user.id === auth.user.id) throw forbidden();
  await inCoreAuditTx(ctx, user.company_group_id, (core) =>
    core
      .updateTable('users')
      .set({ status: 'DELETED', updated_at: new Date() })
      .where('id', '=', id)
      .execute(),
  );
  await revokeUserSessions(id);
  return null;
}
