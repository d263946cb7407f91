/**
 * Vindi webhooks end to end (issue 17): `POST /web/billing/webhooks/vindi/{secret}` → the raw event
 * stored under its dedup key → the real worker (in-process, on queues of its own) re-reads the bill
 * or subscription from the provider (a fake `BillingProvider` named `vindi`) → the shared apply
 * functions change our rows. Plus the nightly reconciliation fixing a bill whose webhook was lost.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import {
  billingEventJob,
  billingIntegrationJobs,
  billingReconcileJob,
  enqueueBillingEvent,
} from '../../../src/server/domains/billing/event-jobs.ts';
import {
  type BillingProvider,
  type ProviderBill,
  type ProviderSubscription,
  setBillingProvider,
} from '../../../src/server/domains/billing/provider.ts';
import { reconcileBilling } from '../../../src/server/domains/billing/reconcile.ts';
import { vindiWebhookSecret } from '../../../src/server/domains/billing/webhook-route.ts';
import { AppError } from '../../../src/server/errors.ts';
import { createRegistry, type JobPayload } from '../../../src/server/jobs/define.ts';
import { closeQueue, queueFor } from '../../../src/server/jobs/queue.ts';
import { startServer } from '../../../src/server/main.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { rest } from '../../helpers/api.ts';
import { otherTenant, waitFor } from '../qr/helpers.ts';

// Queues of their own: no other file's worker (with another provider) takes these events. The
// rows are written for the `vindi` provider, which a fake stands for (setBillingProvider below).
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:billing-webhooks`;
process.env.BILLING_PROVIDER = 'vindi';
resetConfig();

/** What "Vindi" holds in these tests; every re-read is counted. */
class FakeVindi implements BillingProvider {
  readonly name = 'vindi' as const;
  bills = new Map<string, ProviderBill>();
  subscriptions = new Map<string, ProviderSubscription>();
  billReads = new Map<string, number>();
  subscriptionReads = new Map<string, number>();
  async getBill(id: string) {
    this.billReads.set(id, (this.billReads.get(id) ?? 0) + 1);
    return this.bills.get(id) ?? null;
  }
  async getSubscription(id: string) {
    this.subscriptionReads.set(id, (this.subscriptionReads.get(id) ?? 0) + 1);
    return this.subscriptions.get(id) ?? null;
  }
  async listSubscriptionBills(id: string) {
    return [...this.bills.values()].filter((b) => b.subscriptionId === id);
  }
  ensurePlan(): Promise<string> {
    throw new Error('not in these tests');
  }
  ensureProduct(): Promise<string> {
    throw new Error('not in these tests');
  }
  createCustomer(): Promise<never> {
    throw new Error('not in these tests');
  }
  createSubscription(): Promise<never> {
    throw new Error('not in these tests');
  }
  cancelSubscription(): Promise<never> {
    throw new Error('not in these tests');
  }
  reactivateSubscription(): Promise<never> {
    throw new Error('not in these tests');
  }
  createBill(): Promise<never> {
    throw new Error('not in these tests');
  }
}

/** A provider that is down: every call fails as Vindi's would. */
class DownVindi extends FakeVindi {
  override async getBill(id: string): Promise<ProviderBill | null> {
    this.billReads.set(id, (this.billReads.get(id) ?? 0) + 1);
    throw new AppError('BILLING_PROVIDER_UNAVAILABLE');
  }
}

const fake = new FakeVindi();
let worker: RunningWorker;

beforeAll(async () => {
  setBillingProvider(fake);
  worker = startWorker({ registry: createRegistry([billingIntegrationJobs]) });
  await worker.ready;
});

afterEach(() => {
  setBillingProvider(fake);
});

afterAll(async () => {
  setBillingProvider(undefined);
  await worker.close();
  await closeQueue();
});

const uid = () => randomBytes(6).toString('hex');
const path = (secret = vindiWebhookSecret()) => `/web/billing/webhooks/vindi/${secret}`;

