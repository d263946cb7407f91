import { GENERIC_GROUP_SCHEMA } from '../../../shared/organisations/schemas.ts';
import type { AuthContext } from '../../context.ts';
import { type CoreDb, coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

/**
 * What a viewer may reach (seed 000 §6): a provider admin everything (lists default to the
 * session's group), a group admin its own group, a company admin its own company. The group and
 * company of the *user record* are used for non-providers, never anything from client input.
 */
export interface Scope {
  provider: boolean;
  /** null: every group (provider admin without a current group) */
  groupId: number | null;
  /** set for company admins and operators */
  companyId: number | null;
}

export function scopeOf(auth: AuthContext): Scope {
  switch (auth.role) {
    case 'MOBCHECK_ADMIN':
      return { provider: true, groupId: auth.companyGroup?.id ?? null, companyId: null };
    case 'COMPANY_GROUP_ADMIN':
      return { provider: false, groupId: auth.user.company_group_id ?? -1, companyId: null };
    default:
      return {
        provider: false,
        groupId: auth.user.company_group_id ?? -1,
        companyId: auth.user.company_id ?? -1,
      };
  }
}

/** True when the scope covers a record of `groupId`/`companyId` (providers reach every group). */
export function inScope(scope: Scope, groupId: number | null, companyId: number | null): boolean {
  if (scope.provider) return true;
  if (groupId === null || groupId !== scope.groupId) return false;
  return scope.companyId === null || scope.companyId === companyId;
}

export interface GroupRef {
  id: number;
  name: string;
  schema_name: string;
}

/** Resolves a company group given by id (number or digits) or schema name (with or without prefix). */
export async function findGroup(ref: number | string, db: CoreDb = coreDb()): Promise<GroupRef | undefined> {
  let q = db.selectFrom('company_groups').select(['id', 'name', 'schema_name']);
  if (typeof ref === 'number' || /^\d+$/.test(ref)) q = q.where('id', '=', Number(ref));
  else q = q.where('schema_name', '=', ref.toLowerCase().replace(/^cg_/, ''));
  return q.executeTakeFirst();
}

export function isGenericGroup(g: Pick<GroupRef, 'schema_name'>): boolean {
  return g.schema_name === GENERIC_GROUP_SCHEMA;
}

export async function findCompany(id: number, db: CoreDb = coreDb()) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export { isUniqueViolation } from '../../db/pg-errors.ts';

export const forbidden = () => new AppError('FORBIDDEN');
