import { describe, expect, it } from 'vitest';
import { rolesOf } from '../../../src/server/kit/operation.ts';
import { operationList } from '../../../src/server/operations.ts';
import { ROLES, type Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';

/**
 * Bad input is never a 500, on either door. Every REST binding of the operations table, called by
 * a role it allows, with path ids that are negative, zero, huge or not numbers and with bodies
 * that are malformed, empty, of the wrong types or oversized strings; and every tRPC procedure with
 * inputs of the wrong shape — all answer 4xx with the error envelope (or 2xx when harmless).
 */
const EMAIL_BY_ROLE: Record<Role, string> = {
  MOBCHECK_ADMIN: DEMO.admin,
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};

const PATH_VALUES = ['-1', '0', '99999999999999999999', '2147483648', 'abc', '%27%20or%201%3D1--', '1.5'];
const BODIES: (string | undefined)[] = [
  undefined,
  '{',
  'null',
  '[]',
  '"text"',
  JSON.stringify({ id: 'x', name: 42, email: ['a'], page: -1, pageSize: 7, enabled: 'maybe' }),
  JSON.stringify({ name: 'x'.repeat(100_000), query: '%_\\'.repeat(50) }),
];
const TRPC_INPUTS: unknown[] = [
  undefined,
  null,
  'text',
  [],
  { id: 'x', page: -1, pageSize: 7, enabled: 'maybe', sort: '__proto__' },
  { id: 2 ** 31, companyId: 2 ** 40, questionId: -1 },
  { name: 'x'.repeat(100_000), query: '%_\\'.repeat(50), email: 'a'.repeat(500) },
];

function fill(path: string, value: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, () => value);
}

// Signing out would revoke the token the rest of the run uses.
const SKIP = new Set(['auth.logout', 'delete /web/authentication/']);

async function tokensByRole(): Promise<Record<Role, string>> {
  return Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await loginAs(EMAIL_BY_ROLE[role])])),
  ) as Record<Role, string>;
}

function envelopeFailure(
  status: number,
  code: string | undefined,
  isJson: boolean,
  what: string,
): string | null {
  if (status >= 500) return `${what} → ${status}`;
  if (status >= 400 && isJson && !code) return `${what} → ${status} without an error code`;
  return null;
}

describe('no 500 on bad input', () => {
  testApp();

  it('every REST binding answers bad paths, queries and bodies without a server error', async () => {
    const tokens = await tokensByRole();
    const failures: string[] = [];
    let calls = 0;
    const targets = [
      ...operationList
        .filter(({ name }) => !SKIP.has(name))
        .flatMap(({ operation }) =>
          operation.rest.map((b) => ({
            method: b.method,
            path: b.path,
            role: operation.access.kind === 'public' ? null : rolesOf(operation.access)[0]!,
          })),
        ),
    ];
    for (const t of targets) {
      const token = t.role ? tokens[t.role] : undefined;
      const method = t.method.toUpperCase();
      const values = t.path.includes(':') ? PATH_VALUES : ['-'];
      for (const v of values) {
        const path = `${fill(t.path, v)}?page=-3&pageSize=abc&sort=__proto__&direction=sideways&query=${'%25'.repeat(20)}`;
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BODIES) {
          const res = await rest(method, path, {
            token,
            text: body,
            headers: { 'Content-Type': 'application/json', Email: 'not-an-email', EmailToken: 'garbage' },
          });
          calls++;
          const f = envelopeFailure(
            res.status,
            res.json.error?.code,
            !!res.headers.get('Content-Type')?.includes('json'),
            `${method} ${path.slice(0, 80)} body=${(body ?? '').slice(0, 40)}`,
          );
          if (f) failures.push(f);
        }
      }
    }
    console.log(`no-500 REST: ${calls} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(targets.length * 3);
  }, 180_000);

  it('every tRPC procedure answers inputs of the wrong shape without a server error', async () => {
    const tokens = await tokensByRole();
    const failures: string[] = [];
    let calls = 0;
    for (const { name, operation } of operationList) {
      if (!operation.trpc || SKIP.has(name)) continue;
      const role = operation.access.kind === 'public' ? null : rolesOf(operation.access)[0]!;
      const headers: Record<string, string> = { 'X-Forwarded-For': '10.66.0.1' };
      if (role) headers.Authorization = `Bearer ${tokens[role]}`;
      for (const input of TRPC_INPUTS) {
        const encoded = JSON.stringify({ json: input });
        const res =
          operation.kind === 'query'
            ? await testApp().request(`/trpc/${name}?input=${encodeURIComponent(encoded)}`, { headers })
            : await testApp().request(`/trpc/${name}`, {
                method: 'POST',
                headers: { ...headers, 'Content-Type': 'application/json' },
                body: encoded,
              });
        calls++;
        const body = (await res.json()) as { error?: { json?: { data?: { code?: string } } } };
        const f = envelopeFailure(
          res.status,
          body.error?.json?.data?.code,
          true,
          `${name} input=${encoded.slice(0, 60)}`,
        );
        if (f) failures.push(f);
      }
    }
    console.log(`no-500 tRPC: ${calls} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(0);
  }, 180_000);
});
