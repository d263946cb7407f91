/** Company groups' plans (seed §7): the provider admin's list, one group's plan and status. */
import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  CompanyGroupPlan,
  companyGroupPlanListSchema,
  PaymentStatus,
} from '../../../shared/billing/schemas.ts';
import type { Page } from '../../../shared/list.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { planLimit } from './catalog.ts';
import { requireOwnGroup } from './common.ts';

import { paymentStatusOf } from './subscription-rows.ts';

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
