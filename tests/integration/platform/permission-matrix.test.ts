import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesOf } from '../../../src/server/kit/operation.ts';
import { operationList } from '../../../src/server/operations.ts';
import { ROLES, type Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';

/**
 * The server refuses what the menu hides, on both doors: every operation (from the operations
 * table) × every role, over REST and over tRPC. A role outside the operation's list gets 403
 * FORBIDDEN before anything else happens; anonymous callers get 401 UNAUTHENTICATED; an allowed
 * role is never refused by a read (whatever else its empty input earns it).
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
    if (/cep/i.test(name)) return '01001000';
    return '999999';
  });
}

/** Calls a tRPC procedure over HTTP (superjson envelope) and returns status + catalogue code. */
async function callTrpc(name: string, kind: 'query' | 'mutation', token?: string) {
  const headers: Record<string, string> = { 'X-Forwarded-For': '10.77.0.1' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const input = encodeURIComponent(JSON.stringify({ json: {} }));
  const res =
    kind === 'query'
      ? await testApp().request(`/trpc/${name}?input=${input}`, { headers })
      : await testApp().request(`/trpc/${name}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ json: {} }),
        });
  const body = (await res.json()) as { error?: { json?: { data?: { code?: string } } } };
  return { status: res.status, code: body.error?.json?.data?.code };
}

// Signing out would revoke the token the rest of the matrix uses.
const NOT_CALLED_BY_ALLOWED = new Set(['auth.logout']);

const cells = { rest: 0, trpc: 0 };
let tokens: Record<Role, string>;

describe('permission matrix (operations table × roles, REST and tRPC)', () => {
  testApp();
  const guarded = operationList.filter((o) => o.operation.access.kind !== 'public');

  beforeAll(async () => {
    tokens = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, await loginAs(EMAIL_BY_ROLE[role])])),
    ) as Record<Role, string>;
  });

  afterAll(() => {
    console.log(`permission matrix: ${cells.rest} REST cells, ${cells.trpc} tRPC cells`);
  });

  it('has operations to check', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  it('REST: 401 for anonymous callers, 403 for every refused role, never a refusal or a 500 for an allowed read', async () => {
    for (const { name, operation } of guarded) {
      const allowed = rolesOf(operation.access);
      for (const b of operation.rest) {
        const method = b.method.toUpperCase();
        const path = concretePath(b.path);
        const anon = await rest(method, path, { body: {} });
        expect(anon.status, `anonymous ${method} ${b.path}`).toBe(401);
        expect(anon.json.error?.code).toBe('UNAUTHENTICATED');
        cells.rest++;
        for (const role of ROLES) {
          if (allowed.includes(role) && (operation.kind !== 'query' || NOT_CALLED_BY_ALLOWED.has(name)))
            continue;
          const res = await rest(method, path, { token: tokens[role], body: {} });
          cells.rest++;
          if (allowed.includes(role)) {
            expect(['FORBIDDEN', 'UNAUTHENTICATED'], `${role} ${method} ${b.path}`).not.toContain(
              res.json.error?.code,
            );
            // Nor a failure: on Citus a read the planner refused answered 500 and passed this test.
            expect(res.status, `${role} ${method} ${b.path}: ${JSON.stringify(res.json.error)}`).not.toBe(
              500,
            );
          } else {
            expect(res.status, `${role} ${method} ${b.path}`).toBe(403);
            expect(res.json.error?.code, `${role} ${method} ${b.path}`).toBe('FORBIDDEN');
          }
        }
      }
    }
  });

  it('tRPC: the same answers for every procedure', async () => {
    for (const { name, operation } of guarded) {
      if (!operation.trpc) continue;
      const allowed = rolesOf(operation.access);
      const anon = await callTrpc(name, operation.kind);
      expect(anon.status, `anonymous ${name}`).toBe(401);
      expect(anon.code, `anonymous ${name}`).toBe('UNAUTHENTICATED');
      cells.trpc++;
      for (const role of ROLES) {
        if (allowed.includes(role) && (operation.kind !== 'query' || NOT_CALLED_BY_ALLOWED.has(name)))
          continue;
        const res = await callTrpc(name, operation.kind, tokens[role]);
        cells.trpc++;
        if (allowed.includes(role)) {
          expect(['FORBIDDEN', 'UNAUTHENTICATED'], `${role} ${name}`).not.toContain(res.code);
          expect(res.status, `${role} ${name}`).not.toBe(500);
        } else {
          expect(res.status, `${role} ${name}`).toBe(403);
          expect(res.code, `${role} ${name}`).toBe('FORBIDDEN');
        }
      }
    }
  });
});
