import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Role } from '../../../shared/roles.ts';
import { config } from '../../config.ts';
import { compiledOnce } from '../../db/compiled.ts';
import type { AuthContext } from '../../context.ts';
import { baseDb, coreDb, tenantDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { MAINTENANCE_RETRY_AFTER_SECONDS, maintenanceFlagSql, systemSettings } from '../../settings.ts';
import { awaitingActivation } from './activation.ts';
import { dummyHash, verifyPassword } from './password-hash.ts';
import { checkLoginRate, clearLoginRate } from './rate-limit.ts';
import { cachedSession } from './session-cache.ts';

/** Tokens carry 256 random bits; only their SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface LoginInput {
  email: string;
  password: string;
  remember?: boolean;
}

export async function login(
  meta: { ip: string; userAgent?: string | null },
  credentials: LoginInput,
): Promise<{ token: string; expiresAt: Date }> {
  const input = { ...credentials, ...meta };
  const email = input.email.trim().toLowerCase();
  await checkLoginRate(email, input.ip);
  const user = await coreDb()
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email)
    .where('status', 'not in', ['MIGRATED', 'DELETED'])
    .executeTakeFirst();
  // Verify against a dummy hash when the user is unknown, so timing does not reveal accounts.
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);
  if (!user || !ok) throw new AppError('AUTHENTICATION_INVALID_CREDENTIALS');
  if (user.status === 'PENDING') {
    // A self sign-up that has not clicked its activation link is told so (the client offers to
    // resend it); other pending users (created by an admin, awaiting review) get the seed's code.
    if (await awaitingActivation(user.id))
      throw new AppError('AUTHENTICATION_ACTIVATION_PENDING', { params: { email: user.email } });
    throw new AppError('AUTHENTICATION_PENDING_USER_STATUS');
  }
  if (user.status !== 'ACTIVE') throw new AppError('AUTHENTICATION_INACTIVE_USER');
  await refusePendingDeletion(user);
  // Maintenance mode: only the provider admin signs in (the answer comes after the password check,
  // so it tells nothing about an account to whoever does not know its password).
  if (user.role !== 'MOBCHECK_ADMIN' && (await systemSettings()).maintenance)
    throw new AppError('MAINTENANCE_MODE', { retryAfter: MAINTENANCE_RETRY_AFTER_SECONDS });
  await clearLoginRate(email, input.ip);
  return createSession(user.id, {
    remember: !!input.remember,
    ip: input.ip,
    userAgent: input.userAgent ?? null,
  });
}

/**
 * Issue 33 item 6: the users of a company group whose deletion was asked for do not sign in (the
 * provider admin does). Said after the password check, like maintenance mode.
 */
async function refusePendingDeletion(user: { role: string; company_group_id: number | null }) {
  if (user.role === 'MOBCHECK_ADMIN' || user.company_group_id === null) return;
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('deletion_requested_at')
    .where('id', '=', user.company_group_id)
    .executeTakeFirst();
  if (g?.deletion_requested_at) throw new AppError('COMPANY_GROUP_PENDING_DELETION');
}

/** Opens a session for a user (login, activation, password reset). */
export async function createSession(
  userId: number,
  opts: { remember?: boolean; ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const c = config();
  const { token, hash } = newToken();
  const ttlMs = opts.remember ? c.SESSION_REMEMBER_DAYS * 86_400_000 : c.SESSION_TTL_HOURS * 3_600_000;
  const expiresAt = new Date(Date.now() + ttlMs);
  await coreDb()
    .insertInto('sessions')
    .values({
      token_hash: hash,
      user_id: userId,
      remember: !!opts.remember,
      ip: opts.ip ?? null,
      user_agent: opts.userAgent?.slice(0, 300) ?? null,
      expires_at: expiresAt,
      company_group_id: null,
      company_id: null,
    })
    .execute();
  return { token, expiresAt };
}

/** Revokes every session of a user (disable, password change), optionally keeping one. */
export async function revokeUserSessions(userId: number, exceptSessionId?: string): Promise<void> {
  let q = coreDb()
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/**
 * One indexed statement per request: session, user, the group it works in and the company's name
 * (a provider admin's switch wins over the user's own group and company), and whether the platform
 * is in maintenance mode (read here so the gate costs no statement of its own). Compiled once.
 */
const sessionRow = compiledOnce(baseDb, 2, (tokenHash: string, now: Date) =>
  coreDb()
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('company_groups as g', (j) =>
      j.on(sql<boolean>`g.id = coalesce(s.company_group_id, u.company_group_id)`),
    )
    .leftJoin('companies as c', (j) =>
      j.on(
        sql<boolean>`c.id = case when s.company_group_id is not null then s.company_id else u.company_id end`,
      ),
    )
    .select([
      's.id as session_id',
      's.last_seen_at',
      's.expires_at',
      's.remember',
      'g.id as g_id',
      'g.name as g_name',
      'g.schema_name as g_schema',
      'g.payment_status as g_payment_status',
      'g.plan_id as g_plan_id',
      'g.subscription_id as g_subscription_id',
      'g.deletion_requested_at as g_deletion_requested_at',
      'c.id as c_id',
      'c.name as c_name',
      maintenanceFlagSql.as('maintenance'),
    ])
    .selectAll('u')
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now),
);

/**
 * Resolves a bearer token to the caller. Expired, idle, revoked sessions and users that are no
 * longer ACTIVE give null. `cached` (reads only) may answer from the session cache
 * (session-cache.ts). The tenant comes from the session's group (provider admin switch) or
 * the user's own.
 */
export async function authenticate(
  token: string | null | undefined,
  opts: { cached?: boolean } = {},
): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const c = config();
  const hash = hashToken(token);
  const load = async () => (await sessionRow(hash, new Date()))[0];
  const row = opts.cached ? await cachedSession(hash, load) : await load();
  if (row?.status !== 'ACTIVE') return null;
  if (new Date(row.expires_at).getTime() <= Date.now()) return null;
  const idleMs = (row.remember ? c.SESSION_REMEMBER_DAYS * 24 : c.SESSION_IDLE_HOURS) * 3_600_000;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (Date.now() - lastSeen > idleMs) return null;
  if (Date.now() - lastSeen > 60_000) {
    // Touch at most once a minute: idle timeout without a write per request.
    await coreDb()
      .updateTable('sessions')
      .set({ last_seen_at: new Date() })
      .where('id', '=', row.session_id)
      .execute();
    // A cached row keeps serving: it must not touch again on every call.
    row.last_seen_at = new Date();
  }
  const {
    session_id,
    last_seen_at: _l,
    expires_at: _e,
    remember: _r,
    g_id,
    g_name,
    g_schema,
    g_payment_status,
    g_plan_id,
    g_subscription_id,
    g_deletion_requested_at,
    c_id,
    c_name,
    maintenance,
    ...user
  } = row;
  // A group pending deletion (issue 33 item 6): its users are refused until it is restored.
  if (g_deletion_requested_at && user.role !== 'MOBCHECK_ADMIN')
    throw new AppError('COMPANY_GROUP_PENDING_DELETION');
  const group =
    g_id !== null && g_name !== null && g_schema !== null && g_payment_status !== null
      ? {
          id: g_id,
          name: g_name,
          schema_name: g_schema,
          payment_status: g_payment_status,
          plan_id: g_plan_id ?? null,
          subscription_id: g_subscription_id ?? null,
        }
      : null;
  return {
    sessionId: session_id,
    user,
    role: user.role as Role,
    companyGroup: group,
    companyId: c_id ?? null,
    companyName: c_name ?? null,
    tenant: group ? tenantDb(group.schema_name) : null,
    maintenance: maintenance === true,
  };
}

/**
 * The user and role of a session that is still live (not revoked, expired or idle, user ACTIVE),
 * or null. For credentials bound to a session (the Bull Board cookie); does not touch last_seen_at.
 */
export async function liveSession(sessionId: string): Promise<{ userId: number; role: Role } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
  const c = config();
  const row = await coreDb()
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.role', 'u.status', 's.last_seen_at', 's.remember'])
    .where('s.id', '=', sessionId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (row?.status !== 'ACTIVE') return null;
  const idleMs = (row.remember ? c.SESSION_REMEMBER_DAYS * 24 : c.SESSION_IDLE_HOURS) * 3_600_000;
  if (Date.now() - new Date(row.last_seen_at).getTime() > idleMs) return null;
  return { userId: row.id, role: row.role as Role };
}

/** Points a session at another company group/company (provider admin switch, group admin chips). */
export async function switchSessionCompany(
  sessionId: string,
  companyGroupId: number,
  companyId: number,
): Promise<void> {
  await coreDb()
    .updateTable('sessions')
    .set({ company_group_id: companyGroupId, company_id: companyId })
    .where('id', '=', sessionId)
    .execute();
}

/** Signs the caller out (revokes the session of the bearer token). */
export async function logout(ctx: { auth: AuthContext }): Promise<true> {
  await logoutSession(ctx.auth.sessionId);
  return true;
}

export async function logoutSession(sessionId: string): Promise<void> {
  await coreDb()
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .execute();
}
