/**
 * A company group's plan and subscription (issue 17): starting the subscription of the plan chosen
 * at sign-up, changing plan, canceling and reactivating, and what /my-plan and the seed's calls
 * read. Every change goes to the provider first and comes back through state.ts (the same apply
 * the webhooks use), under the group's billing lock.
 */
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { centsToDecimal } from '../../../shared/billing/money.ts';
import { type ChangeQuote, changeQuote } from '../../../shared/billing/proration.ts';
import { subscriptionEnded } from '../../../shared/billing/rules.ts';
import { todayIn } from '../../../shared/equipment/status.ts';
import { config } from '../../config.ts';
import {
  type Bill,
  type ChangePlanInput,
  type CompanyGroupPlan,
  type companyGroupPlanListSchema,
  FREE_PLAN_ID,
  type MyPlan,
  type PaymentStatus,
  type Subscription,
  type SubscriptionRow,
  type SubscriptionStart,
  type subscriptionRowsListSchema,
} from '../../../shared/billing/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import type { TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import type { CoreDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { log } from '../../logger.ts';
import {
  planAmountCents,
  planById,
  planItems,
  planLimit,
  providerName,
  providerPlanId,
  toPlan,
} from './catalog.ts';
import {
  callProvider,
  ensureCustomer,
  equipmentCount,
  requireOwnGroup,
  withGroupBillingLock,
} from './common.ts';
import { billLink } from './bill-links.ts';
import { billingProvider } from './provider.ts';
import type { BillingBillRow, BillingSubscriptionRow } from './tables.ts';
import { applyProviderBill, applyProviderSubscription, subscriptionCode } from './state.ts';

/** Seed §3: "payment_method_code (default bank_slip)". */
const PAYMENT_METHOD = 'bank_slip' as const;

