/** What /my-plan and the provider admin's screens read of a subscription and its bills. */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  Bill,
  MyPlan,
  Subscription,
  SubscriptionRow,
  subscriptionRowsListSchema,
} from '../../../shared/billing/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import type { TenantContext } from '../../context.ts';
import { coreDb } from '../../db/database.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import { planLimit, toPlan } from './catalog.ts';
import { equipmentCount } from './common.ts';
import { billLink } from './bill-links.ts';

import { groupSubscription, loadSubscription, paymentStatusOf, toBill } from './subscription-rows.ts';

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
