/**
 * Billing services (issue 17): the catalogue here; subscriptions (./subscriptions.ts), tag orders
 * (./tag-orders.ts) and the provider's state (./state.ts); what other domains must refuse (plan
 * limits, a blocked payment) is organisations/plan-limits.ts.
 */
import type { z } from 'zod';
import type {
  Plan,
  TagPrices,
  UpdatePlanInput,
  updateTagPriceSchema,
} from '../../../shared/billing/schemas.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { planById, TAG_PRODUCT_CODES, tagPrices, toPlan } from './catalog.ts';

export { listPlans, tagPrices } from './catalog.ts';
export {
  cancelSubscription,
  changePlan,
  quoteChange,
  getGroupPlan,
  getGroupStatus,
  getSubscription,
  listGroupPlans,
  myPlan,
  reactivateSubscription,
  startSubscription,
  subscriptionBills,
  subscriptionRows,
} from './subscriptions.ts';
import { inCoreAuditTx } from '../../kit/audit-header.ts';
export { createTagOrder, listTagOrders, markTagOrderShipped, shippingAddress } from './tag-orders.ts';

/**
 * The provider admin edits a plan (id and code stay). The custom plan keeps `per_unit`: its price
 * is its unit price (and `priceCents` is its minimum's); the others need an equipment limit.
 * Subscriptions already running keep the amount they were created with.
 */
export async function updatePlan(ctx: SignedInContext, input: UpdatePlanInput): Promise<Plan> {
  const plan = await planById(input.id);
  if (plan.per_unit) {
    if (input.unitCents === null)
      throw new AppError('VALIDATION_FAILED', { message: 'unitCents is required' });
  } else if (input.equipmentLimit === null) {
    throw new AppError('VALIDATION_FAILED', { message: 'equipmentLimit is required' });
  }
  const row = await inCoreAuditTx(ctx, null, (core) =>
    core
      .updateTable('billing_plans')
      .set({
        name: input.name,
        description: input.description,
        price_cents: plan.per_unit ? (input.unitCents ?? 0) * (plan.min_quantity ?? 1) : input.priceCents,
        equipment_limit: plan.per_unit ? null : input.equipmentLimit,
        unit_cents: plan.per_unit ? input.unitCents : null,
        active: input.active,
        updated_at: new Date(),
      })
      .where('id', '=', plan.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  if (plan.per_unit && input.unitCents !== null)
    await coreDb()
      .updateTable('billing_products')
      .set({ unit_cents: input.unitCents, updated_at: new Date() })
      .where('code', '=', 'custom-plan-unit')
      .execute();
  return toPlan(row);
}

/** The provider admin edits a tag type's unit price (orders already placed keep theirs). */
export async function updateTagPrice(
  _ctx: SignedInContext,
  input: z.output<typeof updateTagPriceSchema>,
): Promise<TagPrices> {
  await coreDb()
    .updateTable('billing_products')
    .set({ unit_cents: input.unitCents, updated_at: new Date() })
    .where('code', '=', TAG_PRODUCT_CODES[input.type])
    .execute();
  return tagPrices();
}
