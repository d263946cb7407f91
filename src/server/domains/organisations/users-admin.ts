import { sql } from 'kysely';
import type { Page } from '../../../shared/list.ts';
import type { AdminUserItem } from '../../../shared/organisations/outputs.ts';
import { GENERIC_GROUP_SCHEMA, type UserListInput } from '../../../shared/organisations/schemas.ts';
import type { Role } from '../../../shared/roles.ts';
import { baseDb, coreDb, tenantDb, withCore } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fetchPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { log } from '../../logger.ts';
import { voidEmailTokens } from '../account/index.ts';
import { hashPassword } from '../auth/index.ts';
import { revokeUserSessions } from '../auth/index.ts';
import { userMigrationHooks } from './migration-hooks.ts';
import { provisionCompanyGroup } from '../account/index.ts';
import { findGroup, forbidden, isGenericGroup } from './scope.ts';
import { inCoreAuditTx, writeCoreAuditHeader } from '../../kit/audit-header.ts';

// Every call of "all users" is the provider admin's (seed 000 §6), declared once in operations.ts.

function usersFrom() {
  return coreDb()
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('company_groups as g', 'g.id', 'u.company_group_id');
}

function selectUser(q: ReturnType<typeof usersFrom>) {
  return q.select([
    'u.id',
    'u.name',
    'u.email',
    'u.phone',
    'u.occupation',
    'u.role',
    'u.status',
    'u.created_at as createdAt',
    'u.company_id as companyId',
    'c.name as companyName',
    'u.company_group_id as companyGroupId',
    'g.schema_name as companyGroup',
    'g.name as companyGroupName',
  ]);
}

/** Every user of every group (default filter PENDING), paged. */
export async function listUsers(_ctx: SignedInContext, input: UserListInput): Promise<Page<AdminUserItem>> {
  let base = usersFrom();
  if (input.status !== 'all') base = base.where('u.status', '=', input.status);
  return fetchPage(base, input, {
    nullsLast: true,
    search: [
      sql`u.name || ' ' || u.email`,
      sql`coalesce(c.name, '')`,
      sql`coalesce(g.name, '')`,
      sql`coalesce(u.phone, '')`,
    ],
    sorts: {
      createdAt: sql.ref('u.created_at'),
      company: sql`core.search_text(c.name)`,
      name: sql`core.search_text(u.name)`,
      email: sql`lower(u.email)`,
      status: sql.ref('u.status'),
    },
    tiebreak: sql.ref('u.id'),
    select: selectUser,
  });
}

async function getUser(id: number): Promise<AdminUserItem> {
  const u = await selectUser(usersFrom()).where('u.id', '=', id).executeTakeFirst();
  if (!u) throw new AppError('NOT_FOUND');
  return u;
}

async function pendingUser(id: number) {
  const u = await coreDb().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!u) throw new AppError('NOT_FOUND');
  if (u.status !== 'PENDING')
    throw new AppError('USER_NOT_PENDING', {
      status: 409,
      message: 'Apenas usuários pendentes podem ser ativados',
    });
  return u;
}

/** One line of `core.audit_log`: who did what to which company group. */
export async function audit(
  ctx: SignedInContext,
  action: string,
  groupId: number | null,
  details: Record<string, unknown>,
) {
  await coreDb()
    .insertInto('audit_log')
    .values({
      user_id: ctx.auth.user.id,
      company_group_id: groupId,
      action,
      details: JSON.stringify(details),
    })
    .execute();
}

/**
 * Activates a PENDING user into a new company of the shared `generic` group (created on first
 * use). The user becomes the admin of that company only: a group admin of `generic` would see
 * every other generic customer.
 */
