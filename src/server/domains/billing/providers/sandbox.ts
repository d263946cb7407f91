/**
 * The local sandbox provider (the default, BILLING_PROVIDER=sandbox; owned by billing-core, issue
 * 17). It is "the provider" for a machine without a Vindi account: real customers, plans, products,
 * subscriptions and bills in its own core tables (sandbox_*), bills with unguessable ids and a due
 * date (SANDBOX_DUE_DAYS), a bill page of its own (`GET /billing/sandbox/bills/{id}`,
 * ./sandbox-pages.ts) whose "Pagar" and "Simular falha" buttons change the bill, and the same
 * Vindi-shaped webhook events Vindi would send, delivered through `ingestVindiEvent` (the worker
 * then re-reads the bill from here and applies it). It answers like Vindi does: creating a
 * subscription issues its first bill at once; canceling one cancels its pending bills.
 *
 * Creations are idempotent by our `code` (a retried call after a lost answer finds what the first
 * one made), which Vindi offers through its own `code` lookups.
 */
import { randomBytes } from 'node:crypto';
import { centsToDecimal } from '../../../../shared/billing/money.ts';
import { config } from '../../../config.ts';
import { coreDb } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';
import { log } from '../../../logger.ts';
import type {
  BillingProvider,
  BillItem,
  PaymentMethodCode,
  ProviderBill,
  ProviderCustomer,
  ProviderSubscription,
} from '../provider.ts';
import type { SandboxBillTable, SandboxSubscriptionTable } from '../tables.ts';
import type { VindiEventInput } from '../vindi-event.ts';

/** Days from a sandbox bill's issue to its due date (a bank slip's usual few days). */
export const SANDBOX_DUE_DAYS = 3;

type BillRow = Omit<SandboxBillTable, 'items' | 'due_at' | 'paid_at' | 'created_at' | 'updated_at'> & {
  due_at: Date;
  paid_at: Date | null;
  created_at: Date;
  updated_at: Date;
  items: unknown;
};
type SubRow = Omit<SandboxSubscriptionTable, 'items' | 'created_at' | 'updated_at' | 'next_billing_at'> & {
  created_at: Date;
  updated_at: Date;
  next_billing_at: Date | null;
  items: unknown;
};

/** 144 random bits, URL-safe: the bill page's address is all it takes to pay a sandbox bill. */
function unguessableId(): string {
  return randomBytes(18).toString('base64url');
}

function shortId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** The address of a sandbox bill's page. */
export function sandboxBillUrl(id: string): string {
  return `${config().PUBLIC_URL}/billing/sandbox/bills/${id}`;
}

export const SANDBOX_BILL_ID = /^[A-Za-z0-9_-]{16,64}$/;

function addMonths(d: Date, n: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + n);
  return r;
}

function toBill(r: BillRow): ProviderBill {
  return {
    providerId: r.id,
    customerId: r.customer_id,
    subscriptionId: r.subscription_id,
    status: r.status,
    amountCents: r.amount_cents,
    url: sandboxBillUrl(r.id),
    dueAt: new Date(r.due_at),
    createdAt: new Date(r.created_at),
    code: r.code,
    updatedAt: new Date(r.updated_at),
  };
}

function toSubscription(r: SubRow): ProviderSubscription {
  return {
    providerId: r.id,
    customerId: r.customer_id,
    planId: r.plan_id,
    status: r.status,
    createdAt: new Date(r.created_at),
    nextBillingAt: r.next_billing_at ? new Date(r.next_billing_at) : null,
    code: r.code,
    updatedAt: new Date(r.updated_at),
  };
}

/** Vindi's bill as its webhooks carry it. */
function billEventData(b: BillRow, sub: { id: string; code: string } | null) {
  return {
    id: b.id,
    code: b.code,
    status: b.status,
    amount: centsToDecimal(b.amount_cents),
    url: sandboxBillUrl(b.id),
    due_at: new Date(b.due_at).toISOString(),
    created_at: new Date(b.created_at).toISOString(),
    updated_at: new Date(b.updated_at).toISOString(),
    subscription: sub,
    customer: { id: b.customer_id },
  };
}

function subscriptionEventData(s: SubRow) {
  return {
    id: s.id,
    code: s.code,
    status: s.status,
    created_at: new Date(s.created_at).toISOString(),
    updated_at: new Date(s.updated_at).toISOString(),
    next_billing_at: s.next_billing_at ? new Date(s.next_billing_at).toISOString() : null,
    customer: { id: s.customer_id },
    plan: { id: s.plan_id },
  };
}

