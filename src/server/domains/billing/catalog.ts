/**
 * The plan and product catalogue (core.billing_plans, core.billing_products) and the provider's
 * ids of each (core.billing_provider_refs, filled by ensurePlan/ensureProduct on first use).
 */
import type { Kysely } from 'kysely';
import { CUSTOM_PLAN_ID, type Plan, type TagPrices, type TagType } from '../../../shared/billing/schemas.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import type { CoreDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { BillItem, BillingProvider } from './provider.ts';
import type { BillingPlanRow } from './tables.ts';

/** The provider the rows are written for (its ids are only meaningful there). */
export function providerName(): 'sandbox' | 'vindi' {
  return config().BILLING_PROVIDER;
}

export const TAG_PRODUCT_CODES: Record<TagType, string> = { QR: 'tag-qr', NFC: 'tag-nfc' };
export const CUSTOM_UNIT_PRODUCT = 'custom-plan-unit';

export function toPlan(r: BillingPlanRow): Plan {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    priceCents: r.per_unit && r.unit_cents !== null ? r.unit_cents * (r.min_quantity ?? 1) : r.price_cents,
    equipmentLimit: r.equipment_limit,
    perUnit: r.per_unit,
    unitCents: r.unit_cents,
    minQuantity: r.min_quantity,
    active: r.active,
    position: r.position,
  };
}

export async function listPlans(): Promise<Plan[]> {
  const rows = await coreDb()
    .selectFrom('billing_plans')
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toPlan);
}

export async function planById(id: number, db: Kysely<CoreDatabase> = coreDb()): Promise<BillingPlanRow> {
  const row = await db.selectFrom('billing_plans').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('PLAN_NOT_FOUND');
  return row;
}

export async function tagPrices(db: Kysely<CoreDatabase> = coreDb()): Promise<TagPrices> {
  const rows = await db
    .selectFrom('billing_products')
    .select(['code', 'unit_cents'])
    .where('code', 'in', Object.values(TAG_PRODUCT_CODES))
    .execute();
  const of = (code: string) => rows.find((r) => r.code === code)?.unit_cents ?? 0;
  return { QR: of(TAG_PRODUCT_CODES.QR), NFC: of(TAG_PRODUCT_CODES.NFC) };
}

/** What a plan costs a month for `quantity` (the custom plan: quantity × unit price). */
export function planAmountCents(plan: BillingPlanRow, quantity: number): number {
  return plan.per_unit ? quantity * (plan.unit_cents ?? 0) : plan.price_cents;
}

// The equipment a plan allows (also read by the plan limit of organisations/plan-limits.ts).
export { planLimit } from '../../../shared/billing/rules.ts';

/** The provider's id of one of our plans or products: read from the refs, else ensured and kept. */
async function providerRef(
  kind: 'plan' | 'product',
  code: string,
  ensure: () => Promise<string>,
): Promise<string> {
  const name = providerName();
  const found = await coreDb()
    .selectFrom('billing_provider_refs')
    .select('provider_id')
    .where('provider', '=', name)
    .where('kind', '=', kind)
    .where('code', '=', code)
    .executeTakeFirst();
  if (found) return found.provider_id;
  const id = await ensure();
  await coreDb()
    .insertInto('billing_provider_refs')
    .values({ provider: name, kind, code, provider_id: id })
    .onConflict((oc) => oc.columns(['provider', 'kind', 'code']).doNothing())
    .execute();
  return id;
}

/** The provider's plan for ours (`plan-<code>`). */
export function providerPlanId(provider: BillingProvider, plan: BillingPlanRow): Promise<string> {
  const code = `plan-${plan.code}`;
  return providerRef('plan', code, () => provider.ensurePlan({ code, name: plan.name }));
}

/** The provider's product for a code of ours, priced `unitCents`. */
export function providerProductId(
  provider: BillingProvider,
  code: string,
  name: string,
  unitCents: number,
): Promise<string> {
  return providerRef('product', code, () => provider.ensureProduct({ code, name, unitCents }));
}

/**
 * What a subscription to `plan` bills: a fixed plan its own product once at the plan's price; the
 * custom plan (4) its unit product `quantity` times at the unit price. Prices are always sent, so
 * a price the provider admin changed applies to new subscriptions at once.
 */
export async function planItems(
  provider: BillingProvider,
  plan: BillingPlanRow,
  quantity: number,
): Promise<BillItem[]> {
  if (plan.per_unit || plan.id === CUSTOM_PLAN_ID) {
    const unit = plan.unit_cents ?? 0;
    const productId = await providerProductId(
      provider,
      CUSTOM_UNIT_PRODUCT,
      'Equipamento (plano personalizado)',
      unit,
    );
    return [{ productId, quantity, unitCents: unit }];
  }
  const productId = await providerProductId(
    provider,
    `plan-${plan.code}`,
    `Plano ${plan.name}`,
    plan.price_cents,
  );
  return [{ productId, quantity: 1, unitCents: plan.price_cents }];
}
