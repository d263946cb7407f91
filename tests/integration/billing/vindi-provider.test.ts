/**
 * The Vindi provider against a local fake of Vindi's API v1 (node:http on port 0): HTTP Basic with
 * the key, the JSON bodies it sends, the 429 it retries after `Retry-After`, a 422's messages, and
 * the decimal strings that become integer cents.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VindiProvider } from '../../../src/server/domains/billing/providers/vindi.ts';
import { centsToDecimal, decimalToCents } from '../../../src/server/domains/billing/providers/vindi-money.ts';
import { AppError } from '../../../src/server/errors.ts';

const API_KEY = 'test-private-key_123';
const BASIC = `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`;

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | undefined;
  contentType: string | undefined;
  body: unknown;
  at: number;
}

type Handler = (req: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = (_req, res) =>
  json(res, 404, { errors: [{ id: 'not_found', message: 'não encontrado' }] });

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const s: Seen = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      auth: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readBody(req),
      at: Date.now(),
    };
    seen.push(s);
    // Vindi refuses a request without the key's Basic credentials.
    if (s.auth !== BASIC)
      return json(res, 401, { errors: [{ id: 'unauthorized', message: 'chave inválida' }] });
    handler(s, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen = [];
});

const provider = (opts: Partial<ConstructorParameters<typeof VindiProvider>[0]> = {}) =>
  new VindiProvider({ apiKey: API_KEY, baseUrl, timeoutMs: 3000, ...opts });

const vindiBill = (over: Record<string, unknown> = {}) => ({
  id: 480,
  code: 'tag-order-7',
  amount: '359.0',
  installments: 1,
  status: 'pending',
  due_at: '2030-09-08T23:59:59.000-03:00',
  url: 'https://sandbox-app.vindi.com.br/customer/bills/480?token=abc',
  created_at: '2030-09-05T17:12:24.000-03:00',
  updated_at: '2030-09-05T17:12:25.000-03:00',
  bill_items: [],
  charges: [],
  customer: { id: 2, name: 'Grupo', email: 'g@example.test', code: 'group-12' },
  subscription: null,
  ...over,
});

const vindiSubscription = (over: Record<string, unknown> = {}) => ({
  id: 73,
  status: 'active',
  start_at: '2030-09-05T00:00:00.000-03:00',
  next_billing_at: '2030-10-05T00:00:00.000-03:00',
  code: 'group-12-sub-3',
  interval: 'months',
  created_at: '2030-09-05T11:33:34.167-03:00',
  updated_at: '2030-09-05T11:33:35.000-03:00',
  customer: { id: 2, name: 'Grupo', email: 'g@example.test', code: 'group-12' },
  plan: { id: 15, name: 'Start', code: 'plan-1' },
  product_items: [],
  ...over,
});

describe('Vindi provider (fake Vindi API)', () => {
  it('creates a customer with HTTP Basic (key as user, empty password) and the JSON body Vindi takes', async () => {
    handler = (req, res) => {
      if (req.method === 'GET' && req.path === '/api/v1/customers') return json(res, 200, { customers: [] });
      if (req.method === 'POST' && req.path === '/api/v1/customers')
        return json(res, 201, { customer: { id: 991, code: 'group-12' } });
      json(res, 404, {});
    };
    const c = await provider().createCustomer({
      name: 'Grupo Exemplo',
      email: 'admin@example.test',
      code: 'group-12',
      registryCode: '11222333000181',
    });
    expect(c).toEqual({ providerId: '991' });
    expect(seen.map((s) => [s.method, s.path])).toEqual([
      ['GET', '/api/v1/customers'],
      ['POST', '/api/v1/customers'],
    ]);
    for (const s of seen) expect(s.auth).toBe(BASIC);
    // Found by our code with Vindi's equality operator before creating one.
    expect(seen[0]!.query.get('query')).toBe('code=group-12');
    expect(seen[1]!.contentType).toMatch(/^application\/json/);
    expect(seen[1]!.body).toEqual({
      name: 'Grupo Exemplo',
      email: 'admin@example.test',
      code: 'group-12',
      registry_code: '11222333000181',
    });
  });

  it('finds an existing customer by its exact code instead of creating a twin', async () => {
    handler = (req, res) => {
      if (req.method === 'GET' && req.path === '/api/v1/customers')
        return json(res, 200, {
          customers: [
            { id: 5, code: 'GROUP-12' },
            { id: 6, code: 'group-12' },
          ],
        });
      json(res, 500, {});
    };
    expect(await provider().createCustomer({ name: 'G', email: 'g@example.test', code: 'group-12' })).toEqual(
      {
        providerId: '6',
      },
    );
    expect(seen.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('ensures plans and products by code: found ones are reused, missing ones created monthly / per unit', async () => {
    handler = (req, res) => {
      if (req.method === 'GET' && req.path === '/api/v1/plans')
        return json(res, 200, { plans: [{ id: 15, code: 'plan-1' }] });
      if (req.method === 'GET' && req.path === '/api/v1/products') return json(res, 200, { products: [] });
      if (req.method === 'POST' && req.path === '/api/v1/products')
        return json(res, 201, { product: { id: 26, code: 'custom-plan-unit' } });
      json(res, 404, {});
    };
    const p = provider();
    expect(await p.ensurePlan({ code: 'plan-1', name: 'Start' })).toBe('15');
    expect(await p.ensureProduct({ code: 'custom-plan-unit', name: 'Equipamento', unitCents: 99 })).toBe(
      '26',
    );
    const post = seen.find((s) => s.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Equipamento',
      code: 'custom-plan-unit',
      status: 'active',
      pricing_schema: { price: '0.99', schema_type: 'per_unit' },
    });

    seen = [];
    handler = (req, res) => {
      if (req.method === 'GET') return json(res, 200, { plans: [] });
      return json(res, 201, { plan: { id: 16, code: 'plan-2' } });
    };
    expect(await p.ensurePlan({ code: 'plan-2', name: 'Standard' })).toBe('16');
    expect(seen[1]!.body).toMatchObject({
      name: 'Standard',
      code: 'plan-2',
      interval: 'months',
      interval_count: 1,
      billing_trigger_type: 'beginning_of_period',
    });
  });

  it('creates a subscription with product_items and maps the subscription and its first bill', async () => {
    handler = (req, res) => {
      if (req.method === 'POST' && req.path === '/api/v1/subscriptions')
        return json(res, 201, {
          subscription: vindiSubscription(),
          bill: vindiBill({ id: 453, code: null, amount: '49.5', subscription: null }),
        });
      json(res, 404, {});
    };
    const r = await provider().createSubscription({
      customerId: '2',
      planId: '15',
      paymentMethodCode: 'bank_slip',
      items: [{ productId: '26', quantity: 50, unitCents: 99 }],
      code: 'group-12-sub-3',
    });
    expect(seen[0]!.body).toEqual({
      plan_id: 15,
      customer_id: 2,
      payment_method_code: 'bank_slip',
      code: 'group-12-sub-3',
      product_items: [
        { product_id: 26, quantity: 50, pricing_schema: { price: '0.99', schema_type: 'per_unit' } },
      ],
    });
    expect(r.subscription).toEqual({
      providerId: '73',
      customerId: '2',
      planId: '15',
      status: 'active',
      createdAt: new Date('2030-09-05T11:33:34.167-03:00'),
      nextBillingAt: new Date('2030-10-05T00:00:00.000-03:00'),
      code: 'group-12-sub-3',
      updatedAt: new Date('2030-09-05T11:33:35.000-03:00'),
    });
    expect(r.bill).toMatchObject({
      providerId: '453',
      subscriptionId: '73',
      amountCents: 4950,
      status: 'pending',
    });
  });

  it('creates a one-off bill with its items and reads bills back with decimal amounts as exact cents', async () => {
    handler = (req, res) => {
      if (req.method === 'POST' && req.path === '/api/v1/bills')
        return json(res, 201, { bill: vindiBill({ id: 500, amount: '1149.99' }) });
      if (req.method === 'GET' && req.path === '/api/v1/bills/500')
        return json(res, 200, { bill: vindiBill({ id: 500, amount: '1049.5', status: 'paid' }) });
      if (req.method === 'GET' && req.path === '/api/v1/bills/501')
        return json(res, 200, { bill: vindiBill({ id: 501, amount: 0.29, subscription: { id: 73 } }) });
      json(res, 404, { errors: [{ id: 'not_found', parameter: 'id', message: 'não encontrado' }] });
    };
    const p = provider();
    const created = await p.createBill({
      customerId: '2',
      paymentMethodCode: 'bank_slip',
      items: [
        { productId: '31', quantity: 1000, unitCents: 115 },
        { productId: '32', quantity: 3 },
      ],
      code: 'tag-order-7',
    });
    expect(seen[0]!.body).toEqual({
      customer_id: 2,
      payment_method_code: 'bank_slip',
      code: 'tag-order-7',
      bill_items: [
        { product_id: 31, amount: '1150.00' },
        { product_id: 32, quantity: 3 },
      ],
    });
    expect(created).toEqual({
      providerId: '500',
      customerId: '2',
      subscriptionId: null,
      status: 'pending',
      amountCents: 114999,
      url: 'https://sandbox-app.vindi.com.br/customer/bills/480?token=abc',
      dueAt: new Date('2030-09-08T23:59:59.000-03:00'),
      createdAt: new Date('2030-09-05T17:12:24.000-03:00'),
      code: 'tag-order-7',
      updatedAt: new Date('2030-09-05T17:12:25.000-03:00'),
    });
    expect(await p.getBill('500')).toMatchObject({ amountCents: 104950, status: 'paid' });
    expect(await p.getBill('501')).toMatchObject({ amountCents: 29, subscriptionId: '73' });
    // A bill Vindi does not have is null, not an error.
    expect(await p.getBill('999')).toBeNull();
  });

  it('cancels (DELETE) and reactivates a subscription and lists its bills newest first', async () => {
    handler = (req, res) => {
      if (req.method === 'DELETE' && req.path === '/api/v1/subscriptions/73')
        return json(res, 200, { subscription: vindiSubscription({ status: 'canceled' }) });
      if (req.method === 'POST' && req.path === '/api/v1/subscriptions/73/reactivate')
        return json(res, 200, { subscription: vindiSubscription({ status: 'active' }) });
      if (req.method === 'GET' && req.path === '/api/v1/bills')
        return json(res, 200, { bills: [vindiBill({ id: 9, subscription: { id: 73 } })] });
      json(res, 404, {});
    };
    const p = provider();
    expect((await p.cancelSubscription('73')).status).toBe('canceled');
    expect((await p.reactivateSubscription('73')).status).toBe('active');
    const bills = await p.listSubscriptionBills('73');
    expect(bills.map((b) => b.providerId)).toEqual(['9']);
    const list = seen.find((s) => s.path === '/api/v1/bills')!;
    expect(list.query.get('query')).toBe('subscription_id=73');
    expect(list.query.get('sort_order')).toBe('desc');
  });

  it('answers 429 once: the call waits Retry-After (1 s) and succeeds on the second request', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls === 1)
        return json(res, 429, { errors: [{ id: 'too_many_requests' }] }, { 'Retry-After': '1' });
      json(res, 200, { subscription: vindiSubscription() }, { 'Rate-Limit-Remaining': '118' });
    };
    const sub = await provider().getSubscription('73');
    expect(sub?.providerId).toBe('73');
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('an exhausted rate window (Rate-Limit-Remaining: 0) holds the next request until Rate-Limit-Reset', async () => {
    const p = provider();
    let reset = 0;
    handler = (_req, res) => {
      reset = Math.ceil(Date.now() / 1000) + 1;
      json(
        res,
        200,
        { subscription: vindiSubscription() },
        { 'Rate-Limit-Remaining': '0', 'Rate-Limit-Reset': String(reset) },
      );
    };
    await p.getSubscription('73');
    const resetAt = reset * 1000;
    handler = (_req, res) => json(res, 200, { subscription: vindiSubscription() });
    await p.getSubscription('73');
    expect(seen[1]!.at).toBeGreaterThanOrEqual(resetAt - 5);
  });

  it('gives up after the attempts with BILLING_PROVIDER_UNAVAILABLE', async () => {
    handler = (_req, res) => json(res, 429, {}, { 'Retry-After': '0' });
    const err = await provider({ maxAttempts: 2 })
      .getBill('1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('BILLING_PROVIDER_UNAVAILABLE');
    expect(seen).toHaveLength(2);
  });

  it("a 422 is BILLING_PROVIDER_REJECTED carrying Vindi's messages", async () => {
    handler = (_req, res) =>
      json(res, 422, {
        errors: [
          { id: 'invalid_parameter', parameter: 'payment_method_code', message: 'não pode ficar em branco' },
        ],
      });
    const err = await provider()
      .createBill({ customerId: '2', paymentMethodCode: 'bank_slip', items: [], code: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('BILLING_PROVIDER_REJECTED');
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).params).toEqual({ reason: 'payment_method_code: não pode ficar em branco' });
  });

  it('a 5xx, a wrong key, an unexpected answer and no answer at all are BILLING_PROVIDER_UNAVAILABLE', async () => {
    handler = (_req, res) => json(res, 502, {});
    await expect(provider().getBill('1')).rejects.toMatchObject({ code: 'BILLING_PROVIDER_UNAVAILABLE' });
    await expect(
      new VindiProvider({ apiKey: 'wrong', baseUrl, timeoutMs: 3000 }).getBill('1'),
    ).rejects.toMatchObject({ code: 'BILLING_PROVIDER_UNAVAILABLE' });
    // Nobody listens on port 9 of the loopback: connection refused.
    await expect(
      new VindiProvider({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9/api/v1', timeoutMs: 3000 }).getBill(
        '1',
      ),
    ).rejects.toMatchObject({ code: 'BILLING_PROVIDER_UNAVAILABLE' });
    // An answer of another shape (here an amount that is not a decimal) is not trusted either.
    handler = (_req, res) => json(res, 200, { bill: vindiBill({ amount: '3,59' }) });
    await expect(provider().getBill('1')).rejects.toMatchObject({ code: 'BILLING_PROVIDER_UNAVAILABLE' });
    // A fake that never answers: the timeout ends the call.
    handler = () => undefined;
    await expect(provider({ timeoutMs: 200 }).getBill('1')).rejects.toMatchObject({
      code: 'BILLING_PROVIDER_UNAVAILABLE',
    });
  });
});

describe('Vindi amounts', () => {
  it('decimal strings become integer cents without float error, and back', () => {
    expect(decimalToCents('359.0')).toBe(35900);
    expect(decimalToCents('1049.5')).toBe(104950);
    expect(decimalToCents('0.99')).toBe(99);
    expect(decimalToCents('1.005')).toBe(101);
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents('1439')).toBe(143900);
    expect(decimalToCents('-3.25')).toBe(-325);
    expect(() => decimalToCents('1,00')).toThrow();
    expect(centsToDecimal(99)).toBe('0.99');
    expect(centsToDecimal(104900)).toBe('1049.00');
    expect(centsToDecimal(5)).toBe('0.05');
    for (let c = 0; c < 5000; c += 7) expect(decimalToCents(centsToDecimal(c))).toBe(c);
  });
});
