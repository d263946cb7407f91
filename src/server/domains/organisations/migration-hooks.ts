import type { Kysely } from 'kysely';
import type { TenantDb } from '../../db/database.ts';

/** What a hook gets when a user moves to another company group (one transaction for all). */
export interface UserMigration {
  trx: Kysely<unknown>;
  fromUserId: number;
  toUserId: number;
  from: {
    companyGroupId: number | null;
    companyId: number | null;
    schemaName: string | null;
    tenant: TenantDb | null;
  };
  to: { companyGroupId: number; companyId: number; schemaName: string; tenant: TenantDb };
}

export type UserMigrationHook = (m: UserMigration) => Promise<void>;

/**
 * Tenant-owned data of a user (inspections, maintenances, service orders…) is moved by hooks
 * that later domains register here; they run inside the migration's transaction, so a failing
 * hook rolls the whole migration back (MIGRATE_COULD_NOT_MIGRATE).
 */
const hooks: [string, UserMigrationHook][] = [];

export function registerUserMigrationHook(name: string, hook: UserMigrationHook): void {
  if (!hooks.some(([n]) => n === name)) hooks.push([name, hook]);
}

export function userMigrationHooks(): readonly [string, UserMigrationHook][] {
  return hooks;
}
