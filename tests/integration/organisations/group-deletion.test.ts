import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChangesSettled } from '../../../src/server/domains/auth/session-cache.ts';
import { baseDb, coreDb } from '../../../src/server/db/database.ts';
import { groupPurgeSweepJob } from '../../../src/server/domains/organisations/jobs.ts';
import { purgeDueGroups, purgeGroup } from '../../../src/server/domains/organisations/group-purge.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { closeQueue, enqueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { waitFor } from '../qr/helpers.ts';
import { makeUser, PASSWORD } from './fixtures.ts';
import { type LeavingGroup, leavingGroup, schemaExists } from './leave-helpers.ts';

/**
 * Issue 33 item 6, deleting a company group: the typed confirmation, the pending mark refusing
 * its users (sign-in and API) with COMPANY_GROUP_PENDING_DELETION, restore, and the purge after
 * the grace period (schema, core rows, files gone; other groups untouched and answering while it
 * runs), resumed after a purge cut short.
 */
const worker = startWorker({ concurrency: 1 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let provider: string;
beforeAll(async () => {
  provider = await loginAs(DEMO.admin);
}, 30_000);

type Item = { id: number; deletionRequestedAt: string | null; purgeAfter: string | null };

async function requestDeletion(g: LeavingGroup) {
  const r = await rest<Item>('POST', `/web/company-groups/${g.companyGroupId}/deletion`, {
    token: provider,
    body: { confirmName: `Outro ${g.schemaName}` },
  });
  expect(r.status).toBe(200);
  await authChangesSettled();
  return r.json.data!;
}

/** Puts the group past its grace period (the clock of the test). */
async function graceOver(groupId: number) {
  await coreDb()
    .updateTable('company_groups')
    .set({ purge_after: sql`now() - interval '1 second'` })
    .where('id', '=', groupId)
    .execute();
}

async function coreLeft(g: LeavingGroup) {
  const n = async (
    table: 'company_groups' | 'companies' | 'users' | 'sessions',
    where: string,
    id: number,
  ) => {
    const r = await sql<{ n: number }>`select count(*)::int as n from core.${sql.id(table)}
      where ${sql.ref(where)} = ${id}`.execute(baseDb());
    return r.rows[0]!.n;
  };
  const versions = await sql<{ n: number }>`select count(*)::int as n from core.tenant_schema_versions
    where schema_name = ${`cg_${g.schemaName}`}`.execute(baseDb());
  return {
    group: await n('company_groups', 'id', g.companyGroupId),
    companies: await n('companies', 'company_group_id', g.companyGroupId),
    users: await n('users', 'company_group_id', g.companyGroupId),
    sessions: await n('sessions', 'user_id', g.userId),
    versions: versions.rows[0]!.n,
  };
}

describe('asking to delete a company group', () => {
  it('needs the group’s name typed again, then refuses its users until it is restored', async () => {
    const g = await leavingGroup();
    const wrong = await rest('POST', `/web/company-groups/${g.companyGroupId}/deletion`, {
      token: provider,
      body: { confirmName: 'outro nome' },
    });
    expect([wrong.status, wrong.json.error?.code]).toEqual([400, 'COMPANY_GROUP_DELETE_CONFIRMATION']);
    expect((await rest('GET', '/web/logged-user/', { token: g.adminToken })).status).toBe(200);

    const before = Date.now();
    const item = await requestDeletion(g);
    expect(item.deletionRequestedAt).not.toBeNull();
    const days = (new Date(item.purgeAfter!).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    // Sign-in refused with the code; a live session refused on both doors.
    const signIn = await rest('POST', '/web/authentication/', {
      headers: { Email: g.email },
      text: PASSWORD,
      ip: '10.77.1.1',
    });
    expect([signIn.status, signIn.json.error?.code]).toEqual([403, 'COMPANY_GROUP_PENDING_DELETION']);
    const api = await rest('GET', '/web/logged-user/', { token: g.adminToken });
    expect([api.status, api.json.error?.code]).toEqual([403, 'COMPANY_GROUP_PENDING_DELETION']);
    await expect(trpcClient(g.adminToken).account.me.query()).rejects.toMatchObject({
      data: { code: 'COMPANY_GROUP_PENDING_DELETION', httpStatus: 403 },
    });
    // The provider's list shows it pending.
    const list = await trpcClient(provider).organisations.companyGroups.list.query({ query: g.schemaName });
    expect(list.items.find((x) => x.id === g.companyGroupId)?.purgeAfter).toBeInstanceOf(Date);

    const restored = await rest<Item>('DELETE', `/web/company-groups/${g.companyGroupId}/deletion`, {
      token: provider,
    });
    expect(restored.status).toBe(200);
    expect(restored.json.data).toMatchObject({ deletionRequestedAt: null, purgeAfter: null });
    await authChangesSettled();
    expect(await loginAs(g.email, PASSWORD)).toBeTruthy();
    expect((await rest('GET', '/web/logged-user/', { token: g.adminToken })).status).toBe(200);
  }, 60_000);

  it('refuses the caller’s own group, and a restore once the grace period is over', async () => {
    // A provider admin's own group (as the generic group) is not deletable.
    const own = await leavingGroup();
    const admin = await makeUser({
      role: 'MOBCHECK_ADMIN',
      groupId: own.companyGroupId,
      companyId: own.companyId,
    });
    const r0 = await rest('POST', `/web/company-groups/${own.companyGroupId}/deletion`, {
      token: await loginAs(admin.email, PASSWORD),
      body: { confirmName: `Outro ${own.schemaName}` },
    });
    expect([r0.status, r0.json.error?.code]).toEqual([409, 'COMPANY_GROUP_NOT_DELETABLE']);
    const g = await leavingGroup();
    await requestDeletion(g);
    await graceOver(g.companyGroupId);
    const r = await rest('DELETE', `/web/company-groups/${g.companyGroupId}/deletion`, { token: provider });
    expect([r.status, r.json.error?.code]).toEqual([409, 'COMPANY_GROUP_PURGING']);
    expect(await purgeGroup(g.companyGroupId)).toMatchObject({ groupId: g.companyGroupId });
  }, 60_000);
});

describe('the purge after the grace period', () => {
  it('the sweep job drops the schema, deletes the core rows and files; other groups keep answering', async () => {
    const g = await leavingGroup();
    const other = await leavingGroup();
    const demoAdmin = await loginAs(DEMO.groupAdmin);
    await requestDeletion(g);
    expect(await purgeGroup(g.companyGroupId)).toBeNull(); // grace period still running
    await graceOver(g.companyGroupId);

    // Another group's requests, in a loop while the purge runs.
    let purging = true;
    const answers: { status: number; ms: number }[] = [];
    const traffic = (async () => {
      while (purging) {
        const t0 = Date.now();
        const r = await rest('GET', '/web/companies/', {
          token: demoAdmin,
          headers: { 'Cache-Control': 'no-cache' },
        });
        answers.push({ status: r.status, ms: Date.now() - t0 });
      }
    })();
    const jobId = await enqueue(groupPurgeSweepJob, {}, { companyGroupId: null });
    const job = await waitFor(async () => {
      const row = await coreDb()
        .selectFrom('jobs')
        .select(['state', 'error'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row && (row.state === 'completed' || row.state === 'failed') ? row : undefined;
    }, 60_000);
    purging = false;
    await traffic;
    expect(job).toMatchObject({ state: 'completed', error: null });

    expect(await schemaExists(g.schemaName)).toBe(false);
    expect(await coreLeft(g)).toEqual({ group: 0, companies: 0, users: 0, sessions: 0, versions: 0 });
    expect(await fileStore().stat(g.logoKey)).toBeNull();
    const audit = await sql<{ n: number }>`select count(*)::int as n from core.audit_log
      where action = 'company-group.purged' and details->>'groupId' = ${String(g.companyGroupId)}`.execute(
      baseDb(),
    );
    expect(audit.rows[0]!.n).toBe(1);

    // The other groups: intact and answering throughout.
    expect(await schemaExists(other.schemaName)).toBe(true);
    expect(await coreLeft(other)).toMatchObject({ group: 1, companies: 1, versions: 1 });
    expect(await fileStore().stat(other.logoKey)).not.toBeNull();
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
  }, 120_000);

  it('a purge cut short after dropping the schema finishes on the next sweep', async () => {
    const g = await leavingGroup();
    await requestDeletion(g);
    await graceOver(g.companyGroupId);
    await expect(
      purgeGroup(g.companyGroupId, {
        afterStep: (step) => {
          if (step === 'schema') throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await schemaExists(g.schemaName)).toBe(false);
    expect(await coreLeft(g)).toMatchObject({ group: 1, companies: 1, versions: 1 });
    expect(await fileStore().stat(g.logoKey)).toBeNull();

    const done = await purgeDueGroups({ batch: 1 });
    expect(done.map((d) => d.groupId)).toContain(g.companyGroupId);
    expect(await coreLeft(g)).toEqual({ group: 0, companies: 0, users: 0, sessions: 0, versions: 0 });
  }, 60_000);
});
