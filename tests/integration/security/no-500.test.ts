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

/** Integer edges: 2³¹−1 (the last Postgres integer), 2³¹, 2⁵³−1 (the last exact double), 2⁵³. */
const ID_EDGES = [2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53];
const PATH_VALUES = [
  '-1',
  '0',
  '99999999999999999999',
  ...ID_EDGES.map(String),
  'abc',
  '%27%20or%201%3D1--',
  '1.5',
  '%00',
  '1%00',
];
const NUL = 'a\u0000b';
const BODIES: (string | undefined)[] = [
  undefined,
  '{',
  'null',
  '[]',
  '"text"',
  JSON.stringify({ id: 'x', name: 42, email: ['a'], page: -1, pageSize: 7, enabled: 'maybe' }),
  JSON.stringify({ name: 'x'.repeat(100_000), query: '%_\\'.repeat(50) }),
  JSON.stringify({ id: 2 ** 53, companyId: 2 ** 31, categoryId: 2 ** 53 - 1, ids: ID_EDGES, rows: ID_EDGES }),
  JSON.stringify({
    name: NUL,
    email: `x${NUL}@y.com`,
    password: NUL,
    query: NUL,
    [NUL]: 1,
    rows: [{ name: NUL }],
  }),
];
const TRPC_INPUTS: unknown[] = [
  undefined,
  null,
  'text',
  [],
  { id: 'x', page: -1, pageSize: 7, enabled: 'maybe', sort: '__proto__' },
  { id: 2 ** 31, companyId: 2 ** 40, questionId: -1 },
  { name: 'x'.repeat(100_000), query: '%_\\'.repeat(50), email: 'a'.repeat(500) },
  ...ID_EDGES.map((id) => ({ id, companyId: id, categoryId: id, productId: id, ids: [id] })),
  {
    name: NUL,
    email: `x${NUL}@y.com`,
    password: NUL,
    query: NUL,
    token: NUL,
    [NUL]: 1,
    rows: [{ name: NUL }],
  },
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
        const query = v === '%00' ? 'query=a%00b&sort=%00' : `query=${'%25'.repeat(20)}`;
        const path = `${fill(t.path, v)}?page=-3&pageSize=abc&sort=__proto__&direction=sideways&${query}`;
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

  it('NUL bytes are a 400 with the envelope on the anonymous doors (tRPC sign-in and sign-up, raw REST bodies)', async () => {
    const trpc = async (name: string, input: unknown) => {
      const res = await testApp().request(`/trpc/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.66.0.2' },
        body: JSON.stringify({ json: input }),
      });
      const body = (await res.json()) as {
        error?: { json?: { data?: { code?: string; issues?: unknown } } };
      };
      return [res.status, body.error?.json?.data?.code];
    };
    const register = {
      name: 'Nul Tester',
      email: 'nul-tester@example.com',
      occupation: 'QA',
      company: 'Nul Co',
      password: 'Str0ng!Passw0rd',
    };
    expect(await trpc('auth.login', { email: DEMO.admin, password: `Demo@123${NUL}` })).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await trpc('auth.login', { email: `${DEMO.admin}\u0000`, password: 'x' })).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    for (const field of ['name', 'email', 'company', 'password'] as const) {
      expect(await trpc('account.register', { ...register, [field]: `${register[field]}\u0000` })).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
    const restCalls = [
      rest('POST', '/web/authentication/', { headers: { Email: DEMO.admin }, text: `Demo@123${NUL}` }),
      rest('POST', '/web/users/register/', { body: { ...register, company: NUL } }),
      rest('PUT', '/web/password/reset/', { headers: { EmailToken: 'x'.repeat(30) }, text: NUL }),
      rest('PUT', '/web/password/reset/', {
        headers: { EmailToken: 'x'.repeat(30), 'Content-Type': 'application/json' },
        text: JSON.stringify({ password: NUL }),
      }),
      rest('GET', '/web/users/?query=a%00b', { token: await loginAs(DEMO.admin) }),
      rest('GET', '/web/cep/0100%00000/'),
    ];
    for (const r of await Promise.all(restCalls)) {
      expect([r.status, r.json.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(r.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('ids at the integer edges: up to 2³¹−1 a plain miss, past it invalid input — never a 500', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    for (const id of ID_EDGES) {
      const r = await rest('GET', `/web/categories/${id}/`, { token });
      expect(r.status, `id ${id}`).toBe(id <= 2 ** 31 - 1 ? 404 : 400);
      expect(r.json.error?.code).toBeTruthy();
    }
  });
});
