import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { BILLING_PROVIDER_REQUIRED, loadConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { setBillingProvider } from '../../../src/server/domains/billing/provider.ts';
import { SandboxProvider } from '../../../src/server/domains/billing/providers/sandbox.ts';
import { recomputeGroupPaymentStatus } from '../../../src/server/domains/billing/state.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { registration, startMailServer, tokenFromMail } from '../account/support.ts';
import { waitFor } from '../qr/helpers.ts';

/*
 * Issue 17, the sandbox end to end at the API level: a sign-up with plan 1 is activated, the
 * group's customer, subscription and first bill exist, the bill page shows the amount and status,
 * "Simular falha" leaves it pending, "Pagar" (the page's own POST) pays it and the group's status
 * is OK; a bill past due makes the group PENDING until it is paid. The pay goes the provider's way
 * (the sandbox fires bill_paid; the worker re-reads and applies it), so this file runs a worker.
 */
const worker = startWorker({ concurrency: 2 });
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
  await worker.close();
  await closeQueue();
});

let ipSeq = 0;
const ip = () => `10.71.${Math.floor(Math.random() * 200)}.${ipSeq++ % 250}`;

/** Signs up with `overrides`, activates from the mail's link and answers the new session. */
async function signUpAndActivate(overrides: Record<string, unknown>) {
  const body = registration(overrides);
  const r = await rest('POST', '/web/users/register/', { body, ip: ip() });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const { token: emailToken } = tokenFromMail(await mail.waitFor(body.email), '/active-environment');
  const a = await rest<string>('POST', '/web/users/active-environment/', {
    headers: { EmailToken: emailToken },
    ip: ip(),
  });
  expect(a.status, JSON.stringify(a.json)).toBe(200);
  const token = a.json.data!;
  const me = await rest<{ companyGroupId: number }>('GET', '/web/logged-user/', { token });
  return { token, groupId: me.json.data!.companyGroupId, email: body.email };
}

const billStatus = async (providerId: string) =>
  (
    await coreDb()
      .selectFrom('billing_bills')
      .select('status')
      .where('provider_id', '=', providerId)
      .executeTakeFirst()
  )?.status;

const groupStatus = async (groupId: number) =>
  (
    await coreDb()
      .selectFrom('company_groups')
      .select('payment_status')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow()
  ).payment_status;

const pagePath = (url: string) => new URL(url).pathname;
const billIdOf = (url: string) => pagePath(url).split('/').pop()!;
/** The signed link's path and query (what the browser opens). */
const linkPath = (url: string) => `${pagePath(url)}${new URL(url).search}`;
/** The page's form action for `kind`, keeping the link's signature (as the page's own form does). */
const actionPath = (url: string, kind: 'pay' | 'fail') => `${pagePath(url)}/${kind}${new URL(url).search}`;
/** The address the database keeps (unsigned). */
const plainUrl = (url: string) => url.replace(/\?.*$/, '');
const SIGNED = /\/billing\/sandbox\/bills\/[A-Za-z0-9_-]{20,}\?exp=\d+&sig=[\w-]{43}$/;

