import { randomBytes } from 'node:crypto';
import type { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { authChangesSettled } from '../../../src/server/domains/auth/session-cache.ts';
import { billingProvider } from '../../../src/server/domains/billing/provider.ts';
import { applyProviderBill, recomputeGroupPaymentStatus } from '../../../src/server/domains/billing/state.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { createCategory, createType, productBody } from '../catalogue/helpers.ts';
import { createTag } from '../equipment/helpers.ts';
import { demoCompany, otherTenant, waitFor } from '../qr/helpers.ts';

/*
 * Issue 17 at the API: the plan limit and the payment block refuse new equipment and QR batches
 * (reads go on), tag orders are billed, paid, allocated once and shipped, and each caller reaches
 * only its own group's billing. Tenants of their own where a test changes a group's state.
 */
const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

interface Tenant {
  groupId: number;
  companyId: number;
  schema: string;
  email: string;
  token: string;
}

async function tenant(): Promise<Tenant> {
  const t = await otherTenant();
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', t.groupId)
    .executeTakeFirstOrThrow();
  await coreDb().updateTable('companies').set({ tags_limit: 100 }).where('id', '=', t.companyId).execute();
  return { ...t, schema: g.schema_name, token: await loginAs(t.email) };
}

/** A product in the tenant's own catalogue. */
async function product(t: Tenant): Promise<number> {
  const tag = randomBytes(3).toString('hex');
  const categoryId = await createCategory(t.token, `Categoria ${tag}`);
  const typeId = await createType(t.token, `Tipo ${tag}`, categoryId);
  const r = await rest<number>('POST', '/web/products/', {
    token: t.token,
    body: productBody(categoryId, typeId),
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.data!;
}

const registerOn = async (t: Tenant, productId: number) =>
  rest('POST', '/web/equipments/', {
    token: t.token,
    body: { tagSerialNumber: await createTag(t), productId },
  });

const setGroup = (groupId: number, values: { plan_id?: number | null; plan_quantity?: number | null }) =>
  coreDb().updateTable('company_groups').set(values).where('id', '=', groupId).execute();

/** An unpaid bill of the group, due `days` ago (a provider bill that no webhook ever paid). */
async function overdueBill(groupId: number, days: number): Promise<number> {
  const r = await coreDb()
    .insertInto('billing_bills')
    .values({
      company_group_id: groupId,
      subscription_id: null,
      tag_order_id: null,
      provider: 'sandbox',
      provider_id: `test-${randomBytes(8).toString('hex')}`,
      code: null,
      status: 'pending',
      amount_cents: 35900,
      url: null,
      due_at: new Date(Date.now() - days * 24 * 3600 * 1000),
      paid_at: null,
      provider_updated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const trpcCode = (e: unknown) => ((e as TRPCClientError<never>).data as unknown as { code?: string })?.code;

describe('the plan limits the group’s equipment', () => {
  it('refuses equipment past the plan’s limit with PLAN_EQUIPMENT_LIMIT_REACHED; no plan, no limit', async () => {
    const t = await tenant();
    const productId = await product(t);
    // The custom plan bought for one piece of equipment (a limit of 1).
    await setGroup(t.groupId, { plan_id: 4, plan_quantity: 1 });
    expect((await registerOn(t, productId)).status).toBe(201);
    const refused = await registerOn(t, productId);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'PLAN_EQUIPMENT_LIMIT_REACHED',
      params: { limit: 1, plan: 'Personalizado' },
    });
    // The free plan allows 10.
    await setGroup(t.groupId, { plan_id: 5, plan_quantity: null });
    expect((await registerOn(t, productId)).status).toBe(201);
    // A group without a plan (made by the provider admin) has no plan limit.
    await setGroup(t.groupId, { plan_id: null, plan_quantity: null });
    expect((await registerOn(t, productId)).status).toBe(201);

    // /my-plan counts the equipment from the counters and refuses a plan they do not fit.
    await setGroup(t.groupId, { plan_id: 5 });
    const mine = await rest<{ equipmentCount: number; equipmentLimit: number }>(
      'GET',
      '/web/billing/my-plan/',
      {
        token: t.token,
      },
    );
    expect(mine.json.data).toMatchObject({ equipmentCount: 3, equipmentLimit: 10 });
    const tooSmall = await rest('PUT', '/web/billing/subscription/', {
      token: t.token,
      body: { planId: 4, quantity: 2 },
    });
    expect(tooSmall.json.error).toMatchObject({ code: 'CUSTOM_PLAN_MIN_QUANTITY', params: { min: 50 } });
  });
});

describe('a BLOCKED group', () => {
  it('refuses new equipment and QR batches with 402 BILLING_PAYMENT_BLOCKED; reads go on; paying lifts it', async () => {
    const t = await tenant();
    const productId = await product(t);
    const billId = await overdueBill(t.groupId, 2);
    expect(await recomputeGroupPaymentStatus(t.groupId)).toBe('PENDING');
    // PENDING only warns (the pop-up): registration still works.
    expect((await registerOn(t, productId)).status).toBe(201);

    await coreDb()
      .updateTable('billing_bills')
      .set({ due_at: new Date(Date.now() - 20 * 24 * 3600 * 1000) })
      .where('id', '=', billId)
      .execute();
    expect(await recomputeGroupPaymentStatus(t.groupId)).toBe('BLOCKED');
    await authChangesSettled();

    const refused = await registerOn(t, productId);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({
      code: 'BILLING_PAYMENT_BLOCKED',
      message: 'Você possui pagamentos pendentes. Favor acessar o menu "Meu Plano" e verificar a situação.',
    });
    const qr = await rest('GET', `/web/qr-code/generate/${t.companyId}/5`, { token: t.token });
    expect(qr.status).toBe(402);
    expect(qr.json.error?.code).toBe('BILLING_PAYMENT_BLOCKED');
    const viaTrpc = await trpcClient(t.token)
      .qr.generate.mutate({ companyId: t.companyId, quantity: 5, format: 'pdf' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(trpcCode(viaTrpc)).toBe('BILLING_PAYMENT_BLOCKED');
    // Nothing was queued for the refused batch.
    const jobs = await coreDb()
      .selectFrom('jobs')
      .select('id')
      .where('company_group_id', '=', t.groupId)
      .execute();
    expect(jobs).toEqual([]);

    // Reads keep working.
    expect((await rest('GET', '/web/equipments/?pageSize=10', { token: t.token })).status).toBe(200);
    const me = await rest<{ paymentStatus: string }>('GET', '/web/logged-user/', { token: t.token });
    expect(me.json.data?.paymentStatus).toBe('BLOCKED');
    const status = await rest('GET', `/web/company-groups/company-group-status/${t.groupId}`, {
      token: t.token,
    });
    expect(status.json.data).toEqual({ companyGroupId: t.groupId, paymentStatus: 'BLOCKED' });

    // Paid (as a re-read would say), the block is lifted.
    await coreDb().updateTable('billing_bills').set({ status: 'paid' }).where('id', '=', billId).execute();
    expect(await recomputeGroupPaymentStatus(t.groupId)).toBe('OK');
    expect((await registerOn(t, productId)).status).toBe(201);
  });

  it('overdueGroups() lists the groups to recompute', async () => {
    const t = await tenant();
    const { overdueGroups } = await import('../../../src/server/domains/billing/state.ts');
    expect(await overdueGroups()).not.toContain(t.groupId);
    await overdueBill(t.groupId, 1);
    expect(await overdueGroups()).toContain(t.groupId);
  });
});

describe('tag orders', () => {
  it('a QR order is billed, paid on the bill page, its serials allocated once, then shipped by the provider admin', async () => {
    const t = await tenant();
    const address = { address: 'Rua das Tags, 10', city: 'Campinas', state: 'SP', cep: '13010000' };
    await coreDb()
      .updateTable('companies')
      .set({ address: JSON.stringify(address) })
      .where('id', '=', t.companyId)
      .execute();
    const tooFew = await rest('POST', '/web/billing/tag-orders/', {
      token: t.token,
      body: { type: 'QR', quantity: 0 },
    });
    expect(tooFew.status).toBe(400);
    expect(tooFew.json.error).toMatchObject({ code: 'TAG_ORDER_MIN_QUANTITY', params: { min: 1 } });

    const created = await rest<{ id: number; billUrl: string; status: string; totalCents: number }>(
      'POST',
      '/web/billing/tag-orders/',
      { token: t.token, body: { type: 'QR', quantity: 5 } },
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const order = created.json.data!;
    expect(order).toMatchObject({
      status: 'AWAITING_PAYMENT',
      totalCents: 575,
      billStatus: 'pending',
      shippingAddress: address,
      companyId: t.companyId,
    });
    expect(order.billUrl).toMatch(/\/billing\/sandbox\/bills\//);
    // The link the app hands out is signed (issue 26 item 3): the page and its Pagar take it as is.
    const link = new URL(order.billUrl);
    const page = await (await rest('GET', `${link.pathname}${link.search}`)).res.text();
    expect(page).toContain('R$ 5,75');

    const list = await rest<{ items: { id: number; status: string }[] }>('GET', '/web/billing/tag-orders/', {
      token: t.token,
    });
    expect(list.json.data!.items.map((o) => o.id)).toEqual([order.id]);

    expect((await rest('POST', `${link.pathname}/pay${link.search}`)).status).toBe(303);
    const paid = await waitFor(async () => {
      const o = await coreDb()
        .selectFrom('billing_tag_orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      return o.status === 'PAID' && o.batch_job_id ? o : undefined;
    });
    const serials = async () =>
      coreDb().selectFrom('tag_registry').select('serial').where('job_id', '=', paid.batch_job_id!).execute();
    await waitFor(async () => ((await serials()).length === 5 ? true : undefined));
    // Applied again (a webhook delivered twice, the nightly re-read): nothing more.
    const bill = await (await billingProvider()).getBill(new URL(order.billUrl).pathname.split('/').pop()!);
    await applyProviderBill(bill!);
    await applyProviderBill(bill!);
    expect(await serials()).toHaveLength(5);
    const tags = await tenantDb(t.schema)
      .selectFrom('tags')
      .select(['serial_number', 'company_id'])
      .where('job_id', '=', paid.batch_job_id!)
      .execute();
    expect(tags.map((x) => x.serial_number).sort()).toEqual((await serials()).map((s) => s.serial).sort());
    expect(tags.every((x) => x.company_id === t.companyId)).toBe(true);
    const orderJobs = await coreDb()
      .selectFrom('jobs')
      .select(['id', 'type'])
      .where('company_group_id', '=', t.groupId)
      .execute();
    expect(orderJobs).toEqual([{ id: paid.batch_job_id, type: 'qr-pdf' }]);
    const again = await coreDb()
      .selectFrom('billing_tag_orders')
      .select(['status', 'batch_job_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ status: 'PAID', batch_job_id: paid.batch_job_id });

    // The provider admin's fulfilment list: every group's paid orders, with who, how many, where.
    const provider = await loginAs(DEMO.admin);
    const toShip = await rest<{
      items: {
        id: number;
        quantity: number;
        companyGroupId: number;
        shippingAddress: unknown;
        requestedBy: { email: string };
      }[];
    }>('GET', '/web/billing/tag-orders/?status=PAID&pageSize=100', { token: provider });
    expect(toShip.status).toBe(200);
    expect(toShip.json.data!.items.find((o) => o.id === order.id)).toMatchObject({
      quantity: 5,
      companyGroupId: t.groupId,
      shippingAddress: address,
      requestedBy: { email: t.email },
    });
    // A group admin cannot mark it shipped; the provider admin can.
    expect(
      (await rest('PUT', `/web/billing/tag-orders/${order.id}/shipped/`, { token: t.token })).status,
    ).toBe(403);
    const shipped = await rest<{ status: string; shippedAt: string; shippedBy: string }>(
      'PUT',
      `/web/billing/tag-orders/${order.id}/shipped/`,
      { token: provider },
    );
    expect(shipped.json.data).toMatchObject({ status: 'SHIPPED', shippedBy: 'Ana Provedora' });
    const mine = await rest<{ items: { status: string; billStatus: string }[] }>(
      'GET',
      '/web/billing/tag-orders/',
      {
        token: t.token,
      },
    );
    expect(mine.json.data!.items[0]).toMatchObject({ status: 'SHIPPED', billStatus: 'paid' });
  });

  it('an NFC order unpaid cannot be shipped; its price is 3,25 each', async () => {
    const t = await tenant();
    const created = await rest<{ id: number; totalCents: number; unitCents: number }>(
      'POST',
      '/web/billing/tag-orders/',
      {
        token: t.token,
        body: { type: 'NFC', quantity: 10 },
      },
    );
    expect(created.json.data).toMatchObject({ totalCents: 3250, unitCents: 325 });
    const provider = await loginAs(DEMO.admin);
    const r = await rest('PUT', `/web/billing/tag-orders/${created.json.data!.id}/shipped/`, {
      token: provider,
    });
    expect(r.status).toBe(409);
    expect(r.json.error?.code).toBe('TAG_ORDER_NOT_PAID');
  });
});

describe('who reaches which billing', () => {
  let a: Tenant;
  let b: Tenant;
  let bSubscription: number;
  beforeAll(async () => {
    [a, b] = await Promise.all([tenant(), tenant()]);
    const changed = await rest<{ subscription: { id: number } }>('PUT', '/web/billing/subscription/', {
      token: b.token,
      body: { planId: 1 },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    bSubscription = changed.json.data!.subscription.id;
  });

  it('the plans are public, in card order, with the seed’s prices', async () => {
    const r = await rest<{ id: number; name: string; priceCents: number; equipmentLimit: number | null }[]>(
      'GET',
      '/web/billing/plans/',
    );
    expect(r.status).toBe(200);
    expect(r.json.data!.map((p) => [p.id, p.name, p.priceCents, p.equipmentLimit])).toEqual([
      [1, 'Start', 35900, 50],
      [2, 'Standard', 52900, 100],
      [3, 'Premium', 104900, 500],
      [6, 'Enterprise', 143900, 1000],
      [4, 'Personalizado', 4950, null],
      [5, 'Gratuito', 0, 10],
    ]);
    expect((await rest('GET', '/web/billing/tag-prices/')).json.data).toEqual({ QR: 115, NFC: 325 });
  });

  it('an operator reaches no billing but the status; a company admin buys tags but has no plan', async () => {
    const operator = await loginAs(DEMO.operator);
    expect((await rest('GET', '/web/billing/my-plan/', { token: operator })).status).toBe(403);
    const order = await rest('POST', '/web/billing/tag-orders/', {
      token: operator,
      body: { type: 'NFC', quantity: 1 },
    });
    expect(order.status).toBe(403);
    expect(order.json.error?.code).toBe('FORBIDDEN');
    const demo = await demoCompany();
    const status = await rest('GET', `/web/company-groups/company-group-status/${demo.groupId}`, {
      token: operator,
    });
    expect(status.json.data).toEqual({ companyGroupId: demo.groupId, paymentStatus: 'OK' });
    const companyAdmin = await loginAs(DEMO.companyAdmin);
    expect((await rest('GET', '/web/billing/my-plan/', { token: companyAdmin })).status).toBe(403);
    expect((await rest('GET', '/web/billing/tag-orders/', { token: companyAdmin })).status).toBe(200);
    // The 'Atenção!' check shows where an order would go: the company's registered address.
    const company = await coreDb()
      .selectFrom('companies')
      .select(['name', 'address'])
      .where('id', '=', demo.companyId)
      .executeTakeFirstOrThrow();
    const shipping = await rest('GET', '/web/billing/tag-orders/shipping-address/', { token: companyAdmin });
    expect([shipping.status, shipping.json.data]).toEqual([
      200,
      { companyName: company.name, address: company.address ?? null },
    ]);
    expect((await rest('GET', '/web/billing/tag-orders/shipping-address/', { token: operator })).status).toBe(
      403,
    );
  });

  it('another group’s subscription, bills, plan and status answer 404', async () => {
    for (const [method, path] of [
      ['GET', `/web/company-groups/subscription/${bSubscription}`],
      ['DELETE', `/web/company-groups/subscription/${bSubscription}`],
      ['PUT', `/web/company-groups/subscription/${bSubscription}`],
      ['POST', `/web/company-groups/subscription/${bSubscription}/reactivate`],
      ['GET', `/web/company-groups/bill/${bSubscription}`],
    ] as const) {
      const r = await rest(method, path, {
        token: a.token,
        body: method === 'PUT' ? { planId: 2 } : undefined,
      });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.json.error?.code).toBe('SUBSCRIPTION_NOT_FOUND');
    }
    for (const path of [
      `/web/company-groups/company-group-status/${b.groupId}`,
      `/web/company-groups/company-group-plan/${b.groupId}`,
    ]) {
      const r = await rest('GET', path, { token: a.token });
      expect(r.status, path).toBe(404);
      expect(r.json.error?.code).toBe('NOT_FOUND');
    }
    const own = await rest<{ items: { companyGroupId: number }[] }>(
      'GET',
      '/web/company-groups/company-group-plan/',
      {
        token: a.token,
      },
    );
    expect(own.json.data!.items.map((g) => g.companyGroupId)).toEqual([a.groupId]);
    const provider = await loginAs(DEMO.admin);
    const any = await rest('GET', `/web/company-groups/company-group-plan/${b.groupId}`, { token: provider });
    expect(any.json.data).toMatchObject({
      companyGroupId: b.groupId,
      planId: 1,
      planName: 'Start',
      equipmentLimit: 50,
    });
  });

  it('cancel, reactivate and change plan through the seed’s subscription calls', async () => {
    const path = `/web/company-groups/subscription/${bSubscription}`;
    const got = await rest<{ subscription: { status: string; planName: string; billUrl: string } }>(
      'GET',
      path,
      {
        token: b.token,
      },
    );
    expect(got.json.data!.subscription).toMatchObject({ status: 'active', planName: 'Start' });
    const canceled = await rest<{ subscription: { status: string } }>('DELETE', path, { token: b.token });
    expect(canceled.json.data!.subscription.status).toBe('canceled');
    // Its pending bill went with it; the group is on the free plan meanwhile.
    const bills = await rest<{ bills: { status: string }[] }>(
      'GET',
      `/web/company-groups/bill/${bSubscription}`,
      {
        token: b.token,
      },
    );
    expect(bills.json.data!.bills.map((x) => x.status)).toEqual(['canceled']);
    const group = async () =>
      coreDb()
        .selectFrom('company_groups')
        .select(['plan_id', 'subscription_id', 'payment_status'])
        .where('id', '=', b.groupId)
        .executeTakeFirstOrThrow();
    expect(await group()).toMatchObject({ plan_id: 5, subscription_id: bSubscription });
    expect((await rest('DELETE', path, { token: b.token })).json.error?.code).toBe('SUBSCRIPTION_NOT_ACTIVE');

    const reactivated = await rest<{ subscription: { status: string; billUrl: string } }>(
      'POST',
      `${path}/reactivate`,
      {
        token: b.token,
      },
    );
    expect(reactivated.status, JSON.stringify(reactivated.json)).toBe(200);
    expect(reactivated.json.data!.subscription.status).toBe('active');
    expect(await group()).toMatchObject({ plan_id: 1, subscription_id: bSubscription });
    const after = await rest<{ bills: { status: string; url: string }[] }>(
      'GET',
      `/web/company-groups/bill/${bSubscription}`,
      {
        token: b.token,
      },
    );
    expect(after.json.data!.bills.map((x) => x.status)).toEqual(['pending', 'canceled']);
    // The same bill (its signature's expiry may differ if the two calls straddle an hour).
    const billOf = (url: string) => new URL(url, 'http://x').pathname;
    expect(billOf(reactivated.json.data!.subscription.billUrl)).toBe(billOf(after.json.data!.bills[0]!.url));

    // Change plan: the current subscription ends, a new one starts with its own bill.
    const same = await rest('PUT', path, { token: b.token, body: { planId: 1 } });
    expect(same.json.error).toMatchObject({ code: 'PLAN_ALREADY_CURRENT', params: { plan: 'Start' } });
    const changed = await rest<{
      subscription: { id: number; planId: number; amountCents: number };
      billUrl: string;
    }>('PUT', path, { token: b.token, body: { planId: 4, quantity: 75 } });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data!.subscription).toMatchObject({ planId: 4, amountCents: 75 * 99 });
    expect(changed.json.data!.billUrl).toMatch(/\/billing\/sandbox\/bills\//);
    expect(await group()).toMatchObject({ plan_id: 4, subscription_id: changed.json.data!.subscription.id });
    const old = await rest<{ subscription: { status: string } }>('GET', path, { token: b.token });
    expect(old.json.data!.subscription.status).toBe('canceled');

    // The /my-plan table: a row per bill, newest first.
    const rows = await rest<{
      items: { id: number; status: string; bill: { status: string } | null }[];
      total: number;
    }>('GET', '/web/billing/my-plan/rows/', { token: b.token });
    expect(rows.json.data!.items.map((r) => [r.id, r.status, r.bill?.status])).toEqual([
      [changed.json.data!.subscription.id, 'active', 'pending'],
      [bSubscription, 'canceled', 'canceled'],
      [bSubscription, 'canceled', 'canceled'],
    ]);
    // Back to the free plan: no bill to pay.
    const free = await rest('PUT', `/web/company-groups/subscription/${changed.json.data!.subscription.id}`, {
      token: b.token,
      body: { planId: 5 },
    });
    expect(free.json.data).toEqual({ subscription: null, billUrl: null });
    expect(await group()).toMatchObject({ plan_id: 5, subscription_id: null, payment_status: 'OK' });
  });

  it('the demo group’s /my-plan has its plan and paid history', async () => {
    const group = await loginAs(DEMO.groupAdmin);
    const plan = await rest<{
      plan: { id: number };
      quantity: number;
      equipmentLimit: number;
      paymentStatus: string;
      subscription: { status: string };
    }>('GET', '/web/billing/my-plan/', { token: group });
    // What the group's row holds (seeded: the custom plan for 1,000). The demo group is shared by
    // the run's files, and one of them now and then moves it to plan 6 (Enterprise, also 1,000
    // equipment; which one is not found yet): the answer is checked against the row, not the seed.
    const row = await coreDb()
      .selectFrom('company_groups')
      .select(['plan_id', 'plan_quantity', 'payment_status'])
      .where('schema_name', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(plan.json.data).toMatchObject({
      plan: { id: row.plan_id },
      quantity: row.plan_quantity,
      equipmentLimit: 1000,
      paymentStatus: row.payment_status,
      subscription: { status: 'active' },
    });
    const rows = await rest<{ items: { bill: { status: string } | null }[] }>(
      'GET',
      '/web/billing/my-plan/rows/',
      {
        token: group,
      },
    );
    // The seed's three paid bills; other files of the run may add a bill to the shared demo group
    // (a plan change, a tag order) while this runs, so the rest are not assumed paid.
    expect(rows.json.data!.items.filter((r) => r.bill?.status === 'paid').length).toBeGreaterThanOrEqual(3);
  });

  it('only the provider admin edits a plan', async () => {
    const body = {
      name: 'Premium',
      description: 'Até 500 equipamentos',
      priceCents: 104900,
      equipmentLimit: 500,
      unitCents: null,
      active: true,
    };
    expect((await rest('PUT', '/web/billing/plans/3/', { token: a.token, body })).status).toBe(403);
    const provider = await loginAs(DEMO.admin);
    const r = await rest<{ id: number; description: string }>('PUT', '/web/billing/plans/3/', {
      token: provider,
      body,
    });
    expect(r.json.data).toMatchObject({ id: 3, description: 'Até 500 equipamentos' });
  });
});
