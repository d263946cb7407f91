/**
 * Roles (seed 000 §6). What each role may open in the client (route sets, menus) is declared by
 * the feature manifests (src/client/features/<domain>/manifest.ts → src/client/routes/navigation.ts);
 * what it may call on the server by each operation's access (src/server/domains/<d>/operations.ts),
 * and tests/integration/platform/manifests.test.ts holds the two together.
 */
export const ROLES = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN', 'COMPANY_OPERATOR'] as const;
export type Role = (typeof ROLES)[number];
export type RoleOrAnonymous = Role | 'ANONYMOUS';

export const PROVIDER_ADMIN: Role = 'MOBCHECK_ADMIN';
/** Roles that administer something (everything but the operator). */
export const ADMIN_ROLES: readonly Role[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'];
export const ALL_ROLES: readonly Role[] = ROLES;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
