/**
 * Vindi's REST API v1 behind `BillingProvider` (issue 17; billing-integration).
 *
 * - HTTP Basic with the private API key as the user and an empty password; JSON both ways; the
 *   base URL from VINDI_API_URL (sandbox or production). Only the server calls it.
 * - The API allows 120 requests a minute. A 429 is retried after its `Retry-After` (seconds or an
 *   HTTP date; `Rate-Limit-Reset` when absent), capped, a few times; and when an answer says
 *   `Rate-Limit-Remaining: 0` the next request of this process waits for `Rate-Limit-Reset` first.
 * - Every request has a timeout. No answer, a timeout, a 5xx, an exhausted 429 or a refused key
 *   is BILLING_PROVIDER_UNAVAILABLE (503); a 422 (Vindi's `{ errors: [{ id, parameter, message }] }`)
 *   is BILLING_PROVIDER_REJECTED with Vindi's messages; a 404 on a read is `null`.
 * - Amounts come as decimal strings ("359.0") and become integer cents on the digits
 *   (`vindi-money.ts`); prices go out as "0.99".
 * - Look-ups by our reference use the `code=` equality query (Vindi's `code:` "contains" operator
 *   is not supported on `code`).
 */
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import { describeIssues } from '../../../jobs/define.ts';
import { log } from '../../../logger.ts';
import type {
  BillingProvider,
  BillItem,
  PaymentMethodCode,
  ProviderBill,
  ProviderCustomer,
  ProviderSubscription,
} from '../provider.ts';
import { centsToDecimal, decimalToCents } from './vindi-money.ts';

