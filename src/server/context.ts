import type { Role } from '../shared/roles.ts';
import type { CompanyGroupRow, UserRow } from './db/core-tables.ts';
import type { TenantDb } from './db/database.ts';

/** Who is calling, resolved on the server from the session token (never from client input). */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
  role: Role;
  /** The company group the session works in: the user's own, or the one a provider admin switched to. */
  companyGroup: Pick<
    CompanyGroupRow,
    'id' | 'name' | 'schema_name' | 'payment_status' | 'plan_id' | 'subscription_id'
  > | null;
  companyId: number | null;
  /** The name of `companyId`'s company (read with the session: the logged user shows it). */
  companyName: string | null;
  /** Kysely bound to the company group's schema; null only for a provider admin without a group. */
  tenant: TenantDb | null;
  /** The platform's MAINTENANCE_MODE when the caller was resolved (src/server/settings.ts). */
  maintenance: boolean;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
  auth: AuthContext | null;
  /**
   * Whether the platform is in maintenance mode for this request (set by app.ts: the session
   * statement's flag when signed in, the settings cache otherwise). Absent: never (a bare kit).
   */
  underMaintenance?: () => Promise<boolean>;
  /** The caller sent `Cache-Control: no-cache`: no answer from the read caches of kit/operation.ts. */
  fresh?: boolean;
  /**
   * An operation declared `credential: true` ran in this request (kit/operation.ts's
   * `noteCredentialAnswer`): src/server/idempotency.ts keeps nothing of its answer.
   */
  answerCarriesCredential?: boolean;
}

/** The context of a procedure that passed the auth and tenant checks. */
export interface TenantContext extends RequestContext {
  auth: AuthContext & { companyGroup: NonNullable<AuthContext['companyGroup']>; tenant: TenantDb };
}