describe('sandbox: sign-up with a paid plan → activation → bill → pay', () => {
  it('creates the customer, the subscription and its first bill, whose page pays it', async () => {
    const { token, groupId } = await signUpAndActivate({ selectedPlanId: '1', equipmentQtt: '' });
    // The activation started the subscription after answering; the UI's call answers the same one.
    await pendingAfterAnswer();
    const start = await rest<{
      subscription: { id: number; planId: number; amountCents: number; status: string };
      billUrl: string;
    }>('POST', '/web/billing/subscription/start/', { token });
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    const { subscription, billUrl } = start.json.data!;
    expect(subscription).toMatchObject({ planId: 1, amountCents: 35900, status: 'active' });
    expect(billUrl).toMatch(SIGNED);
    // Asked twice, one subscription and one bill.
    const again = await rest<{ subscription: { id: number }; billUrl: string }>(
      'POST',
      '/web/billing/subscription/start/',
      { token },
    );
    expect(again.json.data!.subscription.id).toBe(subscription.id);
    expect(plainUrl(again.json.data!.billUrl)).toBe(plainUrl(billUrl));
    const subs = await coreDb()
      .selectFrom('billing_subscriptions')
      .select(['id', 'status', 'provider_id'])
      .where('company_group_id', '=', groupId)
      .execute();
    expect(subs).toHaveLength(1);
    const bills = await coreDb()
      .selectFrom('billing_bills')
      .select(['status', 'amount_cents', 'url'])
      .where('company_group_id', '=', groupId)
      .execute();
    expect(bills).toEqual([{ status: 'pending', amount_cents: 35900, url: plainUrl(billUrl) }]);

    const me = await rest<{ vindi_id: string | null; subscription_id: number | null; paymentStatus: string }>(
      'GET',
      '/web/logged-user/',
      { token },
    );
    expect(me.json.data).toMatchObject({ subscription_id: subscription.id, paymentStatus: 'OK' });
    expect(me.json.data!.vindi_id).toMatch(/^cus_/);

    // The bill page: amount in BRL, status, both buttons, no script, the strict CSP.
    const page = await rest('GET', linkPath(billUrl));
    expect(page.status).toBe(200);
    const html = await page.res.text();
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(html).toContain('R$ 359,00');
    expect(html).toContain('PENDENTE');
    expect(html).toContain('>Pagar</button>');
    expect(html).toContain('>Simular falha</button>');
    // The forms keep the link's signature.
    expect(html).toContain(`action="${actionPath(billUrl, 'pay').replace(/&/g, '&amp;')}"`);
    expect(html).not.toMatch(/<script/i);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/form-action 'self'/);
    expect(page.headers.get('Content-Security-Policy')).toMatch(/script-src 'self'/);

    // "Simular falha": the charge is rejected, the bill stays pending.
    const fail = await rest('POST', actionPath(billUrl, 'fail'));
    expect(fail.status).toBe(303);
    expect(fail.headers.get('Location')).toBe(
      `${pagePath(billUrl)}?result=failed&${new URL(billUrl).search.slice(1)}`,
    );
    expect(await billStatus(billIdOf(billUrl))).toBe('pending');

    // "Pagar": paid, the group OK; the seed's bill call reads it.
    const pay = await rest('POST', actionPath(billUrl, 'pay'));
    expect(pay.status).toBe(303);
    await waitFor(async () => ((await billStatus(billIdOf(billUrl))) === 'paid' ? true : undefined));
    expect(await groupStatus(groupId)).toBe('OK');
    const seedBill = await rest<{ bills: { status: string; amount: string; url: string }[] }>(
      'GET',
      `/web/company-groups/bill/${subscription.id}`,
      { token },
    );
    expect(seedBill.status).toBe(200);
    expect(seedBill.json.data!.bills[0]).toMatchObject({ status: 'paid', amount: '359.00' });
    expect(seedBill.json.data!.bills[0]!.url).toMatch(SIGNED);
    expect(plainUrl(seedBill.json.data!.bills[0]!.url)).toBe(plainUrl(billUrl));
    const paidPage = await (await rest('GET', `${linkPath(billUrl)}&result=paid`)).res.text();
    expect(paidPage).toContain('PAGA');
    expect(paidPage).not.toContain('>Pagar</button>');
    // Paying again changes nothing.
    expect((await rest('POST', actionPath(billUrl, 'pay'))).status).toBe(303);
  });

  it('a bill past due makes the group PENDING; paying it makes it OK again', async () => {
    const { token, groupId } = await signUpAndActivate({ selectedPlanId: '4', equipmentQtt: '60' });
    await pendingAfterAnswer();
    const start = await rest<{
      subscription: { id: number; amountCents: number; quantity: number };
      billUrl: string;
    }>('POST', '/web/billing/subscription/start/', { token });
    expect(start.json.data!.subscription).toMatchObject({ quantity: 60, amountCents: 60 * 99 });
    const billUrl = start.json.data!.billUrl;
    const id = billIdOf(billUrl);
    // Two days past its due date (the provider's copy too, so a re-read agrees).
    const due = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await coreDb().updateTable('billing_bills').set({ due_at: due }).where('provider_id', '=', id).execute();
    await coreDb().updateTable('sandbox_bills').set({ due_at: due }).where('id', '=', id).execute();
    expect(await recomputeGroupPaymentStatus(groupId)).toBe('PENDING');
    const status = await rest<{ paymentStatus: string }>(
      'GET',
      `/web/company-groups/company-group-status/${groupId}`,
      { token },
    );
    expect(status.json.data).toEqual({ companyGroupId: groupId, paymentStatus: 'PENDING' });
    const plan = await rest<{ openBill: { url: string } | null; paymentStatus: string }>(
      'GET',
      '/web/billing/my-plan/',
      {
        token,
      },
    );
    expect(plan.json.data).toMatchObject({ paymentStatus: 'PENDING' });
    expect(plainUrl(plan.json.data!.openBill!.url)).toBe(plainUrl(billUrl));

    expect((await rest('POST', actionPath(billUrl, 'pay'))).status).toBe(303);
    await waitFor(async () => ((await groupStatus(groupId)) === 'OK' ? true : undefined));
    expect(await billStatus(id)).toBe('paid');
  });

  it('a sign-up with the free plan (or none) gets no subscription', async () => {
    const { token, groupId } = await signUpAndActivate({ selectedPlanId: '5', equipmentQtt: '' });
    await pendingAfterAnswer();
    const start = await rest('POST', '/web/billing/subscription/start/', { token });
    expect(start.json.data).toEqual({ subscription: null, billUrl: null });
    const group = await coreDb()
      .selectFrom('company_groups')
      .select(['plan_id', 'subscription_id'])
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect(group).toEqual({ plan_id: 5, subscription_id: null });
  });

  it('a provider failure never loses the activation: billing.startSubscription retries on the same row, once', async () => {
    class DownProvider extends SandboxProvider {
      override async createSubscription(): Promise<never> {
        throw new Error('connect ECONNREFUSED');
      }
    }
    setBillingProvider(new DownProvider());
    let session: Awaited<ReturnType<typeof signUpAndActivate>>;
    try {
      session = await signUpAndActivate({ selectedPlanId: '2', equipmentQtt: '' });
      await pendingAfterAnswer();
      const failed = await rest('POST', '/web/billing/subscription/start/', { token: session.token });
      expect(failed.status).toBe(503);
      expect(failed.json.error?.code).toBe('BILLING_PROVIDER_UNAVAILABLE');
    } finally {
      setBillingProvider(undefined);
    }
    const { token, groupId } = session;
    const pending = await coreDb()
      .selectFrom('billing_subscriptions')
      .select(['id', 'status', 'provider_id'])
      .where('company_group_id', '=', groupId)
      .execute();
    expect(pending).toEqual([{ id: expect.any(Number), status: 'pending', provider_id: null }]);
    // Three clicks at once: one subscription (the row of the failed attempt), one bill.
    const starts = await Promise.all(
      [1, 2, 3].map(() =>
        rest<{ subscription: { id: number; planId: number }; billUrl: string }>(
          'POST',
          '/web/billing/subscription/start/',
          { token },
        ),
      ),
    );
    for (const r of starts) {
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.data!.subscription).toMatchObject({ id: pending[0]!.id, planId: 2 });
    }
    expect(new Set(starts.map((r) => plainUrl(r.json.data!.billUrl))).size).toBe(1);
    const bills = await coreDb()
      .selectFrom('billing_bills')
      .select(['amount_cents'])
      .where('company_group_id', '=', groupId)
      .execute();
    expect(bills).toEqual([{ amount_cents: 52900 }]);
  });
});

