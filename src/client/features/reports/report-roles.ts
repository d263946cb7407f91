/** Who gets which report filters (pure: the manifest reads it too). */
import type { Role } from '../../../shared/roles.ts';

/** Roles that see the equipment of several companies: they get the company filter (seed 001 screen 1). */
export const GROUP_WIDE_ROLES: readonly Role[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'];

export function isGroupWide(role: string | null): boolean {
  return role !== null && (GROUP_WIDE_ROLES as readonly string[]).includes(role);
}
