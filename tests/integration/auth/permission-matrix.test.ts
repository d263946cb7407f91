import { describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../../src/server/openapi.ts';
import { ROLES, type Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';

/**
 * The server refuses what the menu hides: every REST route declares its roles, and every role
 * outside that list gets 403 FORBIDDEN before anything else happens; anonymous callers get 401.
 */
const EMAIL_BY_ROLE: Record<Role, string> = {
  MOBCHECK_ADMIN: DEMO.admin,
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};

function concretePath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
    if (/email/i.test(name)) return 'someone%40example.dev';
    if (/serial/i.test(name)) return 'ZZZZZZZZ';
    return '999999';
  });
}

describe('REST permission matrix', () => {
  testApp(); // registers every route
  const routes = registeredRoutes().filter((r) => r.roles !== 'public');

  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(0);
  });

  it('answers 401 UNAUTHENTICATED to anonymous callers on every non-public route', async () => {
    for (const r of routes) {
      const res = await rest(r.method.toUpperCase(), concretePath(r.path), { body: {} });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.json.error?.code, `${r.method} ${r.path}`).toBe('UNAUTHENTICATED');
    }
  });

  it("answers 403 FORBIDDEN to every role outside a route's declared roles", async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, await loginAs(EMAIL_BY_ROLE[role])])),
    ) as Record<Role, string>;
    const checked: string[] = [];
    for (const r of routes) {
      if (!Array.isArray(r.roles)) continue;
      for (const role of ROLES) {
        if (r.roles.includes(role)) continue;
        const res = await rest(r.method.toUpperCase(), concretePath(r.path), {
          token: tokens[role],
          body: {},
        });
        expect(res.status, `${role} ${r.method} ${r.path}`).toBe(403);
        expect(res.json.error?.code, `${role} ${r.method} ${r.path}`).toBe('FORBIDDEN');
        checked.push(`${role} ${r.method} ${r.path}`);
      }
    }
    // Every role-restricted route was exercised by at least one refused role.
    expect(checked.length).toBeGreaterThanOrEqual(
      routes.filter((r) => Array.isArray(r.roles) && r.roles.length < ROLES.length).length,
    );
  });
});