/** A group with a Vindi customer and an active subscription, as activation leaves them. */
async function groupWithSubscription() {
  const t = await otherTenant();
  const customerId = `cus-${uid()}`;
  const subscriptionId = `sub-${uid()}`;
  await coreDb()
    .insertInto('billing_customers')
    .values({ company_group_id: t.groupId, provider: 'vindi', provider_id: customerId })
    .execute();
  const sub = await coreDb()
    .insertInto('billing_subscriptions')
    .values({
      company_group_id: t.groupId,
      plan_id: 1,
      quantity: 1,
      amount_cents: 35900,
      provider: 'vindi',
      provider_id: subscriptionId,
      status: 'active',
      next_billing_at: null,
      canceled_at: null,
      provider_updated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await coreDb()
    .updateTable('company_groups')
    .set({ plan_id: 1, subscription_id: sub.id })
    .where('id', '=', t.groupId)
    .execute();
  fake.subscriptions.set(subscriptionId, {
    providerId: subscriptionId,
    customerId,
    planId: 'plan-start',
    status: 'active',
    createdAt: new Date(Date.now() - 86_400_000),
    nextBillingAt: new Date(Date.now() + 29 * 86_400_000),
    code: `group-${t.groupId}-sub-${sub.id}`,
  });
  return { groupId: t.groupId, customerId, subscriptionId, rowId: sub.id };
}

function providerBill(
  g: { customerId: string; subscriptionId: string },
  over: Partial<ProviderBill> = {},
): ProviderBill {
  return {
    providerId: `bill-${uid()}`,
    customerId: g.customerId,
    subscriptionId: g.subscriptionId,
    status: 'pending',
    amountCents: 35900,
    url: 'https://sandbox-app.vindi.com.br/customer/bills/1?token=x',
    dueAt: new Date(Date.now() + 3 * 86_400_000),
    createdAt: new Date(),
    code: null,
    ...over,
  };
}

/** The event Vindi would send about a bill (ids as numbers or strings: Vindi's are numbers). */
function billEvent(type: string, bill: ProviderBill, createdAt: string) {
  return {
    event: {
      type,
      created_at: createdAt,
      data: {
        bill: {
          id: bill.providerId,
          status: type === 'bill_paid' ? 'paid' : 'pending',
          amount: '359.0',
          url: bill.url,
          due_at: bill.dueAt?.toISOString() ?? null,
          subscription: bill.subscriptionId ? { id: bill.subscriptionId } : null,
          customer: { id: bill.customerId },
          code: bill.code,
        },
      },
    },
  };
}

const eventRows = (resourceId: string) =>
  coreDb()
    .selectFrom('billing_events')
    .selectAll()
    .where('resource_id', '=', resourceId)
    .orderBy('id')
    .execute();

const billRows = (providerId: string) =>
  coreDb()
    .selectFrom('billing_bills')
    .selectAll()
    .where('provider', '=', 'vindi')
    .where('provider_id', '=', providerId)
    .execute();

/** Waits until every event row about the resource is processed. */
async function processed(resourceId: string, count: number) {
  return waitFor(async () => {
    const rows = await eventRows(resourceId);
    return rows.length === count && rows.every((r) => r.processed_at !== null) ? rows : undefined;
  }, 20_000);
}

describe('POST /web/billing/webhooks/vindi/{secret}', () => {
  it('the same event delivered 3 times and out of order (bill_paid before bill_created) is applied once', async () => {
    const g = await groupWithSubscription();
    const bill = providerBill(g, { status: 'paid', updatedAt: new Date(Date.now() - 1000) });
    fake.bills.set(bill.providerId, bill);
    const paid = billEvent('bill_paid', bill, '2030-01-10T10:00:05.000-03:00');
    const created = billEvent('bill_created', bill, '2030-01-10T10:00:00.000-03:00');

    // bill_paid arrives first, three times (Vindi retries what it thinks was lost).
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await rest('POST', path(), { body: paid }));
    expect(answers.map((a) => [a.status, a.json.data])).toEqual([
      [200, { received: true, duplicate: false }],
      [200, { received: true, duplicate: true }],
      [200, { received: true, duplicate: true }],
    ]);
    const first = await processed(bill.providerId, 1);
    expect(first.map((r) => [r.type, r.resource_kind, r.attempts, r.last_error])).toEqual([
      ['bill_paid', 'bill', 1, null],
    ]);
    // The raw event is what came.
    expect(first[0]!.payload).toEqual(paid);
    expect(first[0]!.dedup_key).toMatch(/^[0-9a-f]{64}$/);
    // Re-read once (three deliveries, one processing) and applied: one bill row, paid.
    expect(fake.billReads.get(bill.providerId)).toBe(1);
    const afterPaid = await billRows(bill.providerId);
    expect(afterPaid.map((b) => [b.company_group_id, b.status, b.amount_cents])).toEqual([
      [g.groupId, 'paid', 35900],
    ]);
    expect(afterPaid[0]!.paid_at).not.toBeNull();

    // Then the older bill_created, twice — and Vindi's read is stale (it still says pending):
    // nothing moves back.
    fake.bills.set(bill.providerId, { ...bill, status: 'pending', updatedAt: new Date(Date.now() - 60_000) });
    for (let i = 0; i < 2; i++) expect((await rest('POST', path(), { body: created })).status).toBe(200);
    const rows = await processed(bill.providerId, 2);
    expect(rows.map((r) => r.type)).toEqual(['bill_paid', 'bill_created']);
    expect(fake.billReads.get(bill.providerId)).toBe(2);
    const final = await billRows(bill.providerId);
    expect(final.map((b) => [b.status, b.paid_at?.getTime()])).toEqual([
      ['paid', afterPaid[0]!.paid_at!.getTime()],
    ]);
    const group = await coreDb()
      .selectFrom('company_groups')
      .select('payment_status')
      .where('id', '=', g.groupId)
      .executeTakeFirstOrThrow();
    expect(group.payment_status).toBe('OK');
  });

  it('a subscription event re-reads the subscription and applies its state', async () => {
    const g = await groupWithSubscription();
    fake.subscriptions.set(g.subscriptionId, {
      ...fake.subscriptions.get(g.subscriptionId)!,
      status: 'canceled',
    });
    const r = await rest('POST', path(), {
      body: {
        event: {
          type: 'subscription_canceled',
          created_at: new Date().toISOString(),
          data: {
            subscription: { id: g.subscriptionId, status: 'canceled', customer: { id: g.customerId } },
          },
        },
      },
    });
    expect(r.status).toBe(200);
    await processed(g.subscriptionId, 1);
    expect(fake.subscriptionReads.get(g.subscriptionId)).toBe(1);
    const sub = await coreDb()
      .selectFrom('billing_subscriptions')
      .select(['status', 'canceled_at'])
      .where('id', '=', g.rowId)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('canceled');
  });

  it('a wrong secret gets 401 and changes nothing (no event row, no provider call)', async () => {
    const g = await groupWithSubscription();
    const bill = providerBill(g, { status: 'paid' });
    fake.bills.set(bill.providerId, bill);
    const body = billEvent('bill_paid', bill, new Date().toISOString());
    for (const secret of [
      'wrong-secret-0123456789',
      `${vindiWebhookSecret()}x`,
      vindiWebhookSecret().slice(1),
    ]) {
      const r = await rest('POST', path(secret), { body });
      expect([r.status, r.json.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
    // Without a secret segment there is no such route.
    expect((await rest('POST', '/web/billing/webhooks/vindi/', { body })).status).toBe(404);
    expect(await eventRows(bill.providerId)).toEqual([]);
    expect(await billRows(bill.providerId)).toEqual([]);
    expect(fake.billReads.get(bill.providerId)).toBeUndefined();
  });

  it('malformed JSON and bodies that are not an event are 400 and store nothing', async () => {
    const marker = `m${uid()}`;
    const before = await coreDb()
      .selectFrom('billing_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`payload::text like ${`%${marker}%`}`)
      .executeTakeFirstOrThrow();
    expect(before.n).toBe(0);
    const bad = await rest('POST', path(), {
      text: `{"event": {"type": "bill_paid", "created_at": "${marker}"`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect([bad.status, bad.json.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
    for (const body of [
      { event: { type: 'bill_paid', marker } },
      { event: { created_at: marker, data: {} } },
      [marker],
      { event: { type: 'bill_paid', created_at: marker, data: { bill: { status: 'paid' } } } },
    ]) {
      const r = await rest('POST', path(), { body });
      expect([r.status, r.json.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const after = await coreDb()
      .selectFrom('billing_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`payload::text like ${`%${marker}%`}`)
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(0);
  });

  it('a body over the cap is 413 and stores nothing', async () => {
    const marker = `m${uid()}`;
    const r = await rest('POST', path(), {
      body: { event: { type: 'test', created_at: marker, data: { pad: 'x'.repeat(300 * 1024) } } },
    });
    expect([r.status, r.json.error?.code]).toEqual([413, 'REQUEST_TOO_LARGE']);
    expect(
      await coreDb()
        .selectFrom('billing_events')
        .select('id')
        .where('event_created_at', '=', marker)
        .execute(),
    ).toEqual([]);
  });

  it('a body over the cap sent slowly over a real socket gets the 413 (not a reset), and the socket serves the next call', async () => {
    // Issue 26 item 7. A client on a slow uplink is still sending when the limit refuses the body;
    // the server must read (and drop) it before answering, or the client sees ECONNRESET.
    const server = await startServer({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const CHUNK = 64 * 1024;
    const CHUNKS = 16; // 1 MB, four times the cap, paced over ~1 s
    const call = (method: string, target: string, slowBody?: boolean) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            method,
            path: target,
            agent,
            headers: slowBody ? { 'Content-Type': 'application/json', 'Content-Length': CHUNK * CHUNKS } : {},
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d) => chunks.push(d));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                body: Buffer.concat(chunks).toString(),
                reused: req.reusedSocket,
              }),
            );
          },
        );
        req.on('error', reject);
        if (!slowBody) {
          req.end();
          return;
        }
        let sent = 0;
        const next = () => {
          sent++;
          const chunk = Buffer.alloc(CHUNK, 0x20);
          if (sent === CHUNKS) return void req.end(chunk);
          // The uplink's pace: the next chunk leaves 60 ms after the previous one was handed over.
          req.write(chunk, () => setTimeout(next, 60));
        };
        next();
      });
    try {
      const first = await call('GET', '/web/openapi.json');
      expect(first.status).toBe(200);
      const big = await call('POST', path(), true);
      expect(big.status).toBe(413);
      expect((JSON.parse(big.body) as { error: { code: string } }).error.code).toBe('REQUEST_TOO_LARGE');
      const after = await call('GET', '/web/openapi.json');
      expect([after.status, after.reused]).toEqual([200, true]);
    } finally {
      agent.destroy();
      await server.close();
    }
  }, 60_000);

  it('the `test` event and unknown types are stored and acknowledged (2xx), with nothing to process', async () => {
    const createdAt = `2030-02-01T00:00:00.${uid()}`;
    const r = await rest('POST', path(), {
      body: { event: { type: 'test', created_at: createdAt, data: {} } },
    });
    expect([r.status, r.json.data]).toEqual([200, { received: true, duplicate: false }]);
    const unknown = await rest('POST', path(), {
      body: { event: { type: 'period_created', created_at: createdAt, data: { period: { id: 7 } } } },
    });
    expect(unknown.status).toBe(200);
    const rows = await coreDb()
      .selectFrom('billing_events')
      .selectAll()
      .where('event_created_at', '=', createdAt)
      .orderBy('id')
      .execute();
    expect(rows.map((e) => [e.type, e.resource_kind, e.processed_at !== null, e.attempts])).toEqual([
      ['test', null, true, 0],
      ['period_created', null, true, 0],
    ]);
  });

  it('answers 2xx without calling the provider: a provider that is down is retried by the worker', async () => {
    const g = await groupWithSubscription();
    const down = new DownVindi();
    setBillingProvider(down);
    const bill = providerBill(g, { status: 'paid' });
    const r = await rest('POST', path(), { body: billEvent('bill_paid', bill, new Date().toISOString()) });
    expect(r.status).toBe(200);
    // The worker tried, failed and recorded why; the event waits for its retry.
    const failed = await waitFor(async () => {
      const [row] = await eventRows(bill.providerId);
      return row?.last_error ? row : undefined;
    });
    expect(failed.processed_at).toBeNull();
    expect(failed.last_error).toMatch(/serviço de pagamentos/);
    expect(down.billReads.get(bill.providerId)).toBeGreaterThanOrEqual(1);
    // The provider comes back: the retry (after its backoff) applies the bill.
    fake.bills.set(bill.providerId, bill);
    setBillingProvider(fake);
    const [done] = await processed(bill.providerId, 1);
    expect(done!.attempts).toBeGreaterThanOrEqual(2);
    expect(done!.last_error).toBeNull();
    expect((await billRows(bill.providerId)).map((b) => b.status)).toEqual(['paid']);
  });

  it('an event a Redis outage left off the queue is enqueued by the sweep', async () => {
    const g = await groupWithSubscription();
    const bill = providerBill(g, { status: 'paid' });
    fake.bills.set(bill.providerId, bill);
    // Stored as ingest stores it, but never queued.
    const key = randomBytes(32).toString('hex');
    await coreDb()
      .insertInto('billing_events')
      .values({
        dedup_key: key,
        provider: 'vindi',
        type: 'bill_paid',
        resource_kind: 'bill',
        resource_id: bill.providerId,
        event_created_at: new Date().toISOString(),
        payload: JSON.stringify(billEvent('bill_paid', bill, new Date().toISOString())),
        received_at: new Date(Date.now() - 60_000),
        processed_at: null,
        last_error: null,
      })
      .execute();
    const { sweepUnqueuedEvents } = await import('../../../src/server/domains/billing/event-jobs.ts');
    expect(await sweepUnqueuedEvents()).toBeGreaterThanOrEqual(1);
    await processed(bill.providerId, 1);
    expect((await billRows(bill.providerId)).map((b) => b.status)).toEqual(['paid']);
    // Enqueueing it again is the same BullMQ job (id = the key): nothing runs twice.
    await enqueueBillingEvent(key);
    const job = await queueFor(billingEventJob.queue).getJob(key);
    expect(job?.data.params).toEqual({ key });
    expect(fake.billReads.get(bill.providerId)).toBe(1);
  });
});

describe('nightly reconciliation', () => {
  it('fixes a bill whose webhook was lost and recomputes the status of overdue groups', async () => {
    const g = await groupWithSubscription();
    const bill = providerBill(g);
    fake.bills.set(bill.providerId, bill);
    // bill_created arrives and is applied: a pending bill.
    await rest('POST', path(), { body: billEvent('bill_created', bill, new Date().toISOString()) });
    await processed(bill.providerId, 1);
    expect((await billRows(bill.providerId)).map((b) => b.status)).toEqual(['pending']);

    // Another group's bill is overdue at the provider and here, and no event will ever say so.
    const late = await groupWithSubscription();
    const overdue = providerBill(late, { dueAt: new Date(Date.now() - 2 * 86_400_000) });
    fake.bills.set(overdue.providerId, overdue);
    await rest('POST', path(), { body: billEvent('bill_created', overdue, new Date().toISOString()) });
    await processed(overdue.providerId, 1);

    // The customer pays; Vindi's bill_paid never reaches us.
    fake.bills.set(bill.providerId, { ...bill, status: 'paid' });
    const summary = await reconcileBilling({ provider: fake });
    expect(summary.bills).toBeGreaterThanOrEqual(2);
    expect(summary.subscriptions).toBeGreaterThanOrEqual(2);
    expect((await billRows(bill.providerId)).map((b) => b.status)).toEqual(['paid']);
    const statuses = await coreDb()
      .selectFrom('company_groups')
      .select(['id', 'payment_status'])
      .where('id', 'in', [g.groupId, late.groupId])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: g.groupId, payment_status: 'OK' },
      { id: late.groupId, payment_status: 'PENDING' },
    ]);
  });

  it('runs as the scheduled job `billing-reconcile` on BILLING_RECONCILE_CRON in APP_TIME_ZONE', async () => {
    expect(billingReconcileJob.cron).toEqual({
      pattern: process.env.BILLING_RECONCILE_CRON ?? '30 3 * * *',
      tz: expect.any(String),
    });
    const g = await groupWithSubscription();
    const bill = providerBill(g);
    fake.bills.set(bill.providerId, bill);
    await rest('POST', path(), { body: billEvent('bill_created', bill, new Date().toISOString()) });
    await processed(bill.providerId, 1);
    fake.bills.set(bill.providerId, { ...bill, status: 'paid' });
    // One run, as the scheduler would put it on the queue (no core.jobs row).
    const payload: JobPayload = {
      jobId: null,
      type: billingReconcileJob.type,
      params: {},
      companyGroupId: null,
      companyId: null,
      requestedBy: null,
    };
    const job = await queueFor(billingReconcileJob.queue).add(billingReconcileJob.type, payload);
    await waitFor(async () => ((await job.getState()) === 'completed' ? true : undefined), 20_000);
    expect((await billRows(bill.providerId)).map((b) => b.status)).toEqual(['paid']);
  });
});
