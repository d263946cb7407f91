/**
 * Billing's demo data (sandbox provider only — with Vindi the demo group stays without a plan):
 * the demo group on the custom plan (4) for 1,000 equipment, so the demo tenant's equipment fits
 * and its limit never gets in a demo's way, with an active subscription and three paid monthly
 * bills (the /my-plan table has rows; the payment status stays OK), and two NFC tag orders — one
 * shipped, one paid and waiting to be shipped (the provider admin's fulfilment list).
 */
import { randomBytes } from 'node:crypto';
import { CUSTOM_PLAN_ID } from '../../../shared/billing/schemas.ts';
import { withCore } from '../../db/database.ts';
import type { SeedContext } from '../../seed/context.ts';
import { CUSTOM_UNIT_PRODUCT, providerName } from './catalog.ts';
import { sandboxBillUrl } from './providers/sandbox.ts';
import { subscriptionCode, tagOrderCode } from './state.ts';

const DEMO_PLAN_QUANTITY = 1000;

function monthsAgo(n: number, from = new Date()): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
}

export async function seedBilling(ctx: SeedContext): Promise<void> {
  if (providerName() !== 'sandbox') return;
  const db = withCore(ctx.db);
  const g = ctx.companyGroupId;
  const plan = await db
    .selectFrom('billing_plans')
    .selectAll()
    .where('id', '=', CUSTOM_PLAN_ID)
    .executeTakeFirstOrThrow();
  const unit = plan.unit_cents ?? 99;
  const amount = unit * DEMO_PLAN_QUANTITY;
  const tag = randomBytes(4).toString('hex');

  // The provider's side (the sandbox's own rows).
  const customerId = `cus_demo_${tag}`;
  await db
    .insertInto('sandbox_customers')
    .values({
      id: customerId,
      code: `group-${g}`,
      name: 'Grupo Demonstração',
      email: 'group.admin@equipcheck.dev',
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const customer = await db
    .selectFrom('sandbox_customers')
    .select('id')
    .where('code', '=', `group-${g}`)
    .executeTakeFirstOrThrow();
  const catalog = async (kind: 'plan' | 'product', code: string, name: string, unitCents: number | null) => {
    await db
      .insertInto('sandbox_catalog')
      .values({ id: `${kind}_${tag}_${code}`, kind, code, name, unit_cents: unitCents })
      .onConflict((oc) => oc.columns(['kind', 'code']).doNothing())
      .execute();
    const row = await db
      .selectFrom('sandbox_catalog')
      .select('id')
      .where('kind', '=', kind)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('billing_provider_refs')
      .values({ provider: 'sandbox', kind, code, provider_id: row.id })
      .onConflict((oc) => oc.columns(['provider', 'kind', 'code']).doNothing())
      .execute();
    return row.id;
  };
  const planRef = await catalog('plan', `plan-${plan.code}`, plan.name, null);
  const unitRef = await catalog('product', CUSTOM_UNIT_PRODUCT, 'Equipamento (plano personalizado)', unit);
  const nfcRef = await catalog('product', 'tag-nfc', 'Tag NFC', 325);

  const started = monthsAgo(3);
  const sub = await db
    .insertInto('billing_subscriptions')
    .values({
      company_group_id: g,
      plan_id: plan.id,
      quantity: DEMO_PLAN_QUANTITY,
      amount_cents: amount,
      provider: 'sandbox',
      provider_id: null,
      status: 'active',
      created_at: started,
      next_billing_at: monthsAgo(-1, new Date(Date.now() - 24 * 3600 * 1000)),
      canceled_at: null,
      provider_updated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subId = `sub_demo_${tag}`;
  const items = JSON.stringify([{ productId: unitRef, quantity: DEMO_PLAN_QUANTITY, unitCents: unit }]);
  await db
    .insertInto('sandbox_subscriptions')
    .values({
      id: subId,
      customer_id: customer.id,
      plan_id: planRef,
      code: subscriptionCode(g, sub.id),
      status: 'active',
      payment_method_code: 'bank_slip',
      items,
      created_at: started,
      updated_at: started,
      next_billing_at: monthsAgo(-1, new Date(Date.now() - 24 * 3600 * 1000)),
    })
    .execute();
  await db
    .updateTable('billing_subscriptions')
    .set({ provider_id: subId })
    .where('id', '=', sub.id)
    .execute();

  // Three paid monthly bills: two and one month ago, and this month's.
  for (const [i, ago] of [2, 1, 0].entries()) {
    const issued = monthsAgo(ago, new Date(Date.now() - 24 * 3600 * 1000));
    const due = new Date(issued.getTime() + 3 * 24 * 3600 * 1000);
    const paid = new Date(issued.getTime() + 24 * 3600 * 1000);
    const billId = randomBytes(18).toString('base64url');
    const code = `${subscriptionCode(g, sub.id)}-${i + 1}`;
    await db
      .insertInto('sandbox_bills')
      .values({
        id: billId,
        customer_id: customer.id,
        subscription_id: subId,
        code,
        status: 'paid',
        amount_cents: amount,
        payment_method_code: 'bank_slip',
        items,
        due_at: due,
        paid_at: paid,
        created_at: issued,
        updated_at: paid,
      })
      .execute();
    await db
      .insertInto('billing_bills')
      .values({
        company_group_id: g,
        subscription_id: sub.id,
        tag_order_id: null,
        provider: 'sandbox',
        provider_id: billId,
        code,
        status: 'paid',
        amount_cents: amount,
        url: sandboxBillUrl(billId),
        due_at: due,
        paid_at: paid,
        created_at: issued,
        provider_updated_at: paid,
      })
      .execute();
  }
  await db
    .insertInto('billing_customers')
    .values({ company_group_id: g, provider: 'sandbox', provider_id: customer.id })
    .onConflict((oc) => oc.columns(['company_group_id', 'provider']).doNothing())
    .execute();
  await db
    .updateTable('company_groups')
    .set({ plan_id: plan.id, plan_quantity: DEMO_PLAN_QUANTITY, subscription_id: sub.id })
    .where('id', '=', g)
    .execute();
  await db.updateTable('users').set({ vindi_id: customer.id }).where('company_group_id', '=', g).execute();

  // Two NFC tag orders: one shipped a month ago, one paid yesterday and waiting to be shipped.
  const company = await db
    .selectFrom('companies')
    .select('address')
    .where('id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const admin = ctx.users['group.admin@equipcheck.dev'] ?? null;
  const provider = ctx.users['admin@equipcheck.dev'] ?? null;
  for (const o of [
    { quantity: 20, created: monthsAgo(1), shipped: true },
    { quantity: 10, created: new Date(Date.now() - 2 * 24 * 3600 * 1000), shipped: false },
  ]) {
    const paidAt = new Date(o.created.getTime() + 24 * 3600 * 1000);
    const order = await db
      .insertInto('billing_tag_orders')
      .values({
        company_group_id: g,
        company_id: ctx.companyId,
        requested_by: admin,
        type: 'NFC',
        quantity: o.quantity,
        unit_cents: 325,
        total_cents: 325 * o.quantity,
        status: o.shipped ? 'SHIPPED' : 'PAID',
        shipping_address: company.address ? JSON.stringify(company.address) : null,
        created_at: o.created,
        paid_at: paidAt,
        shipped_at: o.shipped ? new Date(paidAt.getTime() + 2 * 24 * 3600 * 1000) : null,
        shipped_by: o.shipped ? provider : null,
        batch_job_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const billId = randomBytes(18).toString('base64url');
    const billItems = JSON.stringify([{ productId: nfcRef, quantity: o.quantity, unitCents: 325 }]);
    await db
      .insertInto('sandbox_bills')
      .values({
        id: billId,
        customer_id: customer.id,
        subscription_id: null,
        code: tagOrderCode(order.id),
        status: 'paid',
        amount_cents: 325 * o.quantity,
        payment_method_code: 'bank_slip',
        items: billItems,
        due_at: new Date(o.created.getTime() + 3 * 24 * 3600 * 1000),
        paid_at: paidAt,
        created_at: o.created,
        updated_at: paidAt,
      })
      .execute();
    await db
      .insertInto('billing_bills')
      .values({
        company_group_id: g,
        subscription_id: null,
        tag_order_id: order.id,
        provider: 'sandbox',
        provider_id: billId,
        code: tagOrderCode(order.id),
        status: 'paid',
        amount_cents: 325 * o.quantity,
        url: sandboxBillUrl(billId),
        due_at: new Date(o.created.getTime() + 3 * 24 * 3600 * 1000),
        paid_at: paidAt,
        created_at: o.created,
        provider_updated_at: paidAt,
      })
      .execute();
  }
}
