/**
 * What a caller may reach (seed 000 §6), computed in one place: a provider admin everything (lists
 * default to the session's company group), a group admin its own group, a company admin or
 * operator its own company. Non-providers are scoped by their *user record*, never by client input.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AuthContext } from '../context.ts';
import { AppError } from '../errors.ts';

export interface Scope {
  provider: boolean;
  /** null: every group (a provider admin without a current group) */
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

/**
 * The SQL condition of a scope over a table's group and company columns. A provider sees every
 * group unless `providerToGroup` narrows lists to the session's group. Leave `group` out for
 * tenant tables (the schema is already the group).
 */
export function scopeWhere(
  scope: Scope,
  cols: { group?: Expression<unknown>; company?: Expression<unknown> },
  opts: { providerToGroup?: boolean } = {},
) {
  const parts = [];
  if (cols.group && scope.groupId !== null && (!scope.provider || opts.providerToGroup))
    parts.push(sql<SqlBool>`${cols.group} = ${scope.groupId}`);
  if (cols.company && scope.companyId !== null)
    parts.push(sql<SqlBool>`${cols.company} = ${scope.companyId}`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

/**
 * A record the caller may reach, else 404 NOT_FOUND — the same answer for "not yours" and "not
 * there", so nobody learns what exists in another tenant.
 */
export function requireInScope<T>(
  scope: Scope,
  row: T | undefined | null,
  owner: (row: T) => { groupId: number | null; companyId: number | null },
): T {
  if (!row) throw new AppError('NOT_FOUND');
  const o = owner(row);
  if (!inScope(scope, o.groupId, o.companyId)) throw new AppError('NOT_FOUND');
  return row;
}
