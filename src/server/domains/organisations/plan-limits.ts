/**
 * What a company group's plan and payment state refuse (issue 17, item 5): checks (queries, not side
 * effects) the domains that register equipment and generate QR batches make; they live here, below
 * those domains, while billing (a consumer, at the top of domain-order.ts) writes the state they read:
 *
 * - `requirePaymentNotBlocked(ctx)`: while the group is BLOCKED (a bill overdue more than
 *   BILLING_BLOCK_AFTER_DAYS) new equipment and QR batches answer 402 BILLING_PAYMENT_BLOCKED;
 *   reads keep working. Free: the status is on the caller's session row. The provider admin
 *   (platform staff, who never sees the pop-up either) is not refused.
 * - `requireEquipmentRoom(ctx, trx, n)`: registering `n` more equipment must fit the group's plan
 *   (409 PLAN_EQUIPMENT_LIMIT_REACHED with the limit and the plan's name). Groups without a plan
 *   (created by the provider admin, the demo group) have no plan limit and cost nothing; with a
 *   plan, one lock and one read of the plan and the equipment counters (dashboard_totals), in the
 *   registration's transaction, so two registrations cannot both take the last place. The
 *   company's tags limit stays a separate check (tags/limit.ts).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AuthContext, TenantContext } from '../../context.ts';
import { withCore } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { planLimit } from '../../../shared/billing/rules.ts';

export function requirePaymentNotBlocked(ctx: { auth: AuthContext }): void {
  const { auth } = ctx;
  if (auth.role === 'MOBCHECK_ADMIN') return;
  if (auth.companyGroup?.payment_status === 'BLOCKED') throw new AppError('BILLING_PAYMENT_BLOCKED');
}

export async function requireEquipmentRoom(
  ctx: TenantContext,
  trx: Transaction<TenantDatabase>,
  n = 1,
): Promise<void> {
  if (ctx.auth.companyGroup.plan_id === null || ctx.auth.companyGroup.plan_id === undefined) return;
  const groupId = ctx.auth.companyGroup.id;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`plan-limit:${groupId}`}, 0))`.execute(trx);
  const room = await equipmentRoom(ctx, trx);
  if (room && room.count + n > room.limit)
    throw new AppError('PLAN_EQUIPMENT_LIMIT_REACHED', { params: { limit: room.limit, plan: room.plan } });
}

/**
 * The group's plan limit and its equipment count, read without the lock (what a dry run estimates
 * with; the write checks again under it). Null: no plan, or a plan without a limit.
 */
export async function equipmentRoom(
  ctx: TenantContext,
  db: Kysely<TenantDatabase>,
): Promise<{ limit: number; plan: string; count: number } | null> {
  if (ctx.auth.companyGroup.plan_id === null || ctx.auth.companyGroup.plan_id === undefined) return null;
  const plan = await withCore(db)
    .selectFrom('company_groups as g')
    .innerJoin('billing_plans as p', 'p.id', 'g.plan_id')
    .select(['p.name', 'p.per_unit', 'p.equipment_limit', 'g.plan_quantity'])
    .where('g.id', '=', ctx.auth.companyGroup.id)
    .executeTakeFirst();
  if (!plan) return null;
  const limit = planLimit(plan, plan.plan_quantity);
  if (limit === null) return null;
  const { count } = await db
    .selectFrom('dashboard_totals')
    .select(sql<number>`coalesce(sum(equipment), 0)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return { limit, plan: plan.name, count };
}
