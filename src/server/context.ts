import type { Role } from '../shared/roles.ts';
import type { CompanyGroupRow, UserRow } from './db/core-tables.ts';
import type { TenantDb } from './db/database.ts';

/** Who is calling, resolved on the server from the session token (never from client input). */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
  role: Role;
  /** The company group the session works in: the user's own, or the one a provider admin switched to. */
  companyGroup: Pick<CompanyGroupRow, 'id' | 'name' | 'schema_name' | 'payment_status'> | null;
  companyId: number | null;
  /** The name of `companyId`'s company (read with the session: the logged user shows it). */
  companyName: string | null;
  /** Kysely bound to the company group's schema; null only for a provider admin without a group. */
  tenant: TenantDb | null;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
  auth: AuthContext | null;
}

/** The context of a procedure that passed the auth and tenant checks. */
export interface TenantContext extends RequestContext {
  auth: AuthContext & { companyGroup: NonNullable<AuthContext['companyGroup']>; tenant: TenantDb };
}