describe("issue 26 item 3: the sandbox pay page belongs to the bill's group", () => {
  const sandboxStatus = async (id: string) =>
    (
      await coreDb()
        .selectFrom('sandbox_bills')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('an anonymous POST to pay or fail is 401 and leaves the bill pending; so is a forged or expired signature', async () => {
    const { token } = await signUpAndActivate({ selectedPlanId: '3', equipmentQtt: '' });
    await pendingAfterAnswer();
    const start = await rest<{ billUrl: string }>('POST', '/web/billing/subscription/start/', { token });
    const billUrl = start.json.data!.billUrl;
    expect(billUrl).toMatch(SIGNED);
    const id = billIdOf(billUrl);
    const path = pagePath(billUrl);
    const exp = new URL(billUrl).searchParams.get('exp')!;
    const sig = new URL(billUrl).searchParams.get('sig')!;
    const forged = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const past = String(Math.floor(Date.now() / 1000) - 60);
    for (const url of [
      `${path}/pay`,
      `${path}/fail`,
      `${path}/pay?exp=${exp}&sig=${forged}`,
      `${path}/pay?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${path}/pay?exp=${past}&sig=${sig}`,
    ]) {
      const r = await rest('POST', url);
      expect([url, r.status]).toEqual([url, 401]);
      expect(await r.res.text()).not.toContain('sandbox-pay');
    }
    // The page itself too: without the signature nothing of the bill is shown.
    const page = await rest('GET', path);
    expect(page.status).toBe(401);
    expect(await page.res.text()).not.toContain('R$');
    expect(await sandboxStatus(id)).toBe('pending');
    expect(await billStatus(id)).toBe('pending');
  });

  it("another group's session is 404 and changes nothing; the bill group's own session pays it", async () => {
    const { token, groupId } = await signUpAndActivate({ selectedPlanId: '1', equipmentQtt: '' });
    await pendingAfterAnswer();
    const start = await rest<{ billUrl: string }>('POST', '/web/billing/subscription/start/', { token });
    const billUrl = start.json.data!.billUrl;
    const id = billIdOf(billUrl);
    const path = pagePath(billUrl);
    const other = await loginAs(DEMO.groupAdmin);
    for (const kind of ['pay', 'fail'] as const) {
      const r = await rest('POST', `${path}/${kind}`, { token: other });
      expect([kind, r.status]).toEqual([kind, 404]);
    }
    expect((await rest('GET', path, { token: other })).status).toBe(404);
    expect(await sandboxStatus(id)).toBe('pending');
    expect(await billStatus(id)).toBe('pending');

    // The bill's own group, signed in, without a signed link.
    const own = await rest('GET', path, { token });
    expect(own.status).toBe(200);
    expect(await own.res.text()).toContain('R$ 359,00');
    const pay = await rest('POST', `${path}/pay`, { token });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('Location')).toBe(`${path}?result=paid`);
    expect(await sandboxStatus(id)).toBe('paid');
    await waitFor(async () => ((await billStatus(id)) === 'paid' ? true : undefined));
    expect(await groupStatus(groupId)).toBe('OK');
  });

  it('production start-up refuses without an explicit BILLING_PROVIDER, naming the variable', () => {
    const env = { APP_SECRET: 'V9x!q2Lr8#tZm4Wp7Yc1Kd6Hs3Jf0Gb5' };
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).toThrow(BILLING_PROVIDER_REQUIRED);
    expect(BILLING_PROVIDER_REQUIRED).toMatch(/^BILLING_PROVIDER: set BILLING_PROVIDER=vindi/);
    expect(loadConfig({ ...env, NODE_ENV: 'production', BILLING_PROVIDER: 'sandbox' }).BILLING_PROVIDER).toBe(
      'sandbox',
    );
    expect(loadConfig({ ...env, NODE_ENV: 'production', BILLING_PROVIDER: 'vindi' }).BILLING_PROVIDER).toBe(
      'vindi',
    );
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).BILLING_PROVIDER).toBe('sandbox');
  });
});

