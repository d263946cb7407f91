import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from '../../db/core-tables.ts';

/**
 * Billing's tables in `core` (migrations/core/0401_billing.ts): the plan and product catalogue,
 * the provider's ids of each, customers, subscriptions, bills and tag orders, plus the sandbox
 * provider's own rows (what "the provider" holds when BILLING_PROVIDER=sandbox).
 */
export interface BillingPlanTable {
  /** stable ids: 1 Start, 2 Standard, 3 Premium, 4 custom quantity, 5 free, 6 Enterprise */
  id: number;
  code: string;
  name: string;
  description: string;
  price_cents: number;
  equipment_limit: number | null;
  per_unit: boolean;
  unit_cents: number | null;
  min_quantity: number | null;
  active: boolean;
  position: number;
  updated_at: DefaultTimestamp;
}

/** Products sold outside the plans' own price: the custom plan's unit and the tags. */
export interface BillingProductTable {
  /** 'custom-plan-unit', 'tag-qr', 'tag-nfc' */
  code: string;
  name: string;
  unit_cents: number;
  updated_at: DefaultTimestamp;
}

/** The provider's id of one of our plans or products (filled by ensurePlan/ensureProduct on first use). */
export interface BillingProviderRefTable {
  provider: string;
  kind: 'plan' | 'product';
  code: string;
  provider_id: string;
  created_at: DefaultTimestamp;
}

/** A company group's customer at a provider (the logged user's `vindi_id`). */
export interface BillingCustomerTable {
  company_group_id: number;
  provider: string;
  provider_id: string;
  created_at: DefaultTimestamp;
}

export interface BillingSubscriptionTable {
  id: Generated<number>;
  company_group_id: number;
  plan_id: number;
  quantity: number;
  amount_cents: number;
  provider: string;
  /** null until the provider has created it (a failed attempt is retried on this row) */
  provider_id: string | null;
  /** 'pending' before the provider has it; then the provider's (active, canceled, future, expired…) */
  status: string;
  created_at: DefaultTimestamp;
  next_billing_at: Timestamp | null;
  canceled_at: Timestamp | null;
  /** the newest provider state applied (its update time, else when we read it) */
  provider_updated_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

export interface BillingBillTable {
  id: Generated<number>;
  company_group_id: number;
  subscription_id: number | null;
  tag_order_id: number | null;
  provider: string;
  provider_id: string;
  code: string | null;
  status: string;
  amount_cents: number;
  url: string | null;
  due_at: Timestamp | null;
  paid_at: Timestamp | null;
  created_at: DefaultTimestamp;
  provider_updated_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

export interface BillingTagOrderTable {
  id: Generated<number>;
  company_group_id: number;
  company_id: number;
  requested_by: number | null;
  type: 'QR' | 'NFC';
  quantity: number;
  unit_cents: number;
  total_cents: number;
  status: Generated<'AWAITING_PAYMENT' | 'PAID' | 'SHIPPED' | 'CANCELED'>;
  shipping_address: Json<Record<string, string> | null>;
  created_at: DefaultTimestamp;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  shipped_by: number | null;
  /** QR orders: the qr-pdf job whose id keys the serials allocated (core.tag_registry.job_id) */
  batch_job_id: string | null;
  updated_at: DefaultTimestamp;
}

// ── the sandbox provider's own rows ───────────────────────────────────────────────────────────────

export interface SandboxCustomerTable {
  id: string;
  code: string;
  name: string;
  email: string;
  registry_code: string | null;
  created_at: DefaultTimestamp;
}

export interface SandboxCatalogTable {
  id: string;
  kind: 'plan' | 'product';
  code: string;
  name: string;
  unit_cents: number | null;
  created_at: DefaultTimestamp;
}

export interface SandboxSubscriptionTable {
  id: string;
  customer_id: string;
  plan_id: string;
  code: string;
  status: string;
  payment_method_code: string;
  items: Json<{ productId: string; quantity: number; unitCents: number }[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  next_billing_at: Timestamp | null;
}

export interface SandboxBillTable {
  /** unguessable: the bill page's address is all it takes to pay it */
  id: string;
  customer_id: string;
  subscription_id: string | null;
  code: string;
  status: string;
  amount_cents: number;
  payment_method_code: string;
  items: Json<{ productId: string; quantity: number; unitCents: number }[]>;
  due_at: Timestamp;
  paid_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface BillingCoreTables {
  billing_plans: BillingPlanTable;
  billing_products: BillingProductTable;
  billing_provider_refs: BillingProviderRefTable;
  billing_customers: BillingCustomerTable;
  billing_subscriptions: BillingSubscriptionTable;
  billing_bills: BillingBillTable;
  billing_tag_orders: BillingTagOrderTable;
  sandbox_customers: SandboxCustomerTable;
  sandbox_catalog: SandboxCatalogTable;
  sandbox_subscriptions: SandboxSubscriptionTable;
  sandbox_bills: SandboxBillTable;
}

export type BillingPlanRow = Selectable<BillingPlanTable>;
export type BillingSubscriptionRow = Selectable<BillingSubscriptionTable>;
export type BillingBillRow = Selectable<BillingBillTable>;
export type BillingTagOrderRow = Selectable<BillingTagOrderTable>;

declare module '../../db/core-tables.ts' {
  interface CompanyGroupTable {
    /** the group's plan (null: no plan, no plan limit — groups the provider admin creates) */
    plan_id: number | null;
    /** the quantity bought on the custom plan (4) */
    plan_quantity: number | null;
    /** the current subscription (the logged user's `subscription_id`) */
    subscription_id: number | null;
  }
}

declare module '../../db/schema.ts' {
  interface CoreDatabase extends BillingCoreTables {}
}
