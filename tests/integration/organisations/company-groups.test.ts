import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { baseDb, coreDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { PASSWORD, addCompany, demoGroup, groupPayload, otherGroup } from './fixtures.ts';

type Page<T> = { items: T[]; total: number };
type Group = { id: number; name: string; schemaName: string; companies: { id: number; name: string }[] };

async function schemaExists(name: string) {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.schemata where schema_name = ${`cg_${name}`}`.execute(
    baseDb(),
  );
  return r.rows[0]!.n === 1;
}

describe('POST /web/company-groups/', () => {
  it('provisions schema, first company and responsible group admin who can sign in', async () => {
    const token = await loginAs(DEMO.admin);
    const body = groupPayload();
    const r = await rest<{ companyGroupId: number; companyId: number; userId: number }>(
      'POST',
      '/web/company-groups/',
      { token, body },
    );
    expect(r.status).toBe(201);
    const { companyGroupId, companyId, userId } = r.json.data!;
    const group = await coreDb()
      .selectFrom('company_groups')
      .selectAll()
      .where('id', '=', companyGroupId)
      .executeTakeFirstOrThrow();
    expect(group).toMatchObject({ name: body.companyName, schema_name: body.companyGroup });
    expect(await schemaExists(body.companyGroup)).toBe(true);
    const migrated = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(`cg_${body.companyGroup}.kysely_migration`)}`.execute(
      baseDb(),
    );
    expect(migrated.rows[0]!.n).toBeGreaterThan(0);
    const company = await coreDb()
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      company_group_id: companyGroupId,
      name: body.companyName,
      cnpj: '11222333000181',
      tags_limit: 5,
    });
    const user = await coreDb()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: body.responsibleEmail,
      role: 'COMPANY_GROUP_ADMIN',
      status: 'ACTIVE',
      phone: '11988887777',
      occupation: 'Gerente',
    });

    const own = await loginAs(body.responsibleEmail, PASSWORD);
    const me = await rest<{ companyGroup: string; companyId: number; currentRole: string }>(
      'GET',
      '/web/logged-user/',
      { token: own },
    );
    expect(me.json.data).toMatchObject({
      companyGroup: body.companyGroup,
      companyId,
      currentRole: 'COMPANY_GROUP_ADMIN',
    });
  });

  it('defaults the tags limit to 1 and accepts no CNPJ', async () => {
    const token = await loginAs(DEMO.admin);
    const { companyTagsLimit: _t, companyCnpj: _c, ...body } = groupPayload();
    const r = await rest<{ companyId: number }>('POST', '/web/company-groups/', { token, body });
    expect(r.status).toBe(201);
    const company = await coreDb()
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', r.json.data!.companyId)
      .executeTakeFirstOrThrow();
    expect(company.tags_limit).toBe(1);
    expect(company.cnpj).toBeNull();
  });

  it('answers CREATE_MISSING_FIELD, CREATE_BAD_COMPANY_GROUP_NAME and CREATE_EXISTING_COMPANY_GROUP', async () => {
    const token = await loginAs(DEMO.admin);
    const missing = await rest('POST', '/web/company-groups/', {
      token,
      body: groupPayload({ responsibleName: '' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.code).toBe('CREATE_MISSING_FIELD');
    expect(missing.json.error?.issues?.[0]?.path).toBe('responsibleName');
    const empty = await rest('POST', '/web/company-groups/', { token });
    expect(empty.json.error?.code).toBe('CREATE_MISSING_FIELD');
    for (const bad of ['Upper', 'with1digit', 'has_underscore', 'a'.repeat(65)]) {
      const r = await rest('POST', '/web/company-groups/', {
        token,
        body: groupPayload({ companyGroup: bad }),
      });
      expect(r.status, bad).toBe(400);
      expect(r.json.error?.code, bad).toBe('CREATE_BAD_COMPANY_GROUP_NAME');
    }
    const long = await rest('POST', '/web/company-groups/', {
      token,
      body: groupPayload({ responsibleName: 'x'.repeat(41) }),
    });
    expect(long.json.error?.code).toBe('VALIDATION_FAILED');
    const dup = await rest('POST', '/web/company-groups/', {
      token,
      body: groupPayload({ companyGroup: 'demo' }),
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error?.code).toBe('CREATE_EXISTING_COMPANY_GROUP');
    // the seed's English text with the name, and the name as a parameter for the client's text
    expect(dup.json.error?.message).toBe('company group already exists: demo');
    expect(dup.json.error?.params).toEqual({ name: 'demo' });
  });

  it('leaves nothing behind when the responsible e-mail exists (USER_CREATE_EMAIL_EXISTS)', async () => {
    const token = await loginAs(DEMO.admin);
    const body = groupPayload({ responsibleEmail: DEMO.operator });
    const r = await rest('POST', '/web/company-groups/', { token, body });
    expect(r.status).toBe(409);
    expect(r.json.error?.code).toBe('USER_CREATE_EMAIL_EXISTS');
    expect(r.json.error?.message).toBe(`email exists: ${DEMO.operator}`);
    expect(r.json.error?.params).toEqual({ email: DEMO.operator });
    expect(
      await coreDb()
        .selectFrom('company_groups')
        .select('id')
        .where('schema_name', '=', body.companyGroup)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await coreDb()
        .selectFrom('companies')
        .select('id')
        .where('name', '=', body.companyName)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await schemaExists(body.companyGroup)).toBe(false);
  });

  it('tRPC gives the same codes', async () => {
    const { token } = await trpcClient().auth.login.mutate({ email: DEMO.admin, password: 'Demo@123' });
    await expect(
      trpcClient(token).organisations.companyGroups.create.mutate({ companyName: 'x' } as never),
    ).rejects.toMatchObject({ data: { code: 'CREATE_MISSING_FIELD' } });
    const made = await trpcClient(token).organisations.companyGroups.create.mutate(groupPayload());
    expect(made.companyGroupId).toBeGreaterThan(0);
  });
});

describe('GET /web/company-groups/', () => {
  it('lists groups with company chips, searchable by group or company name, paged', async () => {
    const token = await loginAs(DEMO.admin);
    const other = await otherGroup();
    const extra = await addCompany(other.companyGroupId, `Filial Única ${other.schemaName}`);
    const byCompany = await rest<Page<Group>>(
      'GET',
      `/web/company-groups/?query=${encodeURIComponent(`filial unica ${other.schemaName}`)}`,
      { token },
    );
    expect(byCompany.status).toBe(200);
    expect(byCompany.json.data!.items.map((g) => g.id)).toEqual([other.companyGroupId]);
    expect(byCompany.json.data!.items[0]!.companies.map((c) => c.id).sort()).toEqual(
      [other.companyId, extra].sort(),
    );
    const byName = await rest<Page<Group>>(
      'GET',
      `/web/company-groups/?query=${other.schemaName}&pageSize=10`,
      { token },
    );
    expect(byName.json.data!.items[0]!.schemaName).toBe(other.schemaName);
    const paged = await rest<Page<Group>>('GET', '/web/company-groups/?pageSize=10&page=0', { token });
    expect(paged.json.data!.total).toBeGreaterThanOrEqual(2);
    expect(paged.json.data!.items.length).toBeLessThanOrEqual(10);
    const bad = await rest('GET', '/web/company-groups/?pageSize=7', { token });
    expect(bad.json.error?.code).toBe('VALIDATION_FAILED');
  });

  it('never offers the generic group as a choice', async () => {
    const token = await loginAs(DEMO.admin);
    // Make sure a generic group exists by activating a pending user into it.
    const { makeUser } = await import('./fixtures.ts');
    const u = await makeUser({ status: 'PENDING' });
    await rest('PUT', `/web/users/${u.id}/activate-generic-pending`, {
      token,
      body: { companyName: 'Genérica Choice' },
    });
    const all = await rest<Page<Group>>('GET', '/web/company-groups/?query=generic&pageSize=1000', { token });
    expect(all.json.data!.items.some((g) => g.schemaName === 'generic')).toBe(true);
    const choices = await rest<Page<Group>>('GET', '/web/company-groups/?forChoice=true&pageSize=1000', {
      token,
    });
    expect(choices.json.data!.items.some((g) => g.schemaName === 'generic')).toBe(false);
  });
});

describe('GET /web/company-groups/user-company-groups/{email}', () => {
  it('gives the group admin its own group with every company', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const r = await rest<Group[]>(
      'GET',
      `/web/company-groups/user-company-groups/${encodeURIComponent(DEMO.groupAdmin)}`,
      { token },
    );
    expect(r.status).toBe(200);
    expect(r.json.data!.map((g) => g.id)).toEqual([demo.groupId]);
    expect(r.json.data![0]!.companies.map((c) => c.id)).toContain(demo.companyId);
  });

  it('answers a group admin asking about a user of another group exactly like an unknown e-mail (404)', async () => {
    const other = await otherGroup();
    const token = await loginAs(other.email, PASSWORD);
    const r = await rest(
      'GET',
      `/web/company-groups/user-company-groups/${encodeURIComponent(DEMO.groupAdmin)}`,
      { token },
    );
    const unknown = await rest('GET', '/web/company-groups/user-company-groups/nobody%40x.dev', { token });
    expect(r.status).toBe(404);
    expect([unknown.status, unknown.json]).toEqual([r.status, r.json]);
    const admin = await loginAs(DEMO.admin);
    const none = await rest('GET', '/web/company-groups/user-company-groups/nobody%40x.dev', {
      token: admin,
    });
    expect(none.status).toBe(404);
  });
});

describe('PUT /web/logged-user/company/', () => {
  it('lets the provider admin switch to any group and the logged user follows', async () => {
    const token = await loginAs(DEMO.admin);
    const other = await otherGroup();
    const r = await rest<{ companyId: number; companyGroup: string }>('PUT', '/web/logged-user/company/', {
      token,
      body: { companyGroup: other.schemaName, companyId: other.companyId },
    });
    expect(r.status).toBe(200);
    const company = await coreDb()
      .selectFrom('companies')
      .select('name')
      .where('id', '=', other.companyId)
      .executeTakeFirstOrThrow();
    // The answer names the company switched to (the toast says it), not the one left.
    expect(r.json.data).toMatchObject({
      companyId: other.companyId,
      companyGroup: other.schemaName,
      companyName: company.name,
    });
    const me = await rest<{ companyId: number; companyGroup: string; currentRole: string }>(
      'GET',
      '/web/logged-user/',
      { token },
    );
    expect(me.json.data).toMatchObject({
      companyId: other.companyId,
      companyGroup: other.schemaName,
      companyName: company.name,
      currentRole: 'MOBCHECK_ADMIN',
    });
    // by id too, and through tRPC
    const demo = await demoGroup();
    const back = await trpcClient(token).organisations.switchCompany.mutate({
      companyGroup: demo.groupId,
      companyId: demo.companyId,
    });
    expect(back.companyGroup).toBe('demo');
    expect((await trpcClient(token).account.me.query()).companyId).toBe(demo.companyId);
  });

  it('lets a group admin switch inside its group only; a company not of the group is 404', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const second = await addCompany(demo.groupId, `Segunda ${Math.random()}`);
    const r = await rest('PUT', '/web/logged-user/company/', {
      token,
      body: { companyGroup: 'demo', companyId: second },
    });
    expect(r.status).toBe(200);
    expect(
      (await rest<{ companyId: number }>('GET', '/web/logged-user/', { token })).json.data!.companyId,
    ).toBe(second);
    const other = await otherGroup();
    const cross = await rest('PUT', '/web/logged-user/company/', {
      token,
      body: { companyGroup: other.schemaName, companyId: other.companyId },
    });
    // Another group is answered like one that does not exist.
    const ghost = await rest('PUT', '/web/logged-user/company/', {
      token,
      body: { companyGroup: 'nosuchgroupxyz', companyId: other.companyId },
    });
    expect(cross.status).toBe(404);
    expect([ghost.status, ghost.json]).toEqual([cross.status, cross.json]);
    const mismatch = await rest('PUT', '/web/logged-user/company/', {
      token,
      body: { companyGroup: 'demo', companyId: other.companyId },
    });
    expect(mismatch.status).toBe(404);
    expect(
      (await rest<{ companyId: number }>('GET', '/web/logged-user/', { token })).json.data!.companyId,
    ).toBe(second);
  });
});
