import { afterAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { registerUserMigrationHook } from '../../../src/server/domains/organisations/service.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { PASSWORD, addCompany, demoGroup, letters, makeUser, otherGroup } from './fixtures.ts';

type AdminUser = {
  id: number;
  email: string;
  status: string;
  role: string;
  companyId: number;
  companyName: string;
  companyGroup: string;
  createdAt: string;
};
type Page<T> = { items: T[]; total: number };

// A hook that records calls and fails on demand, standing in for later tenant data movers.
const hookCalls: { from: number; to: number; toSchema: string }[] = [];
let failFor: number | null = null;
registerUserMigrationHook('test-recorder', async (m) => {
  if (m.fromUserId === failFor) throw new Error('boom');
  hookCalls.push({ from: m.fromUserId, to: m.toUserId, toSchema: m.to.schemaName });
});
afterAll(() => {
  failFor = null;
});

describe('GET /web/users/', () => {
  it('defaults to PENDING and filters all/active/inactive/pending/migrated/removed', async () => {
    const token = await loginAs(DEMO.admin);
    const tag = letters(8);
    const demo = await demoGroup();
    const p = await makeUser({ status: 'PENDING', name: `Pendente ${tag}` });
    await makeUser({
      status: 'ACTIVE',
      name: `Ativo ${tag}`,
      groupId: demo.groupId,
      companyId: demo.companyId,
    });
    const def = await rest<Page<AdminUser>>('GET', `/web/users/?query=${tag}`, { token });
    expect(def.json.data!.items.map((u) => u.id)).toEqual([p.id]);
    const all = await rest<Page<AdminUser>>('GET', `/web/users/?query=${tag}&status=all`, { token });
    expect(all.json.data!.total).toBe(2);
    const active = await rest<Page<AdminUser>>('GET', `/web/users/?query=${tag}&status=ACTIVE`, { token });
    expect(active.json.data!.items[0]).toMatchObject({
      companyName: 'Extintores Demo Ltda',
      companyGroup: 'demo',
      status: 'ACTIVE',
    });
    for (const s of ['INACTIVE', 'MIGRATED', 'DELETED']) {
      const r = await rest<Page<AdminUser>>('GET', `/web/users/?query=${tag}&status=${s}`, { token });
      expect(r.json.data!.total, s).toBe(0);
    }
    const demoPending = await rest<Page<AdminUser>>(
      'GET',
      `/web/users/?query=${encodeURIComponent(DEMO.pending)}`,
      { token },
    );
    expect(demoPending.json.data!.items[0]).toHaveProperty('createdAt');
  });
});

describe('activation of pending users', () => {
  it('activates into a new generic company; the user signs in as its company admin', async () => {
    const token = await loginAs(DEMO.admin);
    const u = await makeUser({ status: 'PENDING' });
    const name = `Genérica ${letters(6)}`;
    const r = await rest<AdminUser>('PUT', `/web/users/${u.id}/activate-generic-pending`, {
      token,
      body: { companyName: name },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      status: 'ACTIVE',
      role: 'COMPANY_ADMIN',
      companyName: name,
      companyGroup: 'generic',
    });
    await loginAs(u.email, PASSWORD);
    const again = await rest('PUT', `/web/users/${u.id}/activate-generic-pending`, {
      token,
      body: { companyName: name },
    });
    expect(again.status).toBe(409);
    const empty = await rest(
      'PUT',
      `/web/users/${(await makeUser({ status: 'PENDING' })).id}/activate-generic-pending`,
      { token, body: { companyName: ' ' } },
    );
    expect(empty.status).toBe(400);
  });

  it('activates and migrates into an existing group/company; generic is refused', async () => {
    const token = await loginAs(DEMO.admin);
    const other = await otherGroup();
    const u = await makeUser({ status: 'PENDING' });
    const generic = await rest('PUT', `/web/users/${u.id}/migrate-generic-pending`, {
      token,
      body: { companyGroup: 'generic', companyId: other.companyId },
    });
    expect(generic.json.error?.code).toBe('MIGRATE_INVALID_CATALOG');
    const unknown = await rest('PUT', `/web/users/${u.id}/migrate-generic-pending`, {
      token,
      body: { companyGroup: 'nosuchgroup', companyId: other.companyId },
    });
    expect(unknown.json.error?.code).toBe('MIGRATE_INVALID_CATALOG');
    const demo = await demoGroup();
    const wrong = await rest('PUT', `/web/users/${u.id}/migrate-generic-pending`, {
      token,
      body: { companyGroup: other.schemaName, companyId: demo.companyId },
    });
    expect(wrong.json.error?.code).toBe('MIGRATE_COULD_NOT_MIGRATE');
    const r = await trpcClient(token).organisations.users.migratePending.mutate({
      id: u.id,
      companyGroup: other.companyGroupId,
      companyId: other.companyId,
    });
    expect(r).toMatchObject({
      status: 'ACTIVE',
      role: 'COMPANY_ADMIN',
      companyGroup: other.schemaName,
      companyId: other.companyId,
    });
  });
});

describe('PUT /web/users/{id}/migrate', () => {
  it('moves an active user: old record MIGRATED, new ACTIVE record with the same password, hooks run', async () => {
    const token = await loginAs(DEMO.admin);
    const demo = await demoGroup();
    const other = await otherGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId, role: 'COMPANY_ADMIN' });
    const old = await loginAs(u.email, PASSWORD);
    const r = await rest<AdminUser>('PUT', `/web/users/${u.id}/migrate`, {
      token,
      body: { companyGroup: other.schemaName, companyId: other.companyId },
    });
    expect(r.status).toBe(200);
    const fresh = r.json.data!;
    expect(fresh.id).not.toBe(u.id);
    expect(fresh).toMatchObject({
      email: u.email,
      status: 'ACTIVE',
      role: 'COMPANY_ADMIN',
      companyGroup: other.schemaName,
      companyId: other.companyId,
    });
    const oldRow = await coreDb()
      .selectFrom('users')
      .select(['status', 'company_group_id'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(oldRow).toEqual({ status: 'MIGRATED', company_group_id: demo.groupId });
    expect(hookCalls).toContainEqual({ from: u.id, to: fresh.id, toSchema: other.schemaName });
    expect((await rest('GET', '/web/logged-user/', { token: old })).status).toBe(401);
    const t = await loginAs(u.email, PASSWORD);
    const me = await rest<{ companyGroup: string }>('GET', '/web/logged-user/', { token: t });
    expect(me.json.data!.companyGroup).toBe(other.schemaName);
    const migrated = await rest<Page<AdminUser>>(
      'GET',
      `/web/users/?query=${encodeURIComponent(u.email)}&status=MIGRATED`,
      { token },
    );
    expect(migrated.json.data!.items.map((x) => x.id)).toEqual([u.id]);
  });

  it('rolls everything back when a hook fails (MIGRATE_COULD_NOT_MIGRATE)', async () => {
    const token = await loginAs(DEMO.admin);
    const demo = await demoGroup();
    const other = await otherGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId });
    failFor = u.id;
    const r = await rest('PUT', `/web/users/${u.id}/migrate`, {
      token,
      body: { companyGroup: other.companyGroupId, companyId: other.companyId },
    });
    failFor = null;
    expect(r.status).toBe(409);
    expect(r.json.error?.code).toBe('MIGRATE_COULD_NOT_MIGRATE');
    const rows = await coreDb()
      .selectFrom('users')
      .select(['id', 'status'])
      .where('email', '=', u.email)
      .execute();
    expect(rows).toEqual([{ id: u.id, status: 'ACTIVE' }]);
  });

  it('refuses generic, unknown groups, the same group, and non-active users', async () => {
    const token = await loginAs(DEMO.admin);
    const demo = await demoGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId });
    const g = await rest('PUT', `/web/users/${u.id}/migrate`, {
      token,
      body: { companyGroup: 'generic', companyId: demo.companyId },
    });
    expect(g.json.error?.code).toBe('MIGRATE_INVALID_CATALOG');
    const second = await addCompany(demo.groupId);
    const same = await rest('PUT', `/web/users/${u.id}/migrate`, {
      token,
      body: { companyGroup: 'demo', companyId: second },
    });
    expect(same.json.error?.code).toBe('MIGRATE_COULD_NOT_MIGRATE');
    const other = await otherGroup();
    const p = await makeUser({ status: 'PENDING' });
    const pending = await rest('PUT', `/web/users/${p.id}/migrate`, {
      token,
      body: { companyGroup: other.schemaName, companyId: other.companyId },
    });
    expect(pending.json.error?.code).toBe('MIGRATE_COULD_NOT_MIGRATE');
  });
});

