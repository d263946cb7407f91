// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import { type Kysely, sql } from 'kysely';

/**
 * Billing (issue 17): the plan catalogue (stable ids, seed 000 §1 and §9), the products sold by
 * the unit (the custom plan's equipment, QR and NFC tags), the provider's ids of each, customers,
 * subscriptions, bills and tag orders; the company group's plan; and the sandbox provider's own
 * rows (the default provider keeps real customers, subscriptions and bills in our database).
 * Every list and lookup has its index; the rows_changed triggers are added after migrating.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_plans')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('equipment_limit', 'integer', (c) => c.check(sql`equipment_limit > 0`))
    .addColumn('per_unit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('unit_cents', 'integer', (c) => c.check(sql`unit_cents >= 0`))
    .addColumn('min_quantity', 'integer', (c) => c.check(sql`min_quantity > 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Seed 000 §1 (the four public plans), §9 (4: custom, ≥ 50 at 0,99 each; 5: free).
  await sql`insert into core.billing_plans
      (id, code, name, description, price_cents, equipment_limit, per_unit, unit_cents, min_quantity, active, position)
    values
      (1, 'start', 'Start', 'Até 50 equipamentos', 35900, 50, false, null, null, true, 1),
      (2, 'standard', 'Standard', 'Até 100 equipamentos', 52900, 100, false, null, null, true, 2),
      (3, 'premium', 'Premium', 'Até 500 equipamentos', 104900, 500, false, null, null, true, 3),
      (6, 'enterprise', 'Enterprise', 'Até 1000 equipamentos', 143900, 1000, false, null, null, true, 4),
      (4, 'custom', 'Personalizado', 'A partir de 50 equipamentos, R$ 0,99 por equipamento', 4950, null, true, 99, 50, true, 5),
      (5, 'free', 'Gratuito', 'Até 10 equipamentos, sem custo', 0, 10, false, null, null, true, 6)
    on conflict (id) do nothing`.execute(db);

  await db.schema
    .createTable('billing_products')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_cents', 'integer', (c) => c.notNull().check(sql`unit_cents >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Seed 000 §9: custom plan 0,99 per equipment; QR tag 1,15; NFC tag 3,25 (not the seed
  // client's 1,15 factor, which was a bug: 10 NFC tags are R$ 32,50).
  await sql`insert into core.billing_products (code, name, unit_cents) values
      ('custom-plan-unit', 'Equipamento (plano personalizado)', 99),
      ('tag-qr', 'Tag QR Code', 115),
      ('tag-nfc', 'Tag NFC', 325)
    on conflict (code) do nothing`.execute(db);

  await db.schema
    .createTable('billing_provider_refs')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('plan', 'product')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_provider_refs_pk', ['provider', 'kind', 'code'])
    .execute();

  await db.schema
    .createTable('billing_customers')
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('billing_customers_pk', ['company_group_id', 'provider'])
    .addUniqueConstraint('billing_customers_provider_uq', ['provider', 'provider_id'])
    .execute();

  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('core.billing_plans.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity > 0`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_billing_at', 'timestamptz')
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('provider_updated_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index billing_subscriptions_provider_uq on core.billing_subscriptions (provider, provider_id)
    where provider_id is not null`.execute(db);
  await sql`create index billing_subscriptions_group_idx on core.billing_subscriptions (company_group_id, id desc)`.execute(
    db,
  );
  // The nightly reconciliation pages through the open ones.
  await sql`create index billing_subscriptions_open_idx on core.billing_subscriptions (id)
    where status not in ('canceled', 'expired')`.execute(db);

  await db.schema
    .createTable('billing_tag_orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('core.companies.id').onDelete('cascade'))
    .addColumn('requested_by', 'bigint', (c) => c.references('core.users.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('QR', 'NFC')`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('AWAITING_PAYMENT')
        .check(sql`status in ('AWAITING_PAYMENT', 'PAID', 'SHIPPED', 'CANCELED')`),
    )
    .addColumn('shipping_address', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('shipped_by', 'bigint', (c) => c.references('core.users.id').onDelete('set null'))
    .addColumn('batch_job_id', 'uuid')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index billing_tag_orders_group_idx on core.billing_tag_orders (company_group_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index billing_tag_orders_company_idx on core.billing_tag_orders (company_id, created_at desc, id desc)`.execute(
    db,
  );
  // The provider admin's lists: every group's orders newest first, or by status.
  await sql`create index billing_tag_orders_created_idx on core.billing_tag_orders (created_at desc, id desc)`.execute(
    db,
  );
  // The provider admin's fulfilment list: by status, newest first.
  await sql`create index billing_tag_orders_status_idx on core.billing_tag_orders (status, created_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('billing_bills')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'bigint', (c) =>
      c.references('core.billing_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('tag_order_id', 'bigint', (c) =>
      c.references('core.billing_tag_orders.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('due_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('provider_updated_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('billing_bills_provider_uq', ['provider', 'provider_id'])
    .execute();
  await sql`create index billing_bills_group_idx on core.billing_bills (company_group_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index billing_bills_subscription_idx on core.billing_bills (subscription_id, created_at desc, id desc)
    where subscription_id is not null`.execute(db);
  await sql`create index billing_bills_tag_order_idx on core.billing_bills (tag_order_id, created_at desc, id desc)
    where tag_order_id is not null`.execute(db);
  // Payment status: a group's unpaid bills by due date; overdueGroups(): every unpaid bill past due.
  await sql`create index billing_bills_unpaid_idx on core.billing_bills (company_group_id, due_at)
    where status = 'pending'`.execute(db);
  await sql`create index billing_bills_unpaid_due_idx on core.billing_bills (due_at)
    where status = 'pending'`.execute(db);
  // The nightly reconciliation pages through the bills that may still change.
  await sql`create index billing_bills_open_idx on core.billing_bills (id)
    where status not in ('paid', 'canceled')`.execute(db);

  // The company group's plan and current subscription.
  await sql`alter table core.company_groups
    add column if not exists plan_id integer references core.billing_plans(id),
    add column if not exists plan_quantity integer check (plan_quantity > 0),
    add column if not exists subscription_id bigint references core.billing_subscriptions(id) on delete set null`.execute(
    db,
  );
  // The groups whose status is not OK (the nightly job brings them back when paid).
  await sql`create index if not exists company_groups_payment_status_idx on core.company_groups (payment_status)
    where payment_status <> 'OK'`.execute(db);
  await sql`create index if not exists company_groups_plan_idx on core.company_groups (plan_id)
    where plan_id is not null`.execute(db);

  // ── the sandbox provider ──
  await db.schema
    .createTable('sandbox_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('registry_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('sandbox_catalog')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('plan', 'product')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_cents', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sandbox_catalog_code_uq', ['kind', 'code'])
    .execute();
  await db.schema
    .createTable('sandbox_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('core.sandbox_customers.id'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method_code', 'text', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_billing_at', 'timestamptz')
    .execute();
  await sql`create index sandbox_subscriptions_customer_idx on core.sandbox_subscriptions (customer_id)`.execute(
    db,
  );
  await db.schema
    .createTable('sandbox_bills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('core.sandbox_customers.id'))
    .addColumn('subscription_id', 'text', (c) => c.references('core.sandbox_subscriptions.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_method_code', 'text', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sandbox_bills_subscription_idx on core.sandbox_bills (subscription_id, created_at desc)
    where subscription_id is not null`.execute(db);
  await sql`create unique index sandbox_bills_code_uq on core.sandbox_bills (code)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table core.company_groups
    drop column if exists subscription_id, drop column if exists plan_quantity, drop column if exists plan_id`.execute(
    db,
  );
  await sql`drop index if exists core.company_groups_payment_status_idx`.execute(db);
  for (const t of [
    'sandbox_bills',
    'sandbox_subscriptions',
    'sandbox_catalog',
    'sandbox_customers',
    'billing_bills',
    'billing_tag_orders',
    'billing_subscriptions',
    'billing_customers',
    'billing_provider_refs',
    'billing_products',
    'billing_plans',
  ]) {
    await db.schema.dropTable(t).ifExists().cascade().execute();
  }
}
