import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import type { Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import {
  PASSWORD,
  addCompany,
  demoGroup,
  groupPayload,
  letters,
  makeUser,
  otherGroup,
  uniqueEmail,
} from './fixtures.ts';

/**
 * Every call of the organisations and config issue × every role (seed 000 §6 enforced on the
 * server): allowed roles succeed, the others get 403 FORBIDDEN. Each call builds fresh data.
 */
type Call = {
  name: string;
  allowed: Role[];
  make: () => Promise<{ method: string; path: string; body?: unknown }>;
};

const ROLE_LOGINS: Record<Role, string> = {
  MOBCHECK_ADMIN: DEMO.admin,
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};
const ALL: Role[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN', 'COMPANY_OPERATOR'];
const P: Role[] = ['MOBCHECK_ADMIN'];
const PG: Role[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'];
const ADMINS: Role[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'];

let demo: { groupId: number; companyId: number };
let other: Awaited<ReturnType<typeof otherGroup>>;
const tokens = {} as Record<Role, string>;

const companyBody = (name: string) => ({
  name,
  mainContactName: 'Contato',
  email: 'c@c.dev',
  phone: '1133334444',
});
const employeeBody = (companyId: number, email = uniqueEmail('perm')) => ({
  name: 'Perm Teste',
  email,
  phone: '11977776666',
  companyId,
  occupation: 'Inspetor',
  status: 'ACTIVE',
  role: 'COMPANY_OPERATOR',
  password: PASSWORD,
});
const demoUser = () => makeUser({ groupId: demo.groupId, companyId: demo.companyId });
const configRow = async () =>
  (
    await coreDb()
      .insertInto('system_config')
      .values({
        title: `Perm ${letters(10)}`,
        config_type: 'TOGGLE',
        config_value: '0',
        enabled: false,
        param: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const CALLS: Call[] = [
  {
    name: 'PUT /web/logged-user/company/',
    allowed: PG,
    make: async () => ({
      method: 'PUT',
      path: '/web/logged-user/company/',
      body: { companyGroup: 'demo', companyId: demo.companyId },
    }),
  },
  {
    name: 'GET /web/company-groups/',
    allowed: P,
    make: async () => ({ method: 'GET', path: '/web/company-groups/' }),
  },
  {
    name: 'POST /web/company-groups/',
    allowed: P,
    make: async () => ({ method: 'POST', path: '/web/company-groups/', body: groupPayload() }),
  },
  {
    name: 'GET /web/company-groups/user-company-groups/{email}',
    allowed: PG,
    make: async () => ({
      method: 'GET',
      path: `/web/company-groups/user-company-groups/${encodeURIComponent(DEMO.groupAdmin)}`,
    }),
  },
  {
    name: 'GET /web/companies/',
    allowed: PG,
    make: async () => ({ method: 'GET', path: '/web/companies/' }),
  },
  {
    name: 'POST /web/companies/',
    allowed: PG,
    make: async () => ({ method: 'POST', path: '/web/companies/', body: companyBody(`Perm ${letters(6)}`) }),
  },
  {
    name: 'PUT /web/companies/{id}/',
    allowed: PG,
    make: async () => ({
      method: 'PUT',
      path: `/web/companies/${await addCompany(demo.groupId)}/`,
      body: companyBody(`Perm ${letters(6)}`),
    }),
  },
  {
    name: 'GET /web/company-users/',
    allowed: ADMINS,
    make: async () => ({ method: 'GET', path: '/web/company-users/' }),
  },
  {
    name: 'POST /web/company-users/',
    allowed: ADMINS,
    make: async () => ({ method: 'POST', path: '/web/company-users/', body: employeeBody(demo.companyId) }),
  },
  {
    name: 'PUT /web/company-users/{id}/',
    allowed: ADMINS,
    make: async () => {
      const u = await demoUser();
      const { password: _p, ...body } = employeeBody(demo.companyId, u.email);
      return { method: 'PUT', path: `/web/company-users/${u.id}/`, body };
    },
  },
  {
    name: 'DELETE /web/company-users/{id}/',
    allowed: P,
    make: async () => ({ method: 'DELETE', path: `/web/company-users/${(await demoUser()).id}/` }),
  },
  { name: 'GET /web/users/', allowed: P, make: async () => ({ method: 'GET', path: '/web/users/' }) },
  {
    name: 'PUT /web/users/{id}/activate-generic-pending',
    allowed: P,
    make: async () => ({
      method: 'PUT',
      path: `/web/users/${(await makeUser({ status: 'PENDING' })).id}/activate-generic-pending`,
      body: { companyName: `G ${letters(5)}` },
    }),
  },
  {
    name: 'PUT /web/users/{id}/migrate-generic-pending',
    allowed: P,
    make: async () => ({
      method: 'PUT',
      path: `/web/users/${(await makeUser({ status: 'PENDING' })).id}/migrate-generic-pending`,
      body: { companyGroup: 'demo', companyId: demo.companyId },
    }),
  },
  {
    name: 'PUT /web/users/{id}/migrate',
    allowed: P,
    make: async () => ({
      method: 'PUT',
      path: `/web/users/${(await demoUser()).id}/migrate`,
      body: { companyGroup: other.schemaName, companyId: other.companyId },
    }),
  },
  {
    name: 'PUT /web/users/{id}/password',
    allowed: P,
    make: async () => ({
      method: 'PUT',
      path: `/web/users/${(await demoUser()).id}/password`,
      body: { password: 'Novo@1234' },
    }),
  },
  {
    name: 'DELETE /web/users/{email}',
    allowed: P,
    make: async () => ({
      method: 'DELETE',
      path: `/web/users/${encodeURIComponent((await demoUser()).email)}`,
    }),
  },
  {
    name: 'GET /web/config-system/',
    allowed: P,
    make: async () => ({ method: 'GET', path: '/web/config-system/' }),
  },
  {
    name: 'PUT /web/config-system/{id}/toggle/',
    allowed: P,
    make: async () => ({
      method: 'PUT',
      path: `/web/config-system/${await configRow()}/toggle/`,
      body: { enabled: true },
    }),
  },
  {
    name: 'PUT /web/config-system/{id}/update/',
    allowed: P,
    make: async () => ({
      method: 'PUT',
      path: `/web/config-system/${await configRow()}/update/`,
      body: { title: `Perm ${letters(10)}`, configValue: 1, enabled: true },
    }),
  },
];

beforeAll(async () => {
  demo = await demoGroup();
  other = await otherGroup();
  for (const role of ALL) tokens[role] = await loginAs(ROLE_LOGINS[role]);
});

describe('permission matrix', () => {
  for (const call of CALLS) {
    for (const role of ALL) {
      const allowed = call.allowed.includes(role);
      it(`${call.name} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        const req = await call.make();
        const r = await rest(req.method, req.path, { token: tokens[role], body: req.body });
        if (allowed) {
          expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
          expect(r.json).toHaveProperty('data');
        } else {
          expect(r.status, JSON.stringify(r.json)).toBe(403);
          expect(r.json.error?.code).toBe('FORBIDDEN');
        }
      });
    }
    it(`${call.name} without a session: 401`, async () => {
      const req = await call.make();
      const r = await rest(req.method, req.path, { body: req.body });
      expect(r.status).toBe(401);
    });
  }

  it('the same rules hold through tRPC', async () => {
    const { trpcClient } = await import('../../helpers/api.ts');
    const op = trpcClient(tokens.COMPANY_OPERATOR);
    const ca = trpcClient(tokens.COMPANY_ADMIN);
    const ga = trpcClient(tokens.COMPANY_GROUP_ADMIN);
    const forbidden = { data: { code: 'FORBIDDEN', httpStatus: 403 } };
    await expect(op.organisations.companyUsers.list.query({})).rejects.toMatchObject(forbidden);
    await expect(ca.organisations.companies.list.query({})).rejects.toMatchObject(forbidden);
    await expect(
      ca.organisations.switchCompany.mutate({ companyGroup: 'demo', companyId: demo.companyId }),
    ).rejects.toMatchObject(forbidden);
    await expect(
      ga.organisations.companyGroups.list.query({ page: 0, pageSize: 10, direction: 'asc' }),
    ).rejects.toMatchObject(forbidden);
    await expect(ga.organisations.users.list.query({})).rejects.toMatchObject(forbidden);
    await expect(ga.config.list.query()).rejects.toMatchObject(forbidden);
    await expect(
      ga.organisations.companyUsers.remove.mutate({ id: (await demoUser()).id }),
    ).rejects.toMatchObject(forbidden);
    expect((await ca.organisations.companyUsers.list.query({})).total).toBeGreaterThan(0);
  });
});

describe('a group admin of another group against the demo group', () => {
  let token: string;
  beforeAll(async () => {
    token = await loginAs(other.email, PASSWORD);
  });

  it('cannot switch into, list, read, edit or add into the demo group', async () => {
    const demoCompany = await addCompany(demo.groupId);
    const u = await demoUser();
    const { password: _p, ...edit } = employeeBody(demo.companyId, u.email);
    const attempts: [string, string, unknown, number][] = [
      ['PUT', '/web/logged-user/company/', { companyGroup: 'demo', companyId: demo.companyId }, 404],
      ['PUT', '/web/logged-user/company/', { companyGroup: demo.groupId, companyId: demoCompany }, 404],
      [
        'GET',
        `/web/company-groups/user-company-groups/${encodeURIComponent(DEMO.groupAdmin)}`,
        undefined,
        404,
      ],
      ['PUT', `/web/companies/${demoCompany}/`, companyBody('Hack'), 404],
      ['POST', '/web/company-users/', employeeBody(demoCompany), 404],
      ['PUT', `/web/company-users/${u.id}/`, { ...edit, status: 'INACTIVE' }, 404],
      ['DELETE', `/web/company-users/${u.id}/`, undefined, 403],
      ['DELETE', `/web/users/${encodeURIComponent(u.email)}`, undefined, 403],
      ['PUT', `/web/users/${u.id}/password`, { password: 'Hack@1234' }, 403],
      ['GET', '/web/users/', undefined, 403],
    ];
    for (const [method, path, body, status] of attempts) {
      const r = await rest(method, path, { token, body });
      expect(r.status, `${method} ${path}`).toBe(status);
    }
    const company = await coreDb()
      .selectFrom('companies')
      .select('name')
      .where('id', '=', demoCompany)
      .executeTakeFirstOrThrow();
    expect(company.name).not.toBe('Hack');
    const user = await coreDb()
      .selectFrom('users')
      .select('status')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('ACTIVE');
    const companies = await rest<{ items: { companyGroupId: number }[] }>(
      'GET',
      '/web/companies/?pageSize=1000',
      { token },
    );
    expect(companies.json.data!.items.every((c) => c.companyGroupId === other.companyGroupId)).toBe(true);
    // Only users of its own company appear (the matrix may have migrated someone into it).
    const employees = await rest<{ items: { email: string; companyId: number }[] }>(
      'GET',
      '/web/company-users/?pageSize=1000',
      { token },
    );
    expect(employees.json.data!.items.map((e) => e.email)).toContain(other.email);
    expect(employees.json.data!.items.every((e) => e.companyId === other.companyId)).toBe(true);
    const me = await rest<{ companyGroup: string }>('GET', '/web/logged-user/', { token });
    expect(me.json.data!.companyGroup).toBe(other.schemaName);
  });
});
