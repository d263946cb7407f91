import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClonedTenants } from '../../helpers/cloned-tenants.ts';
import type { TestEnvironment } from '../../helpers/test-env.ts';
import { applyEnv, createTestEnvironment } from '../../helpers/test-env.ts';

/*
 * Issue 33 item 4: every loop over the company groups commits per tenant, so it runs at any
 * number of tenants on Postgres's default `max_locks_per_transaction` (64: ~6,400 locks for the
 * whole server, while one tenant is ~215 relations — one transaction touching a few tables of
 * every tenant fails at ~175). 300 groups, cloned from one migrated template
 * (tests/helpers/cloned-tenants.ts), in a database of this file's own (the shared one's loops must
 * not see 300 extra groups). Each scheduled cross-tenant job runs once and must succeed.
 */
const TENANTS = 300;
let env: TestEnvironment;
let db: typeof import('../../../src/server/db/database.ts');
let cloned: Awaited<ReturnType<typeof createClonedTenants>>;

beforeAll(async () => {
  env = await createTestEnvironment('tenants300');
  applyEnv(env.env);
  (await import('../../../src/server/config.ts')).resetConfig();
  const migrate = await import('../../../src/server/db/migrate.ts');
  db = await import('../../../src/server/db/database.ts');
  await migrate.migrateCore();
  cloned = await createClonedTenants({
    databaseUrl: env.databaseUrl,
    count: TENANTS,
    migrateTemplate: (schema) => migrate.createTenantSchema(schema),
  });
}, 240_000);

// Dropping a database of ~50,000 relations takes a while on a busy machine.
afterAll(async () => {
  await (await import('../../../src/server/jobs/queue.ts')).closeQueue();
  await db?.closeDb();
  await (await import('../../../src/server/redis.ts')).closeRedis();
  await env?.teardown();
}, 300_000);

describe(`loops over ${TENANTS} company groups on default max_locks_per_transaction`, () => {
  it('the server runs on the default lock table and every clone is a migrated tenant', async () => {
    const { sql } = await import('kysely');
    const locks = await sql<{ v: string }>`select current_setting('max_locks_per_transaction') as v`.execute(
      db.baseDb(),
    );
    expect(Number(locks.rows[0]!.v)).toBeLessThanOrEqual(64);
    const { listTenantSchemas, pendingMigrations } = await import('../../../src/server/db/migrate.ts');
    expect(await listTenantSchemas()).toHaveLength(TENANTS);
    expect(await pendingMigrations()).toEqual([]);
    // A clone answers the product's own tenant queries.
    const n = await db
      .tenantDb(cloned.schemas.at(-1)!)
      .selectFrom('equipment')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('the due-date digest visits every group and company', async () => {
    const { runDueDigest } = await import('../../../src/server/domains/notifications/digest.ts');
    const summary = await runDueDigest({});
    expect(summary.groups).toBe(TENANTS);
    expect(summary.companies).toBe(TENANTS);
    expect(summary.failedCompanies).toBe(0);
  });

  it('the webhook outbox sweep visits every schema without skipping one', async () => {
    const { log } = await import('../../../src/server/logger.ts');
    const warn = vi.spyOn(log, 'warn');
    try {
      const { sweepWebhookDeliveries } = await import('../../../src/server/domains/webhooks/sweep.ts');
      await sweepWebhookDeliveries({ minAgeMs: 0 });
      expect(warn.mock.calls.filter(([m]) => m === 'webhook sweep skipped a schema')).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('the core-level sweeps, retention and reconciliation succeed', async () => {
    const { sweepExpiredResults } = await import('../../../src/server/domains/jobs/service.ts');
    const { prunePageViews } = await import('../../../src/server/domains/analytics/service.ts');
    const { sweepUnqueuedEvents } = await import('../../../src/server/domains/billing/event-jobs.ts');
    const { reconcileBilling } = await import('../../../src/server/domains/billing/reconcile.ts');
    expect(await sweepExpiredResults()).toBe(0);
    expect(await prunePageViews()).toBe(0);
    expect(await sweepUnqueuedEvents()).toBe(0);
    expect((await reconcileBilling()).failed).toBe(0);
  });
});
