/** Starting the subscription of the plan chosen at sign-up (issue 17), and after activation. */
import type { Kysely } from 'kysely';
import { subscriptionEnded } from '../../../shared/billing/rules.ts';
import { FREE_PLAN_ID, type SubscriptionStart } from '../../../shared/billing/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import type { CoreDatabase } from '../../db/schema.ts';
import { log } from '../../logger.ts';
import { planAmountCents, planById, planItems, providerName, providerPlanId } from './catalog.ts';
import { callProvider, ensureCustomer, withGroupBillingLock } from './common.ts';
import { billingProvider } from './provider.ts';
import { applyProviderBill, applyProviderSubscription, subscriptionCode } from './state.ts';

import {
  PAYMENT_METHOD,
  billToOpen,
  currentSubscriptionRow,
  groupRow,
  loadSubscription,
  refreshBills,
} from './subscription-rows.ts';

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