export interface VindiOptions {
  apiKey: string;
  /** e.g. `https://sandbox-app.vindi.com.br/api/v1` */
  baseUrl: string;
  /** per request (default 15 s) */
  timeoutMs?: number;
  /** tries of one request when Vindi answers 429 (default 3) */
  maxAttempts?: number;
  /** the longest wait for a 429 or an exhausted window, in seconds (default 60) */
  maxWaitSeconds?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_MAX_WAIT_SECONDS = 60;
/** Vindi's largest page. */
const PER_PAGE = 50;
/** How many pages of a subscription's bills `listSubscriptionBills` reads at most. */
const MAX_BILL_PAGES = 10;

// ---- Vindi's answers (only the fields we read; ids are numbers there, strings here) ----

const vindiId = z.union([z.number().int(), z.string().min(1)]).transform(String);
const ref = z.object({ id: vindiId }).passthrough();
/** A decimal amount ("359.0" or 359): refused here, not later as a 500, when it is not one. */
const amount = z.union([z.string(), z.number()]).refine((v) => {
  try {
    decimalToCents(v);
    return true;
  } catch {
    return false;
  }
}, 'a decimal amount');
const date = z.string().min(1);

const vindiBill = z
  .object({
    id: vindiId,
    code: z.string().nullish(),
    amount,
    status: z.string(),
    url: z.string().nullish(),
    due_at: date.nullish(),
    created_at: date,
    updated_at: date.nullish(),
    customer: ref.nullish(),
    subscription: ref.nullish(),
    charges: z.array(z.object({ due_at: date.nullish() }).passthrough()).nullish(),
  })
  .passthrough();

const vindiSubscription = z
  .object({
    id: vindiId,
    code: z.string().nullish(),
    status: z.string(),
    created_at: date,
    updated_at: date.nullish(),
    next_billing_at: date.nullish(),
    customer: ref,
    plan: ref,
  })
  .passthrough();

const vindiErrors = z.object({
  errors: z
    .array(
      z
        .object({ id: z.string().nullish(), parameter: z.string().nullish(), message: z.string().nullish() })
        .passthrough(),
    )
    .default([]),
});

export type VindiBill = z.infer<typeof vindiBill>;
export type VindiSubscription = z.infer<typeof vindiSubscription>;

export function toProviderBill(b: VindiBill): ProviderBill {
  const due = b.due_at ?? b.charges?.find((c) => c.due_at)?.due_at ?? null;
  return {
    providerId: b.id,
    customerId: b.customer?.id ?? '',
    subscriptionId: b.subscription?.id ?? null,
    status: b.status,
    amountCents: decimalToCents(b.amount),
    url: b.url ?? null,
    dueAt: due ? new Date(due) : null,
    createdAt: new Date(b.created_at),
    code: b.code ?? null,
    updatedAt: b.updated_at ? new Date(b.updated_at) : null,
  };
}

export function toProviderSubscription(s: VindiSubscription): ProviderSubscription {
  return {
    providerId: s.id,
    customerId: s.customer.id,
    planId: s.plan.id,
    status: s.status,
    createdAt: new Date(s.created_at),
    nextBillingAt: s.next_billing_at ? new Date(s.next_billing_at) : null,
    code: s.code ?? null,
    updatedAt: s.updated_at ? new Date(s.updated_at) : null,
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date; undefined when absent or bad. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const t = header.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const at = Date.parse(t);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class VindiProvider implements BillingProvider {
  readonly name = 'vindi' as const;
  private readonly base: string;
  private readonly auth: string;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly maxWaitMs: number;
  /** No request of this provider starts before this instant (an exhausted rate window). */
  private notBefore = 0;

  constructor(readonly options: VindiOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.maxWaitMs = (options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS) * 1000;
  }

  // ---- plans and products ----

  async ensurePlan(input: { code: string; name: string }): Promise<string> {
    const found = await this.findIdByCode('plans', input.code);
    if (found) return found;
    const r = await this.request('POST', '/plans', {
      name: input.name,
      code: input.code,
      interval: 'months',
      interval_count: 1,
      billing_trigger_type: 'beginning_of_period',
      billing_trigger_day: 0,
      billing_cycles: null,
      status: 'active',
    });
    return answer(z.object({ plan: ref }), r).plan.id;
  }

  async ensureProduct(input: { code: string; name: string; unitCents: number }): Promise<string> {
    const found = await this.findIdByCode('products', input.code);
    if (found) return found;
    const r = await this.request('POST', '/products', {
      name: input.name,
      code: input.code,
      status: 'active',
      pricing_schema: { price: centsToDecimal(input.unitCents), schema_type: 'per_unit' },
    });
    return answer(z.object({ product: ref }), r).product.id;
  }

  // ---- customers ----

  async createCustomer(input: {
    name: string;
    email: string;
    code: string;
    registryCode?: string | null;
  }): Promise<ProviderCustomer> {
    // Our code is the group: a retry after a lost answer finds the customer instead of a twin.
    const found = await this.findIdByCode('customers', input.code);
    if (found) return { providerId: found };
    const r = await this.request('POST', '/customers', {
      name: input.name,
      email: input.email,
      code: input.code,
      ...(input.registryCode ? { registry_code: input.registryCode } : {}),
    });
    return { providerId: answer(z.object({ customer: ref }), r).customer.id };
  }

  // ---- subscriptions ----

  async createSubscription(input: {
    customerId: string;
    planId: string;
    paymentMethodCode: PaymentMethodCode;
    items: BillItem[];
    code: string;
    firstBillDiscountCents?: number;
  }): Promise<{ subscription: ProviderSubscription; bill: ProviderBill | null }> {
    const discount = input.firstBillDiscountCents ?? 0;
    const r = await this.request('POST', '/subscriptions', {
      plan_id: numericId(input.planId),
      customer_id: numericId(input.customerId),
      payment_method_code: input.paymentMethodCode,
      code: input.code,
      product_items: input.items.map((i, n) => ({
        product_id: numericId(i.productId),
        quantity: i.quantity,
        ...(i.unitCents !== undefined
          ? { pricing_schema: { price: centsToDecimal(i.unitCents), schema_type: 'per_unit' } }
          : {}),
        // A plan change's credit: an amount off the first cycle only, on the first item.
        ...(n === 0 && discount > 0
          ? { discounts: [{ discount_type: 'amount', amount: centsToDecimal(discount), cycles: 1 }] }
          : {}),
      })),
    });
    const parsed = answer(z.object({ subscription: vindiSubscription, bill: vindiBill.nullish() }), r);
    const subscription = toProviderSubscription(parsed.subscription);
    // The bill of a new subscription names the subscription only by its period on some answers.
    const bill = parsed.bill
      ? {
          ...toProviderBill(parsed.bill),
          subscriptionId: subscription.providerId,
          customerId: input.customerId,
        }
      : null;
    return { subscription, bill };
  }

  async getSubscription(providerId: string): Promise<ProviderSubscription | null> {
    const r = await this.readOrNull(`/subscriptions/${encodeId(providerId)}`);
    return r
      ? toProviderSubscription(answer(z.object({ subscription: vindiSubscription }), r).subscription)
      : null;
  }

  async cancelSubscription(providerId: string): Promise<ProviderSubscription> {
    const r = await this.request('DELETE', `/subscriptions/${encodeId(providerId)}`);
    return toProviderSubscription(answer(z.object({ subscription: vindiSubscription }), r).subscription);
  }

  async reactivateSubscription(providerId: string): Promise<ProviderSubscription> {
    const r = await this.request('POST', `/subscriptions/${encodeId(providerId)}/reactivate`, {});
    return toProviderSubscription(answer(z.object({ subscription: vindiSubscription }), r).subscription);
  }

  // ---- bills ----

  async createBill(input: {
    customerId: string;
    paymentMethodCode: PaymentMethodCode;
    items: BillItem[];
    code: string;
  }): Promise<ProviderBill> {
    const r = await this.request('POST', '/bills', {
      customer_id: numericId(input.customerId),
      payment_method_code: input.paymentMethodCode,
      code: input.code,
      // A unit price of ours goes as the item's whole amount; else the product's price × quantity.
      bill_items: input.items.map((i) =>
        i.unitCents !== undefined
          ? { product_id: numericId(i.productId), amount: centsToDecimal(i.unitCents * i.quantity) }
          : { product_id: numericId(i.productId), quantity: i.quantity },
      ),
    });
    return toProviderBill(answer(z.object({ bill: vindiBill }), r).bill);
  }

  async getBill(providerId: string): Promise<ProviderBill | null> {
    const r = await this.readOrNull(`/bills/${encodeId(providerId)}`);
    return r ? toProviderBill(answer(z.object({ bill: vindiBill }), r).bill) : null;
  }

  async listSubscriptionBills(subscriptionId: string): Promise<ProviderBill[]> {
    const out: ProviderBill[] = [];
    for (let page = 1; page <= MAX_BILL_PAGES; page++) {
      const q = new URLSearchParams({
        query: `subscription_id=${subscriptionId}`,
        sort_by: 'created_at',
        sort_order: 'desc',
        per_page: String(PER_PAGE),
        page: String(page),
      });
      const r = await this.request('GET', `/bills?${q}`);
      const bills = answer(z.object({ bills: z.array(vindiBill) }), r).bills;
      out.push(...bills.map(toProviderBill));
      if (bills.length < PER_PAGE) break;
    }
    return out;
  }

  // ---- HTTP ----

  private async findIdByCode(
    resource: 'plans' | 'products' | 'customers',
    code: string,
  ): Promise<string | null> {
    const q = new URLSearchParams({ query: `code=${quoteQueryValue(code)}`, per_page: '1' });
    const r = await this.request('GET', `/${resource}?${q}`);
    const list = answer(z.record(z.string(), z.unknown()), r)[resource];
    const rows = answer(z.array(ref.extend({ code: z.string().nullish() })), list ?? []);
    // Equality in Vindi ignores case and accents: keep only our exact code.
    return rows.find((row) => row.code === code)?.id ?? null;
  }

  /** A read that answers null when Vindi has no such thing (404). */
  private readOrNull(path: string): Promise<unknown | null> {
    return this.request('GET', path, undefined, { notFoundAsNull: true });
  }

  /** One call: waits out an exhausted window, retries 429s, maps failures to our codes. */
  async request(
    method: Method,
    path: string,
    body?: unknown,
    opts: { notFoundAsNull?: boolean } = {},
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      await this.waitForWindow();
      let res: Response;
      try {
        res = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            Authorization: this.auth,
            Accept: 'application/json',
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (e) {
        const timedOut = (e as Error).name === 'TimeoutError';
        log.warn('vindi request failed', {
          method,
          path: pathOnly(path),
          error: timedOut ? 'timeout' : String(e),
        });
        throw unavailable();
      }
      this.noteWindow(res);
      if (res.status === 429) {
        const wait = this.waitAfter429(res);
        await res.body?.cancel().catch(() => undefined);
        if (attempt >= this.maxAttempts || wait === undefined) {
          log.warn('vindi rate limit: giving up', { method, path: pathOnly(path), attempt });
          throw unavailable(Math.ceil((wait ?? this.maxWaitMs) / 1000));
        }
        log.info('vindi rate limit: waiting', { method, path: pathOnly(path), ms: wait, attempt });
        this.notBefore = Math.max(this.notBefore, Date.now() + wait);
        continue;
      }
      let text: string;
      try {
        text = await res.text();
      } catch {
        log.warn('vindi answer cut short', { method, path: pathOnly(path), status: res.status });
        throw unavailable();
      }
      if (res.ok) {
        if (!text) return {};
        try {
          return JSON.parse(text) as unknown;
        } catch {
          log.warn('vindi answered non-JSON', { method, path: pathOnly(path), status: res.status });
          throw unavailable();
        }
      }
      if (res.status === 404 && opts.notFoundAsNull) return null;
      const messages = errorMessages(text);
      if (res.status === 422 || res.status === 400 || res.status === 404) {
        const reason = messages.join('; ') || `HTTP ${res.status}`;
        log.info('vindi refused a request', { method, path: pathOnly(path), status: res.status, reason });
        throw new AppError('BILLING_PROVIDER_REJECTED', { params: { reason } });
      }
      // A refused key is our configuration, not Vindi's outage: said louder.
      const level = res.status === 401 || res.status === 403 ? 'error' : 'warn';
      log[level]('vindi unavailable', { method, path: pathOnly(path), status: res.status });
      throw unavailable();
    }
  }

  private async waitForWindow(): Promise<void> {
    const wait = this.notBefore - Date.now();
    if (wait > 0) await sleep(wait);
  }

  /** `Rate-Limit-Remaining: 0` holds the next request until `Rate-Limit-Reset` (epoch seconds). */
  private noteWindow(res: Response): void {
    const remaining = res.headers.get('Rate-Limit-Remaining');
    const reset = Number(res.headers.get('Rate-Limit-Reset'));
    if (remaining === null || Number(remaining) > 0 || !Number.isFinite(reset) || reset <= 0) return;
    const until = Math.min(reset * 1000, Date.now() + this.maxWaitMs);
    this.notBefore = Math.max(this.notBefore, until);
  }

  /** How long to wait after a 429 (ms, capped), or undefined when it says to wait longer than the cap. */
  private waitAfter429(res: Response): number | undefined {
    const now = Date.now();
    let seconds = retryAfterSeconds(res.headers.get('Retry-After'), now);
    if (seconds === undefined) {
      const reset = Number(res.headers.get('Rate-Limit-Reset'));
      seconds = Number.isFinite(reset) && reset > 0 ? Math.max(0, Math.ceil(reset - now / 1000)) : 1;
    }
    const ms = seconds * 1000;
    return ms > this.maxWaitMs ? undefined : Math.max(ms, 0);
  }
}

/** Vindi's answer in the shape we read, or BILLING_PROVIDER_UNAVAILABLE (logged) when it is not. */
function answer<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  log.warn('vindi answered an unexpected shape', { issues: describeIssues(parsed.error) });
  throw unavailable();
}

function unavailable(retryAfter?: number): AppError {
  return new AppError('BILLING_PROVIDER_UNAVAILABLE', retryAfter ? { retryAfter } : undefined);
}

/** "param: message" of each of Vindi's `errors`, or nothing when the body is not that shape. */
function errorMessages(text: string): string[] {
  try {
    const parsed = vindiErrors.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data.errors
      .map((e) => [e.parameter, e.message ?? e.id].filter(Boolean).join(': '))
      .filter((m) => m.length > 0)
      .map((m) => m.slice(0, 300))
      .slice(0, 10);
  } catch {
    return [];
  }
}

/** Vindi's ids are integers: sent as numbers when they are. */
function numericId(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

function encodeId(id: string): string {
  return encodeURIComponent(id);
}

/** A value for Vindi's `query=` (quoted when it has spaces or quotes). */
function quoteQueryValue(v: string): string {
  return /^[\w.@-]+$/.test(v) ? v : `"${v.replace(/"/g, '')}"`;
}

/** The path without the query string (codes and e-mails stay out of the log). */
function pathOnly(path: string): string {
  return path.split('?')[0] ?? path;
}