function paymentStatusOf(value: string): PaymentStatus {
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
function subscriptionsWithPlan(db: Kysely<CoreDatabase> = coreDb()) {
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
type SubscriptionWithPlan = Awaited<ReturnType<ReturnType<typeof subscriptionsWithPlan>['execute']>>[number];

function toSubscription(r: SubscriptionWithPlan): Subscription {
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

async function loadSubscription(id: number): Promise<Subscription> {
  const r = await subscriptionsWithPlan().where('s.id', '=', id).executeTakeFirstOrThrow();
  return toSubscription(r);
}

/** A subscription of the caller's group, else 404 SUBSCRIPTION_NOT_FOUND (also for another group's). */
async function groupSubscription(ctx: TenantContext, id: number): Promise<BillingSubscriptionRow> {
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
async function currentSubscriptionRow(id: number | null): Promise<BillingSubscriptionRow | undefined> {
  if (id === null) return undefined;
  return coreDb().selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

async function groupRow(groupId: number) {
  return coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'payment_status', 'plan_id', 'plan_quantity', 'subscription_id'])
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow();
}

/** The oldest unpaid bill of a subscription (what "Visualizar" and the retry open), else its newest. */
async function billToOpen(subscriptionId: number): Promise<string | null> {
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
async function refreshBills(providerSubscriptionId: string): Promise<void> {
  const provider = await billingProvider();
  const bills = await callProvider('list bills', () =>
    provider.listSubscriptionBills(providerSubscriptionId),
  );
  for (const b of bills) await applyProviderBill(b);
}

// ── starting a subscription ─────────────────────────────────────────────────────────────────────

/**
 * Creates the customer and the subscription of the group's plan when it has none that bills
 * (idempotent: a second call answers the same subscription; a call after a provider failure retries
 * on the same row and the same provider `code`). The free plan and groups without a plan get
 * nothing. Answers the bill to open in a new tab.
 */
export async function startSubscriptionFor(
  groupId: number,
  opts: { firstBillDiscountCents?: number } = {},
): Promise<SubscriptionStart> {
  const first = await groupRow(groupId);
  if (first.plan_id === null || first.plan_id === FREE_PLAN_ID) return { subscription: null, billUrl: null };
  return withGroupBillingLock(groupId, async () => {
    const group = await groupRow(groupId);
    if (group.plan_id === null || group.plan_id === FREE_PLAN_ID)
      return { subscription: null, billUrl: null };
    const plan = await planById(group.plan_id);
    const quantity = plan.per_unit ? (group.plan_quantity ?? plan.min_quantity ?? 1) : 1;
    const amount = planAmountCents(plan, quantity);
    if (amount <= 0) return { subscription: null, billUrl: null };
    let sub = await currentSubscriptionRow(group.subscription_id);
    const provider = await billingProvider();
    if (sub && sub.provider_id !== null && !subscriptionEnded(sub.status)) {
      // Started already (by the activation, or an earlier click): its bill, read back if missing.
      let url = await billToOpen(sub.id);
      if (!url) {
        await refreshBills(sub.provider_id);
        url = await billToOpen(sub.id);
      }
      return { subscription: await loadSubscription(sub.id), billUrl: url };
    }
    if (!sub || sub.provider_id !== null || subscriptionEnded(sub.status) || sub.plan_id !== plan.id) {
      sub = await coreDb()
        .insertInto('billing_subscriptions')
        .values({
          company_group_id: groupId,
          plan_id: plan.id,
          quantity,
          amount_cents: amount,
          provider: providerName(),
          provider_id: null,
          status: 'pending',
          next_billing_at: null,
          canceled_at: null,
          provider_updated_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await coreDb()
        .updateTable('company_groups')
        .set({ subscription_id: sub.id })
        .where('id', '=', groupId)
        .execute();
    }
    const current = sub;
    const customerId = await ensureCustomer(provider, groupId);
    const planId = await callProvider('ensure plan', () => providerPlanId(provider, plan));
    const items = await callProvider('ensure product', () => planItems(provider, plan, quantity));
    const created = await callProvider('create subscription', () =>
      provider.createSubscription({
        customerId,
        planId,
        paymentMethodCode: PAYMENT_METHOD,
        items,
        code: subscriptionCode(groupId, current.id),
        ...(opts.firstBillDiscountCents ? { firstBillDiscountCents: opts.firstBillDiscountCents } : {}),
      }),
    );
    await applyProviderSubscription(created.subscription);
    if (created.bill) await applyProviderBill(created.bill);
    return { subscription: await loadSubscription(current.id), billUrl: await billToOpen(current.id) };
  });
}

/** `billing.startSubscription`: the caller's group (the UI calls it after a paid-plan activation). */
export function startSubscription(ctx: TenantContext): Promise<SubscriptionStart> {
  return startSubscriptionFor(ctx.auth.companyGroup.id);
}

/**
 * The plan chosen at sign-up becomes the new group's plan (inside the activation's transaction):
 * missing or unknown → the free plan; the custom plan (4) with its `equipmentQtt` (at least its
 * minimum). The subscription itself is created after the answer (`startAfterActivation`).
 */
export async function setInitialPlan(
  db: Kysely<CoreDatabase>,
  groupId: number,
  selectedPlanId: number | null,
  equipmentQtt: number | null,
): Promise<void> {
  const plan =
    selectedPlanId === null
      ? undefined
      : await db
          .selectFrom('billing_plans')
          .select(['id', 'per_unit', 'min_quantity', 'active'])
          .where('id', '=', selectedPlanId)
          .executeTakeFirst();
  const chosen = plan?.active ? plan : undefined;
  const quantity = chosen?.per_unit
    ? Math.min(Math.max(equipmentQtt ?? 0, chosen.min_quantity ?? 1), 100_000)
    : null;
  await db
    .updateTable('company_groups')
    .set({ plan_id: chosen?.id ?? FREE_PLAN_ID, plan_quantity: quantity })
    .where('id', '=', groupId)
    .execute();
}

/** After a paid-plan activation has answered: start the subscription; a failure is retried by the UI. */
export async function startAfterActivation(groupId: number): Promise<void> {
  try {
    await startSubscriptionFor(groupId);
  } catch (e) {
    log.warn('billing: the subscription after activation failed; billing.startSubscription retries it', {
      groupId,
      error: (e as Error).message,
    });
  }
}

// ── changing, canceling, reactivating ─────────────────────────────────────────────────────────────

/** Cancels a subscription at the provider (its pending bills with it) and applies what comes back. */
async function cancelAtProvider(sub: BillingSubscriptionRow): Promise<void> {
  if (sub.provider_id === null) {
    await coreDb()
      .updateTable('billing_subscriptions')
      .set({ status: 'canceled', canceled_at: new Date(), updated_at: new Date() })
      .where('id', '=', sub.id)
      .execute();
    await coreDb()
      .updateTable('company_groups')
      .set({ plan_id: FREE_PLAN_ID, plan_quantity: null })
      .where('subscription_id', '=', sub.id)
      .execute();
    return;
  }
  const provider = await billingProvider();
  const providerId = sub.provider_id;
  const canceled = await callProvider('cancel subscription', () => provider.cancelSubscription(providerId));
  await applyProviderSubscription(canceled);
  await refreshBills(providerId);
}

/**
 * What changing the group's plan to `newPriceCents` bills (issue 26 item 12): when the current
 * subscription's bill for its current period is paid, the unused days of that period at that
 * subscription's price are credited against the new plan's first bill (`changeQuote`). The period
 * is the month before `next_billing_at`; days are calendar days in APP_TIME_ZONE.
 */
async function quoteFor(groupId: number, newPriceCents: number, now = new Date()): Promise<ChangeQuote> {
  const today = todayIn(config().APP_TIME_ZONE, now);
  const group = await groupRow(groupId);
  const sub = await currentSubscriptionRow(group.subscription_id);
  const none = { newPriceCents, paidPriceCents: null, periodStart: null, today, nextBilling: null };
  if (!sub || subscriptionEnded(sub.status) || !sub.next_billing_at) return changeQuote(none);
  const next = new Date(sub.next_billing_at);
  const start = new Date(next);
  start.setUTCMonth(start.getUTCMonth() - 1);
  const paid = await coreDb()
    .selectFrom('billing_bills')
    .select('id')
    .where('subscription_id', '=', sub.id)
    .where('status', '=', 'paid')
    .where('created_at', '>=', start)
    .limit(1)
    .executeTakeFirst();
  if (!paid) return changeQuote(none);
  return changeQuote({
    newPriceCents,
    paidPriceCents: sub.amount_cents,
    periodStart: todayIn(config().APP_TIME_ZONE, start),
    today,
    nextBilling: todayIn(config().APP_TIME_ZONE, next),
  });
}

/** The plan and quantity a change asks for, checked (shared by the quote and the change). */
async function requestedPlan(input: { planId: number; quantity?: number | undefined }) {
  const plan = await planById(input.planId);
  if (!plan.active) throw new AppError('PLAN_NOT_AVAILABLE', { params: { plan: plan.name } });
  let quantity = 1;
  if (plan.per_unit) {
    const min = plan.min_quantity ?? 1;
    if (input.quantity === undefined || input.quantity < min)
      throw new AppError('CUSTOM_PLAN_MIN_QUANTITY', { params: { min } });
    quantity = input.quantity;
  }
  return { plan, quantity };
}

/** `billing.changeQuote`: what a change to `planId` would bill, shown before the user confirms. */
export async function quoteChange(
  ctx: TenantContext,
  input: { planId: number; quantity?: number | undefined },
): Promise<ChangeQuote> {
  const { plan, quantity } = await requestedPlan(input);
  return quoteFor(ctx.auth.companyGroup.id, planAmountCents(plan, quantity));
}

export async function changePlan(ctx: TenantContext, input: ChangePlanInput): Promise<SubscriptionStart> {
  const groupId = ctx.auth.companyGroup.id;
  const { plan, quantity } = await requestedPlan(input);
  const group = await groupRow(groupId);
  const current = await currentSubscriptionRow(group.subscription_id);
  if (input.id && current?.id !== input.id) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const sameQuantity = !plan.per_unit || group.plan_quantity === quantity;
  const billing = !!current && !subscriptionEnded(current.status);
  if (group.plan_id === plan.id && sameQuantity && (billing || planAmountCents(plan, quantity) === 0))
    throw new AppError('PLAN_ALREADY_CURRENT', { params: { plan: plan.name } });
  const limit = planLimit(plan, plan.per_unit ? quantity : null);
  const count = await equipmentCount(ctx.auth.tenant);
  if (limit !== null && count > limit)
    throw new AppError('PLAN_BELOW_EQUIPMENT_COUNT', { params: { count, limit, plan: plan.name } });
  let credit = 0;
  await withGroupBillingLock(groupId, async () => {
    const g = await groupRow(groupId);
    const sub = await currentSubscriptionRow(g.subscription_id);
    // Read before the cancel: the unused days of the paid period go to the new plan's first bill.
    credit = (await quoteFor(groupId, planAmountCents(plan, quantity))).creditCents;
    if (sub && !subscriptionEnded(sub.status)) await cancelAtProvider(sub);
    await coreDb()
      .updateTable('company_groups')
      .set({ plan_id: plan.id, plan_quantity: plan.per_unit ? quantity : null, subscription_id: null })
      .where('id', '=', groupId)
      .execute();
  });
  return startSubscriptionFor(groupId, { firstBillDiscountCents: credit });
}

export async function cancelSubscription(
  ctx: TenantContext,
  input: { id: number },
): Promise<{ subscription: Subscription }> {
  await groupSubscription(ctx, input.id);
  await withGroupBillingLock(ctx.auth.companyGroup.id, async () => {
    const sub = await groupSubscription(ctx, input.id);
    if (subscriptionEnded(sub.status)) throw new AppError('SUBSCRIPTION_NOT_ACTIVE');
    await cancelAtProvider(sub);
  });
  return { subscription: await loadSubscription(input.id) };
}

export async function reactivateSubscription(
  ctx: TenantContext,
  input: { id: number },
): Promise<{ subscription: Subscription }> {
  const groupId = ctx.auth.companyGroup.id;
  await groupSubscription(ctx, input.id);
  await withGroupBillingLock(groupId, async () => {
    const sub = await groupSubscription(ctx, input.id);
    if (sub.status !== 'canceled') throw new AppError('SUBSCRIPTION_NOT_CANCELED');
    const group = await groupRow(groupId);
    if (group.subscription_id !== null && group.subscription_id !== sub.id) {
      const other = await currentSubscriptionRow(group.subscription_id);
      if (other && !subscriptionEnded(other.status)) throw new AppError('SUBSCRIPTION_ALREADY_ACTIVE');
    }
    await coreDb()
      .updateTable('company_groups')
      .set({ subscription_id: sub.id })
      .where('id', '=', groupId)
      .execute();
    if (sub.provider_id === null) return;
    const provider = await billingProvider();
    const providerId = sub.provider_id;
    const reactivated = await callProvider('reactivate subscription', () =>
      provider.reactivateSubscription(providerId),
    );
    await applyProviderSubscription(reactivated);
    await refreshBills(providerId);
  });
  return { subscription: await loadSubscription(input.id) };
}

// ── reads ─────────────────────────────────────────────────────────────────────────────────────────

export async function getSubscription(
  ctx: TenantContext,
  input: { id: number },
): Promise<{ subscription: Subscription }> {
  await groupSubscription(ctx, input.id);
  return { subscription: await loadSubscription(input.id) };
}

export async function subscriptionBills(
  ctx: TenantContext,
  input: { id: number },
): Promise<{ bills: Bill[] }> {
  await groupSubscription(ctx, input.id);
  const rows = await coreDb()
    .selectFrom('billing_bills')
    .selectAll()
    .where('subscription_id', '=', input.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return { bills: rows.map(toBill) };
}

export async function myPlan(ctx: TenantContext): Promise<MyPlan> {
  const groupId = ctx.auth.companyGroup.id;
  const [group, count, openBill] = await Promise.all([
    coreDb()
      .selectFrom('company_groups as g')
      .leftJoin('billing_plans as p', 'p.id', 'g.plan_id')
      .select(['g.id', 'g.payment_status', 'g.plan_quantity', 'g.subscription_id'])
      .select((eb) => eb.fn.toJson('p').as('plan'))
      .where('g.id', '=', groupId)
      .executeTakeFirstOrThrow(),
    equipmentCount(ctx.auth.tenant),
    coreDb()
      .selectFrom('billing_bills')
      .selectAll()
      .where('company_group_id', '=', groupId)
      .where('status', '=', 'pending')
      .orderBy('due_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const planRow = group.plan as unknown as Parameters<typeof toPlan>[0] | null;
  const plan = planRow
    ? toPlan({ ...planRow, updated_at: new Date(planRow.updated_at as unknown as string) })
    : null;
  return {
    companyGroupId: group.id,
    plan,
    quantity: planRow?.per_unit ? group.plan_quantity : null,
    equipmentLimit: planRow ? planLimit(planRow, group.plan_quantity) : null,
    equipmentCount: count,
    paymentStatus: paymentStatusOf(group.payment_status),
    subscription: group.subscription_id ? await loadSubscription(group.subscription_id) : null,
    openBill: openBill ? toBill(openBill) : null,
  };
}

/** The /my-plan table: one row per bill of the group's subscriptions (a subscription without any: one row). */
export async function subscriptionRows(
  ctx: TenantContext,
  input: z.output<typeof subscriptionRowsListSchema>,
): Promise<Page<SubscriptionRow>> {
  const base = coreDb()
    .selectFrom('billing_subscriptions as s')
    .innerJoin('billing_plans as p', 'p.id', 's.plan_id')
    .leftJoin('billing_bills as b', 'b.subscription_id', 's.id')
    .where('s.company_group_id', '=', ctx.auth.companyGroup.id);
  const page = await fetchPage(base, input, {
    sorts: { createdAt: sql`coalesce(b.created_at, s.created_at)` },
    tiebreak: sql`coalesce(b.id, -s.id)`,
    select: (q) =>
      q.select([
        's.id',
        's.status',
        's.created_at',
        's.next_billing_at',
        's.plan_id',
        's.quantity',
        's.amount_cents',
        'p.name as plan_name',
        'b.id as bill_id',
        'b.status as bill_status',
        'b.amount_cents as bill_amount_cents',
        'b.url as bill_url',
        'b.due_at as bill_due_at',
        'b.created_at as bill_created_at',
        sql<boolean>`b.id is not distinct from (
          select b2.id from core.billing_bills b2 where b2.subscription_id = s.id
          order by b2.created_at desc, b2.id desc limit 1)`.as('current'),
      ]),
  });
  return mapPage(page, (r) => ({
    key: `${r.id}-${r.bill_id ?? 0}`,
    id: r.id,
    status: r.status,
    createdAt: new Date(r.created_at),
    nextBillingAt: r.next_billing_at ? new Date(r.next_billing_at) : null,
    planId: r.plan_id,
    planName: r.plan_name,
    quantity: r.quantity,
    amountCents: r.amount_cents,
    current: r.current,
    bill:
      r.bill_id === null
        ? null
        : {
            id: r.bill_id,
            status: r.bill_status ?? '',
            amountCents: r.bill_amount_cents ?? 0,
            url: billLink(r.bill_url ?? null),
            dueAt: r.bill_due_at ? new Date(r.bill_due_at) : null,
            createdAt: new Date(r.bill_created_at ?? r.created_at),
          },
  }));
}

// ── company groups' plans (seed §7) ───────────────────────────────────────────────────────────────

function groupPlans() {
  return coreDb()
    .selectFrom('company_groups as g')
    .leftJoin('billing_plans as p', 'p.id', 'g.plan_id')
    .select([
      'g.id',
      'g.name',
      'g.plan_id',
      'g.plan_quantity',
      'g.payment_status',
      'g.subscription_id',
      'p.name as plan_name',
      'p.per_unit',
      'p.equipment_limit',
    ]);
}
type GroupPlanRow = Awaited<ReturnType<ReturnType<typeof groupPlans>['execute']>>[number];

function toGroupPlan(r: GroupPlanRow): CompanyGroupPlan {
  return {
    companyGroupId: r.id,
    companyGroupName: r.name,
    planId: r.plan_id,
    planName: r.plan_name ?? null,
    quantity: r.per_unit ? r.plan_quantity : null,
    equipmentLimit:
      r.plan_id === null
        ? null
        : planLimit({ per_unit: !!r.per_unit, equipment_limit: r.equipment_limit ?? null }, r.plan_quantity),
    paymentStatus: paymentStatusOf(r.payment_status),
    subscriptionId: r.subscription_id,
  };
}

export async function listGroupPlans(
  ctx: SignedInContext,
  input: z.output<typeof companyGroupPlanListSchema>,
): Promise<Page<CompanyGroupPlan>> {
  const scope = scopeOf(ctx.auth);
  let base = coreDb()
    .selectFrom('company_groups as g')
    .leftJoin('billing_plans as p', 'p.id', 'g.plan_id')
    .where(scopeWhere(scope, { group: sql.ref('g.id') }));
  if (input.paymentStatus) base = base.where('g.payment_status', '=', input.paymentStatus);
  const page = await fetchPage(base, input, {
    search: [sql.ref('g.name')],
    sorts: { name: sql`core.search_text(g.name)` },
    tiebreak: sql.ref('g.id'),
    select: (q) =>
      q.select([
        'g.id',
        'g.name',
        'g.plan_id',
        'g.plan_quantity',
        'g.payment_status',
        'g.subscription_id',
        'p.name as plan_name',
        'p.per_unit',
        'p.equipment_limit',
      ]),
  });
  return mapPage(page, toGroupPlan);
}

export async function getGroupPlan(ctx: SignedInContext, input: { id: number }): Promise<CompanyGroupPlan> {
  requireOwnGroup(ctx.auth, input.id);
  const row = await groupPlans().where('g.id', '=', input.id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toGroupPlan(row);
}

export async function getGroupStatus(
  ctx: SignedInContext,
  input: { id: number },
): Promise<{ companyGroupId: number; paymentStatus: PaymentStatus }> {
  requireOwnGroup(ctx.auth, input.id);
  const row = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'payment_status'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return { companyGroupId: row.id, paymentStatus: paymentStatusOf(row.payment_status) };
}
