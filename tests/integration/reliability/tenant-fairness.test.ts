import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { runningFor } from '../../../src/server/jobs/fairness.ts';
import { closeQueue, queueFor } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { otherTenant, waitFor } from '../qr/helpers.ts';

/**
 * Issue 10 item 7: one tenant cannot starve the others. Tenant A queues 6 × 10,000 labels; tenant
 * B's 1-label batch still finishes within seconds, because B's job goes ahead of A's backlog
 * (priority by backlog) and A runs at most TENANT_MAX_ACTIVE_JOBS at once (the other slot stays
 * free). Plus the monthly quota the provider admin sets and the bound on unused tags.
 */
const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

async function tenantWithAdmin(opts: { tagsLimit: number; quota?: number | null }) {
  const t = await otherTenant();
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: opts.tagsLimit, qr_monthly_quota: opts.quota ?? null })
    .where('id', '=', t.companyId)
    .execute();
  const token = await loginAs(t.email);
  const schema = (
    await coreDb()
      .selectFrom('company_groups')
      .select('schema_name')
      .where('id', '=', t.groupId)
      .executeTakeFirstOrThrow()
  ).schema_name;
  return { ...t, token, schema };
}

const stateOf = async (id: string) =>
  await coreDb()
    .selectFrom('jobs')
    .select(['state', 'started_at', 'finished_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('fair scheduling across tenants', () => {
  it("tenant B's 1-label job finishes in seconds while tenant A has 60,000 labels queued", async () => {
    const a = await tenantWithAdmin({ tagsLimit: 100_000, quota: 100_000 });
    const b = await tenantWithAdmin({ tagsLimit: 10 });
    const flood: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await trpcClient(a.token).qr.generate.mutate({ quantity: 10_000, format: 'xlsx' });
      flood.push(r.jobId);
    }
    // A's first batch is running before B asks.
    await waitFor(async () => ((await stateOf(flood[0]!)).state === 'active' ? true : undefined));
    const t0 = performance.now();
    const { jobId } = await trpcClient(b.token).qr.generate.mutate({ quantity: 1, format: 'xlsx' });
    await waitFor(async () => ((await stateOf(jobId)).state === 'completed' ? true : undefined), 30_000, 25);
    const latency = (performance.now() - t0) / 1000;
    const aStates = await Promise.all(flood.map(stateOf));
    console.log(
      `tenant B's 1-label job: ${latency.toFixed(2)} s while tenant A had ${aStates.filter((s) => s.state !== 'completed').length} of 6 × 10,000-label batches unfinished`,
    );
    expect(latency).toBeLessThan(10);
    expect(aStates.filter((s) => s.state === 'queued').length).toBeGreaterThanOrEqual(3);
    // A never ran more than its share at once.
    expect(await runningFor('qr', a.groupId)).toBeLessThanOrEqual(1);

    // Clean up A's backlog so the rest of the suite is not slowed: drop what has not started.
    for (const id of flood) {
      const job = await queueFor('qr').getJob(id);
      if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
    }
    await coreDb()
      .updateTable('jobs')
      .set({ state: 'failed', error: 'removed by the test', finished_at: new Date() })
      .where('id', 'in', flood)
      .where('state', '=', 'queued')
      .execute();
  }, 120_000);

  it('runs at most TENANT_MAX_ACTIVE_JOBS jobs of one tenant at a time (start/finish times never overlap)', async () => {
    const a = await tenantWithAdmin({ tagsLimit: 1000 });
    const ids = await Promise.all(
      [1, 2, 3].map(
        async () => (await trpcClient(a.token).qr.generate.mutate({ quantity: 50, format: 'xlsx' })).jobId,
      ),
    );
    const rows = await waitFor(async () => {
      const r = await Promise.all(ids.map(stateOf));
      return r.every((x) => x.state === 'completed') ? r : undefined;
    }, 60_000);
    const spans = rows
      .map((r) => [r.started_at!.getTime(), r.finished_at!.getTime()] as const)
      .sort((x, y) => x[0] - y[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  }, 90_000);
});

describe('monthly generation quota and the tags bound', () => {
  it('refuses a batch past the quota the provider admin set, over REST and tRPC, and parallel requests cannot overshoot', async () => {
    const t = await tenantWithAdmin({ tagsLimit: 10_000 });
    // The provider admin sets the quota through the companies call (others cannot).
    const admin = await loginAs(DEMO.admin);
    const company = await coreDb()
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', t.companyId)
      .executeTakeFirstOrThrow();
    const body = {
      name: company.name,
      mainContactName: 'Contato',
      email: 'contato@quota.dev',
      phone: '(11) 3333-4444',
      qrMonthlyQuota: 30,
    };
    const byGroupAdmin = await rest('PUT', `/web/companies/${t.companyId}/`, {
      token: t.token,
      body: { ...body, qrMonthlyQuota: 99_999 },
    });
    expect(byGroupAdmin.status).toBe(200);
    expect(
      (
        await coreDb()
          .selectFrom('companies')
          .select('qr_monthly_quota')
          .where('id', '=', t.companyId)
          .executeTakeFirstOrThrow()
      ).qr_monthly_quota,
    ).toBeNull();
    // The provider admin acts inside the tenant's group (switch first).
    await rest('PUT', '/web/logged-user/company/', {
      token: admin,
      body: { companyGroup: t.schema, companyId: t.companyId },
    });
    const set = await rest<{ qrMonthlyQuota: number }>('PUT', `/web/companies/${t.companyId}/`, {
      token: admin,
      body,
    });
    expect(set.status).toBe(200);
    expect(set.json.data?.qrMonthlyQuota).toBe(30);

    // 10 parallel requests of 5 labels against a quota of 30: never more than 6 accepted.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        trpcClient(t.token).qr.generate.mutate({ quantity: 5, format: 'xlsx' }),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
      jobId: string;
    }>[];
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(6);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        data: { code: 'QR_MONTHLY_QUOTA_EXCEEDED', params: { quota: 30 } },
      });
    for (const r of accepted)
      await waitFor(
        async () => ((await stateOf(r.value.jobId)).state === 'completed' ? true : undefined),
        60_000,
      );
    // Once they are done, exactly what is left fits, and one more label does not.
    const left = 30 - 5 * accepted.length;
    if (left > 0) await trpcClient(t.token).qr.generate.mutate({ quantity: left, format: 'xlsx' });
    await expect(
      trpcClient(t.token).qr.generate.mutate({ quantity: 1, format: 'xlsx' }),
    ).rejects.toMatchObject({
      data: { code: 'QR_MONTHLY_QUOTA_EXCEEDED', params: { quota: 30, remaining: 0 } },
    });
    const overRest = await rest('GET', `/web/qr-code/generate/${t.companyId}/1/excel`, {
      token: t.token,
      headers: { Prefer: 'respond-async' },
    });
    expect(overRest.status).toBe(429);
    expect(overRest.json.error?.code).toBe('QR_MONTHLY_QUOTA_EXCEEDED');
  }, 90_000);

  it('refuses a batch that would leave more unused tags than the tags limit', async () => {
    const t = await tenantWithAdmin({ tagsLimit: 20 });
    const first = await trpcClient(t.token).qr.generate.mutate({ quantity: 15, format: 'xlsx' });
    await waitFor(
      async () => ((await stateOf(first.jobId)).state === 'completed' ? true : undefined),
      60_000,
    );
    await expect(
      trpcClient(t.token).qr.generate.mutate({ quantity: 6, format: 'xlsx' }),
    ).rejects.toMatchObject({
      data: { code: 'QR_TAGS_LIMIT_EXCEEDED', params: { spare: 15, limit: 20 } },
    });
    // Tags in use do not count as spare: bind 10 of them and 6 more fit.
    const tags = sql.table(`${tenantSchemaName(t.schema)}.tags`);
    await sql`update ${tags} set activated_at = now() where id in (select id from ${tags} limit 10)`.execute(
      coreDb(),
    );
    await expect(
      trpcClient(t.token).qr.generate.mutate({ quantity: 6, format: 'xlsx' }),
    ).resolves.toMatchObject({
      jobId: expect.any(String),
    });
  }, 90_000);
});