export interface SandboxOptions {
  /**
   * Delivers one event (default: `ingestVindiEvent`, as Vindi's webhook would reach us). When the
   * delivery fails, the sandbox applies the new state itself (`applyProviderBill` /
   * `applyProviderSubscription` after re-reading), so a pay click is never lost.
   */
  deliver?: (event: VindiEventInput) => Promise<unknown>;
}

export class SandboxProvider implements BillingProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly options: SandboxOptions = {}) {}

  // ── catalogue and customers ──

  private async ensureCatalog(
    kind: 'plan' | 'product',
    code: string,
    name: string,
    unitCents: number | null,
  ) {
    const db = coreDb();
    await db
      .insertInto('sandbox_catalog')
      .values({ id: shortId(kind === 'plan' ? 'plan' : 'prod'), kind, code, name, unit_cents: unitCents })
      .onConflict((oc) => oc.columns(['kind', 'code']).doNothing())
      .execute();
    const row = await db
      .selectFrom('sandbox_catalog')
      .select('id')
      .where('kind', '=', kind)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  ensurePlan(input: { code: string; name: string }): Promise<string> {
    return this.ensureCatalog('plan', input.code, input.name, null);
  }

  ensureProduct(input: { code: string; name: string; unitCents: number }): Promise<string> {
    return this.ensureCatalog('product', input.code, input.name, input.unitCents);
  }

  async createCustomer(input: {
    name: string;
    email: string;
    code: string;
    registryCode?: string | null;
  }): Promise<ProviderCustomer> {
    const db = coreDb();
    await db
      .insertInto('sandbox_customers')
      .values({
        id: shortId('cus'),
        code: input.code,
        name: input.name,
        email: input.email,
        registry_code: input.registryCode ?? null,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const row = await db
      .selectFrom('sandbox_customers')
      .select('id')
      .where('code', '=', input.code)
      .executeTakeFirstOrThrow();
    return { providerId: row.id };
  }

  // ── bills ──

  /** The amount of `items`: each at its own unit price, else its product's. */
  private async amountOf(items: BillItem[]): Promise<number> {
    if (items.length === 0)
      throw new AppError('BILLING_PROVIDER_REJECTED', { params: { reason: 'no items' } });
    const ids = items.filter((i) => i.unitCents === undefined).map((i) => i.productId);
    const prices = ids.length
      ? await coreDb()
          .selectFrom('sandbox_catalog')
          .select(['id', 'unit_cents'])
          .where('kind', '=', 'product')
          .where('id', 'in', ids)
          .execute()
      : [];
    let total = 0;
    for (const i of items) {
      const unit = i.unitCents ?? prices.find((p) => p.id === i.productId)?.unit_cents;
      if (unit === undefined || unit === null)
        throw new AppError('BILLING_PROVIDER_REJECTED', {
          params: { reason: `unknown product ${i.productId}` },
        });
      total += unit * i.quantity;
    }
    return total;
  }

  private async insertBill(input: {
    customerId: string;
    subscriptionId: string | null;
    paymentMethodCode: PaymentMethodCode | string;
    items: BillItem[];
    code: string;
    discountCents?: number;
  }): Promise<{ row: BillRow; created: boolean }> {
    const db = coreDb();
    const existing = await this.billByCode(input.code);
    if (existing) return { row: existing, created: false };
    const amount = Math.max((await this.amountOf(input.items)) - (input.discountCents ?? 0), 0);
    const now = new Date();
    // A bill the discount covers whole has nothing to pay: it is issued paid (as Vindi does).
    const covered = amount === 0;
    const inserted = await db
      .insertInto('sandbox_bills')
      .values({
        id: unguessableId(),
        customer_id: input.customerId,
        subscription_id: input.subscriptionId,
        code: input.code,
        status: covered ? 'paid' : 'pending',
        amount_cents: amount,
        payment_method_code: input.paymentMethodCode,
        items: JSON.stringify(
          input.items.map((i) => ({
            productId: i.productId,
            quantity: i.quantity,
            unitCents: i.unitCents ?? null,
          })),
        ),
        due_at: new Date(now.getTime() + SANDBOX_DUE_DAYS * 24 * 3600 * 1000),
        paid_at: covered ? now : null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return { row: (await this.billByCode(input.code))!, created: false };
    return { row: inserted as unknown as BillRow, created: true };
  }

  private async billByCode(code: string): Promise<BillRow | undefined> {
    return (await coreDb()
      .selectFrom('sandbox_bills')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst()) as BillRow | undefined;
  }

  private async billRow(id: string): Promise<BillRow | undefined> {
    if (!SANDBOX_BILL_ID.test(id)) return undefined;
    return (await coreDb().selectFrom('sandbox_bills').selectAll().where('id', '=', id).executeTakeFirst()) as
      | BillRow
      | undefined;
  }

  private async subRow(id: string): Promise<SubRow | undefined> {
    if (id.length > 64) return undefined;
    return (await coreDb()
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst()) as SubRow | undefined;
  }

  private async subRef(subscriptionId: string | null): Promise<{ id: string; code: string } | null> {
    if (!subscriptionId) return null;
    const s = await this.subRow(subscriptionId);
    return s ? { id: s.id, code: s.code } : null;
  }

  async createBill(input: {
    customerId: string;
    paymentMethodCode: PaymentMethodCode;
    items: BillItem[];
    code: string;
  }): Promise<ProviderBill> {
    const { row, created } = await this.insertBill({ ...input, subscriptionId: null });
    if (created) await this.fireBill('bill_created', row);
    return toBill(row);
  }

  async getBill(providerId: string): Promise<ProviderBill | null> {
    const row = await this.billRow(providerId);
    return row ? toBill(row) : null;
  }

  async listSubscriptionBills(subscriptionId: string): Promise<ProviderBill[]> {
    const rows = (await coreDb()
      .selectFrom('sandbox_bills')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute()) as BillRow[];
    return rows.map(toBill);
  }

  // ── subscriptions ──

  async createSubscription(input: {
    customerId: string;
    planId: string;
    paymentMethodCode: PaymentMethodCode;
    items: BillItem[];
    code: string;
    firstBillDiscountCents?: number;
  }): Promise<{ subscription: ProviderSubscription; bill: ProviderBill | null }> {
    const db = coreDb();
    const now = new Date();
    const inserted = (await db
      .insertInto('sandbox_subscriptions')
      .values({
        id: shortId('sub'),
        customer_id: input.customerId,
        plan_id: input.planId,
        code: input.code,
        status: 'active',
        payment_method_code: input.paymentMethodCode,
        items: JSON.stringify(
          input.items.map((i) => ({
            productId: i.productId,
            quantity: i.quantity,
            unitCents: i.unitCents ?? null,
          })),
        ),
        created_at: now,
        updated_at: now,
        next_billing_at: addMonths(now, 1),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst()) as SubRow | undefined;
    const sub =
      inserted ??
      ((await db
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where('code', '=', input.code)
        .executeTakeFirstOrThrow()) as SubRow);
    if (inserted) await this.fireSubscription('subscription_created', sub);
    // The first period's bill, issued at once (Vindi's billing_trigger_type: beginning_of_period).
    const { row, created } = await this.insertBill({
      customerId: sub.customer_id,
      subscriptionId: sub.id,
      paymentMethodCode: input.paymentMethodCode,
      items: input.items,
      code: `${sub.code}-1`,
      discountCents: input.firstBillDiscountCents ?? 0,
    });
    if (created) await this.fireBill('bill_created', row);
    return { subscription: toSubscription(sub), bill: toBill(row) };
  }

  async getSubscription(providerId: string): Promise<ProviderSubscription | null> {
    const row = await this.subRow(providerId);
    return row ? toSubscription(row) : null;
  }

  async cancelSubscription(providerId: string): Promise<ProviderSubscription> {
    const db = coreDb();
    const sub = await this.subRow(providerId);
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    if (sub.status === 'canceled') return toSubscription(sub);
    const updated = (await db
      .updateTable('sandbox_subscriptions')
      .set({ status: 'canceled', updated_at: new Date(), next_billing_at: null })
      .where('id', '=', sub.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as SubRow;
    // As Vindi's DELETE /subscriptions/{id} (cancel_bills: true): its pending bills are canceled too.
    const canceled = (await db
      .updateTable('sandbox_bills')
      .set({ status: 'canceled', updated_at: new Date() })
      .where('subscription_id', '=', sub.id)
      .where('status', '=', 'pending')
      .returningAll()
      .execute()) as BillRow[];
    await this.fireSubscription('subscription_canceled', updated);
    for (const b of canceled) await this.fireBill('bill_canceled', b);
    return toSubscription(updated);
  }

  async reactivateSubscription(providerId: string): Promise<ProviderSubscription> {
    const db = coreDb();
    const sub = await this.subRow(providerId);
    if (!sub) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    if (sub.status !== 'canceled') return toSubscription(sub);
    const now = new Date();
    const updated = (await db
      .updateTable('sandbox_subscriptions')
      .set({ status: 'active', updated_at: now, next_billing_at: addMonths(now, 1) })
      .where('id', '=', sub.id)
      .returningAll()
      .executeTakeFirstOrThrow()) as SubRow;
    await this.fireSubscription('subscription_reactivated', updated);
    // A new period starts: its bill (the canceled period's bills stay canceled).
    const { n } = await db
      .selectFrom('sandbox_bills')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('subscription_id', '=', sub.id)
      .executeTakeFirstOrThrow();
    const items = (typeof sub.items === 'string' ? JSON.parse(sub.items) : sub.items) as BillItem[];
    const { row, created } = await this.insertBill({
      customerId: sub.customer_id,
      subscriptionId: sub.id,
      paymentMethodCode: sub.payment_method_code,
      items: items.map((i) => ({
        productId: i.productId,
        quantity: i.quantity,
        ...(i.unitCents === null || i.unitCents === undefined ? {} : { unitCents: i.unitCents }),
      })),
      code: `${sub.code}-${Number(n) + 1}`,
    });
    if (created) await this.fireBill('bill_created', row);
    return toSubscription(updated);
  }

  // ── the bill page's actions (sandbox only) ──

  /** "Pagar": a pending bill becomes paid and `bill_paid` is fired. Paying a paid bill changes nothing. */
  async payBill(id: string): Promise<ProviderBill> {
    const bill = await this.billRow(id);
    if (!bill) throw new AppError('BILL_NOT_FOUND');
    if (bill.status === 'paid') return toBill(bill);
    if (bill.status !== 'pending')
      throw new AppError('BILL_NOT_PAYABLE', { params: { status: bill.status } });
    const now = new Date();
    const paid = (await coreDb()
      .updateTable('sandbox_bills')
      .set({ status: 'paid', paid_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst()) as BillRow | undefined;
    if (!paid) return toBill((await this.billRow(id))!);
    await this.fireBill('bill_paid', paid);
    return toBill(paid);
  }

  /** "Simular falha": the charge is rejected (`charge_rejected`); the bill stays pending, as at Vindi. */
  async failBill(id: string): Promise<ProviderBill> {
    const bill = await this.billRow(id);
    if (!bill) throw new AppError('BILL_NOT_FOUND');
    if (bill.status !== 'pending')
      throw new AppError('BILL_NOT_PAYABLE', { params: { status: bill.status } });
    const now = new Date();
    const touched = (await coreDb()
      .updateTable('sandbox_bills')
      .set({ updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as BillRow;
    await this.deliver(
      {
        event: {
          type: 'charge_rejected',
          created_at: now.toISOString(),
          data: {
            charge: {
              id: shortId('chg'),
              status: 'rejected',
              amount: centsToDecimal(bill.amount_cents),
              bill: { id: bill.id, code: bill.code },
              customer: { id: bill.customer_id },
              last_transaction: { status: 'rejected', gateway_message: 'Pagamento recusado (sandbox)' },
            },
          },
        },
      },
      { bill: touched.id },
    );
    return toBill(touched);
  }

  // ── events ──

  private async fireBill(type: string, b: BillRow): Promise<void> {
    await this.deliver(
      {
        event: {
          type,
          created_at: new Date(b.updated_at).toISOString(),
          data: { bill: billEventData(b, await this.subRef(b.subscription_id)) },
        },
      },
      { bill: b.id },
    );
  }

  private async fireSubscription(type: string, s: SubRow): Promise<void> {
    await this.deliver(
      {
        event: {
          type,
          created_at: new Date(s.updated_at).toISOString(),
          data: { subscription: subscriptionEventData(s) },
        },
      },
      { subscription: s.id },
    );
  }

  /**
   * Delivers an event as Vindi's webhook would. If the delivery fails (the ingest is down or not
   * there), the new state is applied here directly — re-read, then the same apply the worker runs.
   */
  private async deliver(
    event: VindiEventInput,
    target: { bill?: string; subscription?: string },
  ): Promise<void> {
    try {
      if (this.options.deliver) await this.options.deliver(event);
      else {
        const { ingestVindiEvent } = await import('../webhook-ingest.ts');
        await ingestVindiEvent(event);
      }
      return;
    } catch (e) {
      log.warn('sandbox: event not delivered, applying it directly', {
        type: event.event.type,
        error: (e as Error).message,
      });
    }
    const { applyProviderBill, applyProviderSubscription } = await import('../state.ts');
    if (target.bill) {
      const b = await this.getBill(target.bill);
      if (b) await applyProviderBill(b);
    }
    if (target.subscription) {
      const s = await this.getSubscription(target.subscription);
      if (s) await applyProviderSubscription(s);
    }
  }
}