export async function activateGenericPending(
  ctx: SignedInContext,
  { id, companyName }: { id: number; companyName: string },
): Promise<AdminUserItem> {
  const user = await pendingUser(id);
  const groupId = await baseDb()
    .transaction()
    .execute(async (trx) => {
      const core = withCore(trx);
      // Serialises concurrent first activations that would both create the generic group.
      await sql`select pg_advisory_xact_lock(hashtext('organisations.generic-group'))`.execute(trx);
      const generic = await core
        .selectFrom('company_groups')
        .select('id')
        .where('schema_name', '=', GENERIC_GROUP_SCHEMA)
        .executeTakeFirst();
      if (!generic) {
        const r = await provisionCompanyGroup(trx, {
          groupName: 'generic',
          schemaName: GENERIC_GROUP_SCHEMA,
          company: {
            name: companyName,
            enabled: true,
            tagsLimit: 0,
            email: user.email,
            phone: user.phone,
            mainContactName: user.name,
          },
          responsible: { name: user.name, email: user.email, existingUserId: user.id, role: 'COMPANY_ADMIN' },
        });
        return r.companyGroupId;
      }
      const company = await core
        .insertInto('companies')
        .values({
          company_group_id: generic.id,
          name: companyName,
          fantasy_name: null,
          cnpj: null,
          main_contact_name: user.name,
          email: user.email,
          phone: user.phone,
          address: null,
          enabled: true,
          tags_limit: 0,
          image_key: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await core
        .updateTable('users')
        .set({
          status: 'ACTIVE',
          role: 'COMPANY_ADMIN',
          company_group_id: generic.id,
          company_id: company.id,
          updated_at: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      return generic.id;
    });
  await audit(ctx, 'user.activate-generic', groupId, { userId: id, companyName });
  return getUser(id);
}

/** The target of an activation or migration: an existing, non-generic group and one of its companies. */
async function migrationTarget(ref: number | string, companyId: number) {
  const group = await findGroup(ref);
  if (!group || isGenericGroup(group))
    throw new AppError('MIGRATE_INVALID_CATALOG', { message: `company group invalid name: ${String(ref)}` });
  const company = await coreDb()
    .selectFrom('companies')
    .select(['id', 'company_group_id'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company || company.company_group_id !== group.id)
    throw new AppError('MIGRATE_COULD_NOT_MIGRATE', { message: 'We were unable to migrate.' });
  return { group, companyId: company.id };
}

/** Activates a PENDING user straight into an existing group/company (company admin by default). */
export async function migrateGenericPending(
  ctx: SignedInContext,
  { id, ...input }: { id: number; companyGroup: number | string; companyId: number; role?: Role },
): Promise<AdminUserItem> {
  const user = await pendingUser(id);
  const target = await migrationTarget(input.companyGroup, input.companyId);
  await inCoreAuditTx(ctx, target.group.id, (core) =>
    core
      .updateTable('users')
      .set({
        status: 'ACTIVE',
        role: input.role ?? 'COMPANY_ADMIN',
        company_group_id: target.group.id,
        company_id: target.companyId,
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .where('status', '=', 'PENDING')
      .execute(),
  );
  await audit(ctx, 'user.activate-into-group', target.group.id, { userId: id, companyId: target.companyId });
  return getUser(id);
}

/**
 * Moves an ACTIVE user with all their data to another company group, in one transaction: the old
 * record becomes MIGRATED (history kept), a new ACTIVE record (same e-mail and password) is
 * created in the target, and every registered hook moves tenant data between the two schemas.
 */
export async function migrateUser(
  ctx: SignedInContext,
  { id, ...input }: { id: number; companyGroup: number | string; companyId: number },
): Promise<AdminUserItem> {
  const user = await coreDb().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND');
  const target = await migrationTarget(input.companyGroup, input.companyId);
  if (user.status !== 'ACTIVE' || user.company_group_id === target.group.id || user.id === ctx.auth.user.id) {
    throw new AppError('MIGRATE_COULD_NOT_MIGRATE', { message: 'We were unable to migrate.' });
  }
  const fromGroup = user.company_group_id
    ? await coreDb()
        .selectFrom('company_groups')
        .select('schema_name')
        .where('id', '=', user.company_group_id)
        .executeTakeFirst()
    : undefined;
  let newId: number;
  try {
    newId = await baseDb()
      .transaction()
      .execute(async (trx) => {
        const core = withCore(trx);
        await writeCoreAuditHeader(core, ctx, target.group.id);
        // The live-e-mail unique index needs the old record retired before the new one exists.
        const retired = await core
          .updateTable('users')
          .set({ status: 'MIGRATED', updated_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'ACTIVE')
          .executeTakeFirst();
        if (Number(retired.numUpdatedRows) !== 1)
          throw new AppError('MIGRATE_COULD_NOT_MIGRATE', { message: 'We were unable to migrate.' });
        const { id: _id, created_at: _c, updated_at: _u, ...copy } = user;
        const created = await core
          .insertInto('users')
          .values({
            ...copy,
            status: 'ACTIVE',
            company_group_id: target.group.id,
            company_id: target.companyId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [name, hook] of userMigrationHooks()) {
          log.debug('user migration hook', { name, from: id, to: created.id });
          await hook({
            trx,
            fromUserId: id,
            toUserId: created.id,
            from: {
              companyGroupId: user.company_group_id,
              companyId: user.company_id,
              schemaName: fromGroup?.schema_name ?? null,
              tenant: fromGroup ? tenantDb(fromGroup.schema_name, trx) : null,
            },
            to: {
              companyGroupId: target.group.id,
              companyId: target.companyId,
              schemaName: target.group.schema_name,
              tenant: tenantDb(target.group.schema_name, trx),
            },
          });
        }
        return created.id;
      });
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error('user migration failed', { userId: id, error: String((err as Error)?.stack ?? err) });
    throw new AppError('MIGRATE_COULD_NOT_MIGRATE', { message: 'We were unable to migrate.' });
  }
  await revokeUserSessions(id);
  await audit(ctx, 'user.migrate', target.group.id, {
    fromUserId: id,
    toUserId: newId,
    fromGroupId: user.company_group_id,
  });
  return getUser(newId);
}

/**
 * Sets a user's password (admin dialog); `companyGroup`, when sent, must be the user's group.
 * Ends the user's other sessions and voids mailed links. Answers null.
 */
export async function setUserPassword(
  ctx: SignedInContext,
  { id, ...input }: { id: number; password: string; companyGroup?: number | string | null },
): Promise<null> {
  const { auth } = ctx;
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'company_group_id'])
    .where('id', '=', id)
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND');
  if (input.companyGroup !== undefined && input.companyGroup !== null && input.companyGroup !== '') {
    const g = await findGroup(input.companyGroup);
    if (!g || g.id !== user.company_group_id) throw new AppError('NOT_FOUND');
  }
  await coreDb()
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.password), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  await revokeUserSessions(id, id === auth.user.id ? auth.sessionId : undefined);
  await voidEmailTokens(coreDb(), id);
  await audit(ctx, 'user.password', user.company_group_id, { userId: id });
  return null;
}

/**
 * `DELETE /web/users/{email}` (the path parameter arrives decoded once, by the router): marks the
 * live record DELETED (history kept) and ends its sessions. Answers null.
 */
export async function deleteUserByEmail(ctx: SignedInContext, { email }: { email: string }): Promise<null> {
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'company_group_id'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND');
  if (user.id === ctx.auth.user.id) throw forbidden();
  await inCoreAuditTx(ctx, user.company_group_id, (core) =>
    core
      .updateTable('users')
      .set({ status: 'DELETED', updated_at: new Date() })
      .where('id', '=', user.id)
      .execute(),
  );
  await revokeUserSessions(user.id);
  await audit(ctx, 'user.delete', user.company_group_id, { userId: user.id, email });
  return null;
}
