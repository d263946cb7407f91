import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';
import { everyRestRoute } from './routes.ts';

/**
 * Path parameters are decoded once by the router: a parameter whose decoded text still holds a
 * `%` (sent as `%25`) or a broken escape must be a 4xx with the envelope, never a 500.
 */
const EMAIL_BY_ROLE: Record<Role, string> = {
  MOBCHECK_ADMIN: DEMO.admin,
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};
const VALUES = ['%25', '%25E0%25A4%25A', 'a%25b%40x.dev', '%E0%A4%A'];

describe('percent signs in path parameters', () => {
  testApp();

  it('the e-mail routes answer 404 for an address with a literal %', async () => {
    const admin = await loginAs(DEMO.admin);
    for (const [method, path] of [
      ['GET', '/web/company-groups/user-company-groups/%25'],
      ['DELETE', '/web/users/%25'],
      ['DELETE', '/web/users/nobody%2525x%40x.dev'],
    ] as const) {
      const r = await rest(method, path, { token: admin });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.json.error?.code).toBe('NOT_FOUND');
    }
  });

  it('no route answers 500 to such parameters', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, await loginAs(EMAIL_BY_ROLE[role])])),
    ) as Record<Role, string>;
    const failures: string[] = [];
    const routes = everyRestRoute().filter((r) => r.path.includes(':'));
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      const role: Role = Array.isArray(r.roles) ? (r.roles[0] as Role) : 'MOBCHECK_ADMIN';
      const token = r.roles === 'public' ? undefined : tokens[role];
      // DELETE of users is safe here: no live user has such an address.
      for (const v of VALUES) {
        const path = r.path.replace(/:(\w+)(\{[^}]*\})?/g, v);
        const method = r.method.toUpperCase();
        const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
        const res = await rest(method, path, {
          token,
          text: body,
          headers: { 'Content-Type': 'application/json' },
        });
        if (res.status >= 500) failures.push(`${r.method} ${path} → ${res.status}`);
        else if (res.status >= 400 && !res.json.error?.code)
          failures.push(`${r.method} ${path} → no error code`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
