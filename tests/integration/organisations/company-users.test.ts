import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { hashToken } from '../../../src/server/domains/auth/service.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { PASSWORD, addCompany, demoGroup, letters, makeUser, otherGroup, uniqueEmail } from './fixtures.ts';

type Employee = {
  id: number;
  name: string;
  email: string;
  companyName: string;
  role: string;
  status: string;
  phone: string;
};
type Page<T> = { items: T[]; total: number };

async function employee(companyId: number, extra: Record<string, unknown> = {}) {
  return {
    name: `Funcionário ${letters(6)}`,
    email: uniqueEmail('emp'),
    phone: '(11) 97777-6666',
    companyId,
    occupation: 'Inspetor',
    status: 'ACTIVE',
    role: 'COMPANY_OPERATOR',
    password: PASSWORD,
    ...extra,
  };
}

describe('company users', () => {
  it('adds an employee who can sign in; the password is stored hashed and never listed', async () => {
    const token = await loginAs(DEMO.companyAdmin);
    const demo = await demoGroup();
    const body = await employee(demo.companyId);
    const r = await rest<number>('POST', '/web/company-users/', { token, body });
    expect(r.status).toBe(201);
    const row = await coreDb()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', r.json.data!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: body.email,
      phone: '11977776666',
      company_group_id: demo.groupId,
      company_id: demo.companyId,
      role: 'COMPANY_OPERATOR',
      status: 'ACTIVE',
    });
    expect(row.password_hash).not.toContain(PASSWORD);
    await loginAs(body.email, PASSWORD);
    const list = await rest<Page<Employee>>(
      'GET',
      `/web/company-users/?query=${encodeURIComponent(body.email)}`,
      { token },
    );
    expect(list.json.data!.items).toHaveLength(1);
    expect(list.json.data!.items[0]).not.toHaveProperty('password');
    expect(list.json.data!.items[0]).not.toHaveProperty('password_hash');
  });

  it('USER_CREATE_EMAIL_EXISTS for a live e-mail (any case); password rules on create', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const dup = await rest('POST', '/web/company-users/', {
      token,
      body: await employee(demo.companyId, { email: DEMO.operator.toUpperCase() }),
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error?.code).toBe('USER_CREATE_EMAIL_EXISTS');
    expect(dup.json.error?.message).toBe(`email exists: ${DEMO.operator}`);
    expect(dup.json.error?.params).toEqual({ email: DEMO.operator });
    const weak = await rest('POST', '/web/company-users/', {
      token,
      body: await employee(demo.companyId, { password: 'abc' }),
    });
    expect(weak.json.error?.issues?.[0]?.path).toBe('password');
    const noPwd = await rest('POST', '/web/company-users/', {
      token,
      body: await employee(demo.companyId, { password: undefined }),
    });
    expect(noPwd.status).toBe(400);
  });

  it('edits without a password; INACTIVE revokes sessions; a new password works', async () => {
    const admin = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId });
    const t = await loginAs(u.email, PASSWORD);
    const base = {
      name: 'Editado',
      email: u.email,
      phone: '11911112222',
      companyId: demo.companyId,
      occupation: 'Chefe',
      role: 'COMPANY_ADMIN',
    };
    const keep = await rest<Employee>('PUT', `/web/company-users/${u.id}/`, {
      token: admin,
      body: { ...base, status: 'ACTIVE', password: '' },
    });
    expect(keep.status).toBe(200);
    expect(keep.json.data).toMatchObject({ name: 'Editado', role: 'COMPANY_ADMIN', status: 'ACTIVE' });
    await loginAs(u.email, PASSWORD);
    const off = await rest('PUT', `/web/company-users/${u.id}/`, {
      token: admin,
      body: { ...base, status: 'INACTIVE' },
    });
    expect(off.status).toBe(200);
    const s = await coreDb()
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(t))
      .executeTakeFirstOrThrow();
    expect(s.revoked_at).not.toBeNull();
    expect((await rest('GET', '/web/logged-user/', { token: t })).status).toBe(401);
    await rest('PUT', `/web/company-users/${u.id}/`, {
      token: admin,
      body: { ...base, status: 'ACTIVE', password: 'Another@9' },
    });
    await loginAs(u.email, 'Another@9');
  });

  it('searches name/e-mail/company/occupation/phone, filters status, sorts', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const tag = letters(7);
    const company = await addCompany(demo.groupId, `Companhia ${tag}`);
    await makeUser({ groupId: demo.groupId, companyId: company, name: `Bruno ${tag}` });
    await makeUser({ groupId: demo.groupId, companyId: company, name: `Álvaro ${tag}`, status: 'INACTIVE' });
    await makeUser({
      groupId: demo.groupId,
      companyId: demo.companyId,
      name: `Pedro ${tag}`,
      status: 'PENDING',
    });
    const byCompany = await rest<Page<Employee>>(
      'GET',
      `/web/company-users/?query=companhia%20${tag}&sort=name`,
      { token },
    );
    expect(byCompany.json.data!.items.map((e) => e.name)).toEqual([`Álvaro ${tag}`, `Bruno ${tag}`]);
    const byName = await rest<Page<Employee>>('GET', `/web/company-users/?query=alvaro%20${tag}`, { token });
    expect(byName.json.data!.items).toHaveLength(1);
    const inactive = await rest<Page<Employee>>('GET', `/web/company-users/?query=${tag}&status=INACTIVE`, {
      token,
    });
    expect(inactive.json.data!.items.map((e) => e.status)).toEqual(['INACTIVE']);
    const pending = await trpcClient(token).organisations.companyUsers.list.query({
      query: tag,
      status: 'PENDING',
    });
    expect(pending.items.map((e) => e.name)).toEqual([`Pedro ${tag}`]);
    const byOccupation = await rest<Page<Employee>>(
      'GET',
      '/web/company-users/?query=tecnico&pageSize=1000',
      { token },
    );
    expect(byOccupation.json.data!.items.length).toBeGreaterThan(0);
    const desc = await rest<Page<Employee>>(
      'GET',
      `/web/company-users/?query=${tag}&sort=name&direction=desc`,
      { token },
    );
    expect(desc.json.data!.items.map((e) => e.name)).toEqual([
      `Pedro ${tag}`,
      `Bruno ${tag}`,
      `Álvaro ${tag}`,
    ]);
  });

  it('a company admin sees only its company and cannot grant higher roles', async () => {
    const token = await loginAs(DEMO.companyAdmin);
    const demo = await demoGroup();
    const elsewhere = await addCompany(demo.groupId);
    const u = await makeUser({ groupId: demo.groupId, companyId: elsewhere });
    const list = await rest<Page<Employee>>(
      'GET',
      `/web/company-users/?query=${encodeURIComponent(u.email)}`,
      { token },
    );
    expect(list.json.data!.total).toBe(0);
    const into = await rest('POST', '/web/company-users/', { token, body: await employee(elsewhere) });
    expect(into.status).toBe(404);
    const up = await rest('POST', '/web/company-users/', {
      token,
      body: await employee(demo.companyId, { role: 'COMPANY_GROUP_ADMIN' }),
    });
    expect(up.status).toBe(403);
    const groupAdmin = await loginAs(DEMO.groupAdmin);
    const prov = await rest('POST', '/web/company-users/', {
      token: groupAdmin,
      body: await employee(demo.companyId, { role: 'MOBCHECK_ADMIN' }),
    });
    expect(prov.status).toBe(403);
  });

  it('only a provider admin removes: the user is DELETED, sessions revoked, e-mail free again', async () => {
    const demo = await demoGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId });
    const t = await loginAs(u.email, PASSWORD);
    const groupAdmin = await loginAs(DEMO.groupAdmin);
    expect((await rest('DELETE', `/web/company-users/${u.id}/`, { token: groupAdmin })).status).toBe(403);
    const admin = await loginAs(DEMO.admin);
    const r = await rest('DELETE', `/web/company-users/${u.id}/`, { token: admin });
    expect(r.status).toBe(200);
    const row = await coreDb()
      .selectFrom('users')
      .select('status')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('DELETED');
    expect((await rest('GET', '/web/logged-user/', { token: t })).status).toBe(401);
    expect((await rest('DELETE', `/web/company-users/${u.id}/`, { token: admin })).status).toBe(404);
    const again = await rest('POST', '/web/company-users/', {
      token: admin,
      body: await employee(demo.companyId, { email: u.email }),
    });
    expect(again.status).toBe(201);
  });

  it('a group admin of another group cannot list, edit or remove demo employees', async () => {
    const other = await otherGroup();
    const token = await loginAs(other.email, PASSWORD);
    const demo = await demoGroup();
    const list = await rest<Page<Employee>>('GET', '/web/company-users/?pageSize=1000', { token });
    expect(list.json.data!.items.every((e) => e.email !== DEMO.operator)).toBe(true);
    const op = await coreDb()
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.operator)
      .executeTakeFirstOrThrow();
    const edit = await rest('PUT', `/web/company-users/${op.id}/`, {
      token,
      body: {
        name: 'x',
        email: DEMO.operator,
        phone: '11911112222',
        companyId: demo.companyId,
        occupation: 'x',
        status: 'INACTIVE',
        role: 'COMPANY_OPERATOR',
      },
    });
    expect(edit.status).toBe(404);
    const move = await rest('POST', '/web/company-users/', { token, body: await employee(demo.companyId) });
    expect(move.status).toBe(404);
    const status = await coreDb()
      .selectFrom('users')
      .select('status')
      .where('id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('ACTIVE');
  });
});