describe('issue 26 item 18: /my-plan offers one Cancelar / Reativar per subscription', () => {
  type Row = {
    id: number;
    status: string;
    current: boolean;
    bill: { id: number; status: string; url: string | null } | null;
  };
  const rows = async (token: string) => {
    const r = await rest<{ items: Row[] }>('GET', '/web/billing/my-plan/rows/?size=100', { token });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data!.items;
  };

  it("only the subscription's newest bill row is its current row; the row options follow it", async () => {
    const { rowOptions } = await import('../../../src/client/features/billing/row-options.ts');
    const { token } = await signUpAndActivate({ selectedPlanId: '1', equipmentQtt: '' });
    await pendingAfterAnswer();
    const start = await rest<{ subscription: { id: number } }>('POST', '/web/billing/subscription/start/', {
      token,
    });
    const id = start.json.data!.subscription.id;
    // Cancel and reactivate: the subscription now has two bills (the canceled one and the new one).
    expect((await rest('DELETE', `/web/company-groups/subscription/${id}/`, { token })).status).toBe(200);
    const canceled = await rows(token);
    expect(canceled.map((r) => [r.status, r.current])).toEqual([['canceled', true]]);
    expect(canceled.map(rowOptions)).toEqual([{ view: false, cancel: false, reactivate: true }]);
    expect((await rest('POST', `/web/company-groups/subscription/${id}/reactivate/`, { token })).status).toBe(
      200,
    );
    const two = await rows(token);
    expect(two.map((r) => [r.id, r.status, r.bill?.status, r.current])).toEqual([
      [id, 'active', 'pending', true],
      [id, 'active', 'canceled', false],
    ]);
    // One Cancelar for the subscription, on its current row; each bill keeps its own Visualizar.
    expect(two.map(rowOptions)).toEqual([
      { view: true, cancel: true, reactivate: false },
      { view: true, cancel: false, reactivate: false },
    ]);
  });
});

