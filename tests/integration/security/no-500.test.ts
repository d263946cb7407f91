import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';
import { everyRestRoute } from './routes.ts';

/**
 * Bad input is never a 500: every REST route, called by a role it allows, with path ids that are
 * negative, zero, huge or not numbers and with bodies that are malformed, empty, of the wrong
 * types or oversized strings, answers 4xx with the error envelope (or 2xx when it is harmless).
 */
const EMAIL_BY_ROLE: Record<Role, string> = {
  MOBCHECK_ADMIN: DEMO.admin,
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};

const PATH_VALUES = ['-1', '0', '99999999999999999999', 'abc', '%27%20or%201%3D1--', '1.5'];
const BODIES: (string | undefined)[] = [
  undefined,
  '{',
  'null',
  '[]',
  '"text"',
  JSON.stringify({ id: 'x', name: 42, email: ['a'], page: -1, pageSize: 7, enabled: 'maybe' }),
  JSON.stringify({ name: 'x'.repeat(100_000), query: '%_\\'.repeat(50) }),
];

function fill(path: string, value: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, () => value);
}

// Calls that send mail, start jobs or sign out would only add noise here; their own tests cover them.
const SKIP = new Set(['delete /web/authentication/']);

describe('no 500 on bad input', () => {
  testApp();
  const routes = everyRestRoute().filter((r) => !SKIP.has(`${r.method} ${r.path}`));

  it('every route answers bad paths, queries and bodies without a server error', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, await loginAs(EMAIL_BY_ROLE[role])])),
    ) as Record<Role, string>;
    const failures: string[] = [];
    let calls = 0;
    for (const r of routes) {
      const role: Role = Array.isArray(r.roles) ? (r.roles[0] as Role) : 'MOBCHECK_ADMIN';
      const token = r.roles === 'public' ? undefined : tokens[role];
      const method = r.method.toUpperCase();
      const values = r.path.includes(':') ? PATH_VALUES : ['-'];
      for (const v of values) {
        const path = `${fill(r.path, v)}?page=-3&pageSize=abc&sort=__proto__&direction=sideways&query=${'%25'.repeat(20)}`;
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BODIES) {
          const res = await rest(method, path, {
            token,
            text: body,
            headers: { 'Content-Type': 'application/json', Email: 'not-an-email', EmailToken: 'garbage' },
          });
          calls++;
          if (res.status >= 500)
            failures.push(`${method} ${path.slice(0, 80)} body=${(body ?? '').slice(0, 40)} → ${res.status}`);
          else if (
            res.status >= 400 &&
            !res.json.error?.code &&
            res.headers.get('Content-Type')?.includes('json')
          ) {
            failures.push(`${method} ${path.slice(0, 80)} → ${res.status} without an error code`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * 3);
  }, 120_000);
});
