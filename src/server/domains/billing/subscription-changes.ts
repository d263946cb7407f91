/**
 * Changing plan, canceling and reactivating a group's subscription (issue 17): the provider first,
 * then state.ts, under the group's billing lock.
 */
import { type ChangeQuote, changeQuote } from '../../../shared/billing/proration.ts';
import { subscriptionEnded } from '../../../shared/billing/rules.ts';
import { todayIn } from '../../../shared/equipment/status.ts';
import { config } from '../../config.ts';
import {
  type ChangePlanInput,
  FREE_PLAN_ID,
  type Subscription,
  type SubscriptionStart,
} from '../../../shared/billing/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { planAmountCents, planById, planLimit } from './catalog.ts';
import { callProvider, equipmentCount, withGroupBillingLock } from './common.ts';
import { billingProvider } from './provider.ts';
import type { BillingSubscriptionRow } from './tables.ts';
import { applyProviderSubscription } from './state.ts';
import {
  currentSubscriptionRow,
  groupRow,
  groupSubscription,
  loadSubscription,
  refreshBills,
} from './subscription-rows.ts';
import { startSubscriptionFor } from './subscription-start.ts';

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