describe('issue 26 item 12: changing plan mid-cycle credits the unused part of the paid period', () => {
  const spDay = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(d);
  const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

  it("the quote and the new plan's first bill are the new price less the unused days of the paid one, in cents", async () => {
    const { token, groupId } = await signUpAndActivate({ selectedPlanId: '1', equipmentQtt: '' });
    await pendingAfterAnswer();
    const start = await rest<{ subscription: { id: number }; billUrl: string }>(
      'POST',
      '/web/billing/subscription/start/',
      { token },
    );
    const { subscription, billUrl } = start.json.data!;
    expect((await rest('POST', actionPath(billUrl, 'pay'))).status).toBe(303);
    await waitFor(async () => ((await billStatus(billIdOf(billUrl))) === 'paid' ? true : undefined));
    // Mid-cycle: the paid month ends in 10 days.
    const next = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await coreDb()
      .updateTable('billing_subscriptions')
      .set({ next_billing_at: next })
      .where('id', '=', subscription.id)
      .execute();
    const periodStart = new Date(next);
    periodStart.setUTCMonth(periodStart.getUTCMonth() - 1);
    const periodDays = (dayMs(spDay(next)) - dayMs(spDay(periodStart))) / 86_400_000;
    const unusedDays = (dayMs(spDay(next)) - dayMs(spDay(new Date()))) / 86_400_000;
    expect(unusedDays).toBe(10);
    const credit = Math.floor((35900 * unusedDays) / periodDays);

    // Before confirming: the quote (what the dialog shows).
    const quote = await rest('GET', '/web/billing/change-quote/?planId=2', { token });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json.data).toEqual({
      newPriceCents: 52900,
      creditCents: credit,
      firstBillCents: 52900 - credit,
      unusedDays: 10,
      periodDays,
    });

    // The change: the old subscription canceled, the new one's first bill is the quoted amount.
    const change = await rest<{ subscription: { id: number; planId: number } }>(
      'PUT',
      `/web/company-groups/subscription/${subscription.id}/`,
      { token, body: { planId: 2 } },
    );
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    const newId = change.json.data!.subscription.id;
    expect(newId).not.toBe(subscription.id);
    const bills = await coreDb()
      .selectFrom('billing_bills')
      .select(['subscription_id', 'status', 'amount_cents'])
      .where('company_group_id', '=', groupId)
      .orderBy('id')
      .execute();
    expect(bills).toEqual([
      { subscription_id: subscription.id, status: 'paid', amount_cents: 35900 },
      { subscription_id: newId, status: 'pending', amount_cents: 52900 - credit },
    ]);
    // The provider's own bill says the same.
    const newBill = await rest<{ bills: { amount: string }[] }>('GET', `/web/company-groups/bill/${newId}`, {
      token,
    });
    expect(newBill.json.data!.bills[0]!.amount).toBe(((52900 - credit) / 100).toFixed(2));
    // No paid period left on a subscription whose bill is unpaid: the next change gets no credit.
    const again = await rest('GET', '/web/billing/change-quote/?planId=3', { token });
    expect(again.json.data).toEqual({
      newPriceCents: 104900,
      creditCents: 0,
      firstBillCents: 104900,
      unusedDays: 0,
      periodDays: 0,
    });
  });
});