describe('password and delete', () => {
  it('sets a password (revoking sessions) and checks the rules and the group', async () => {
    const token = await loginAs(DEMO.admin);
    const demo = await demoGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId });
    const t = await loginAs(u.email, PASSWORD);
    const weak = await rest('PUT', `/web/users/${u.id}/password`, { token, body: { password: '' } });
    expect(weak.status).toBe(400);
    const other = await otherGroup();
    const wrongGroup = await rest('PUT', `/web/users/${u.id}/password`, {
      token,
      body: { password: 'Fresh@123', companyGroup: other.schemaName },
    });
    expect(wrongGroup.status).toBe(404);
    const r = await rest('PUT', `/web/users/${u.id}/password`, {
      token,
      body: { password: 'Fresh@123', companyGroup: 'demo' },
    });
    expect(r.status).toBe(200);
    expect((await rest('GET', '/web/logged-user/', { token: t })).status).toBe(401);
    await loginAs(u.email, 'Fresh@123');
  });

  it('DELETE /web/users/{email} marks DELETED, revokes sessions and keeps the row', async () => {
    const token = await loginAs(DEMO.admin);
    const demo = await demoGroup();
    const u = await makeUser({ groupId: demo.groupId, companyId: demo.companyId });
    const t = await loginAs(u.email, PASSWORD);
    const r = await rest('DELETE', `/web/users/${encodeURIComponent(u.email.toUpperCase())}`, { token });
    expect(r.status).toBe(200);
    expect(
      (await coreDb().selectFrom('users').select('status').where('id', '=', u.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('DELETED');
    expect((await rest('GET', '/web/logged-user/', { token: t })).status).toBe(401);
    expect((await rest('DELETE', `/web/users/${encodeURIComponent(u.email)}`, { token })).status).toBe(404);
    const removed = await rest<Page<AdminUser>>(
      'GET',
      `/web/users/?query=${encodeURIComponent(u.email)}&status=DELETED`,
      { token },
    );
    expect(removed.json.data!.total).toBe(1);
    const self = await rest('DELETE', `/web/users/${encodeURIComponent(DEMO.admin)}`, { token });
    expect(self.status).toBe(403);
  });
});
