/** The subscription rows and bills the plan's calls share: reading them, their DTOs, refreshing bills. */
import { type Kysely, sql } from 'kysely';
import { centsToDecimal } from '../../../shared/billing/money.ts';
import type { Bill, PaymentStatus, Subscription } from '../../../shared/billing/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import type { CoreDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { callProvider } from './common.ts';
import { billLink } from './bill-links.ts';
import { billingProvider } from './provider.ts';
import type { BillingBillRow, BillingSubscriptionRow } from './tables.ts';
import { applyProviderBill } from './state.ts';

/** Seed §3: "payment_method_code (default bank_slip)". */
export const PAYMENT_METHOD = 'bank_slip' as const;

export function paymentStatusOf(value: string): PaymentStatus {
  return value === 'PENDING' || value === 'BLOCKED' ? value : 'OK';
}

export function toBill(r: BillingBillRow): Bill {
  return {
    id: r.id,
    status: r.status,
    amount: centsToDecimal(r.amount_cents),
    amountCents: r.amount_cents,
    url: billLink(r.url),
    dueAt: r.due_at ? new Date(r.due_at) : null,
    createdAt: new Date(r.created_at),
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
  };
}

/** Subscriptions of a group with their plan's name and newest bill's page. */
export function subscriptionsWithPlan(db: Kysely<CoreDatabase> = coreDb()) {
  return db
    .selectFrom('billing_subscriptions as s')
    .innerJoin('billing_plans as p', 'p.id', 's.plan_id')
    .select([
      's.id',
      's.company_group_id',
      's.status',
      's.created_at',
      's.next_billing_at',
      's.plan_id',
      's.quantity',
      's.amount_cents',
      's.provider_id',
      'p.name as plan_name',
      (eb) =>
        eb
          .selectFrom('billing_bills as b')
          .select('b.url')
          .whereRef('b.subscription_id', '=', 's.id')
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id', 'desc')
          .limit(1)
          .as('bill_url'),
    ]);
}
export type SubscriptionWithPlan = Awaited<
  ReturnType<ReturnType<typeof subscriptionsWithPlan>['execute']>
>[number];

export function toSubscription(r: SubscriptionWithPlan): Subscription {
  return {
    id: r.id,
    status: r.status,
    created_at: new Date(r.created_at),
    next_billing_at: r.next_billing_at ? new Date(r.next_billing_at) : null,
    planId: r.plan_id,
    planName: r.plan_name,
    quantity: r.quantity,
    amountCents: r.amount_cents,
    billUrl: billLink(r.bill_url ?? null),
  };
}

export async function loadSubscription(id: number): Promise<Subscription> {
  const r = await subscriptionsWithPlan().where('s.id', '=', id).executeTakeFirstOrThrow();
  return toSubscription(r);
}

/** A subscription of the caller's group, else 404 SUBSCRIPTION_NOT_FOUND (also for another group's). */
export async function groupSubscription(ctx: TenantContext, id: number): Promise<BillingSubscriptionRow> {
  const row = await coreDb()
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .executeTakeFirst();
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return row;
}

/** The subscription a group's row points at (its current one), if any. */
export async function currentSubscriptionRow(id: number | null): Promise<BillingSubscriptionRow | undefined> {
  if (id === null) return undefined;
  return coreDb().selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function groupRow(groupId: number) {
  return coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'payment_status', 'plan_id', 'plan_quantity', 'subscription_id'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
}

/** The oldest unpaid bill of a subscription (what "Visualizar" and the retry open), else its newest. */
export async function billToOpen(subscriptionId: number): Promise<string | null> {
  const rows = await coreDb()
    .selectFrom('billing_bills')
    .select(['url', 'status'])
    .where('subscription_id', '=', subscriptionId)
    .orderBy(sql`status = 'pending'`, 'desc')
    .orderBy(sql`case when status = 'pending' then created_at end`, 'asc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .execute();
  return billLink(rows[0]?.url ?? null);
}

/** Reads a subscription's bills back from the provider and applies them (after a cancel or reactivation). */
export async function refreshBills(providerSubscriptionId: string): Promise<void> {
  const provider = await billingProvider();
  const bills = await callProvider('list bills', () =>
    provider.listSubscriptionBills(providerSubscriptionId),
  );
  for (const b of bills) await applyProviderBill(b);
}
