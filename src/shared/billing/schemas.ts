/**
 * Plans, subscriptions, bills and tag orders (issue 17, seed 000 §1–§9): the inputs and answers of
 * the billing operations, shared by the server and the client. Money is integer cents (`…Cents`);
 * the seed's bill `amount` is also given as its decimal string. Provider statuses are kept as the
 * provider says them (subscription: active, canceled, future, expired…; bill: pending, paid,
 * canceled, review, scheduled…): the client labels them and shows unknown ones raw.
 */
import { z } from 'zod';
import { idField } from '../fields.ts';
import { listSchema } from '../list.ts';
import { TAG_TYPES } from './money.ts';

export { TAG_TYPES, type TagType } from './money.ts';

/** Stable plan ids (seed 000 §1 and §9): the four public plans, the custom quantity plan and the free plan. */
export const PLAN_IDS = {
  START: 1,
  STANDARD: 2,
  PREMIUM: 3,
  CUSTOM: 4,
  FREE: 5,
  ENTERPRISE: 6,
} as const;
/** The custom quantity plan (seed §9: "Plan id 4 is quantity-based"). */
export const CUSTOM_PLAN_ID = PLAN_IDS.CUSTOM;
/** The free plan (seed §9: "Free plan id 5"): no subscription, no bill. */
export const FREE_PLAN_ID = PLAN_IDS.FREE;
/** Seed §5: "Custom plan quantity at least 50". */
export const CUSTOM_PLAN_MIN_QUANTITY = 50;
/** The most equipment one custom plan may be bought for (a typo guard, not a business rule). */
export const CUSTOM_PLAN_MAX_QUANTITY = 100_000;
/** Seed §5: "Tag quantity minimum 1"; the most one order may ask for. */
export const TAG_ORDER_MIN_QUANTITY = 1;
export const TAG_ORDER_MAX_QUANTITY = 10_000;
/** Seed §9: "default quantity 10" on the /buy-tag cards. */
export const TAG_ORDER_DEFAULT_QUANTITY = 10;

/** A company group's payment status (core.company_groups.payment_status). */
export const PAYMENT_STATUSES = ['OK', 'PENDING', 'BLOCKED'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Tag order states: AWAITING_PAYMENT → PAID → SHIPPED; CANCELED when its bill is. */
export const TAG_ORDER_STATUSES = ['AWAITING_PAYMENT', 'PAID', 'SHIPPED', 'CANCELED'] as const;
export const tagOrderStatusSchema = z.enum(TAG_ORDER_STATUSES);
export type TagOrderStatus = z.infer<typeof tagOrderStatusSchema>;

// ── plans ───────────────────────────────────────────────────────────────────────────────────────

/** A plan as the landing cards, /plans, /register, /my-plan and the provider admin's editor show it. */
export const planSchema = z.object({
  id: z.number().int(),
  /** stable reference, also the provider's plan code: 'start', 'standard', … */
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** monthly price; for the per-unit plan (4) the price of its minimum quantity */
  priceCents: z.number().int(),
  /** how much equipment the plan allows; null: the quantity bought (plan 4) */
  equipmentLimit: z.number().int().nullable(),
  /** the custom quantity plan (id 4): priced per equipment */
  perUnit: z.boolean(),
  /** per-unit price (plan 4: 99 = R$ 0,99); null for the others */
  unitCents: z.number().int().nullable(),
  /** least quantity (plan 4: 50); null for the others */
  minQuantity: z.number().int().nullable(),
  /** shown on the landing page and offered on /my-plan */
  active: z.boolean(),
  /** order of the cards */
  position: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

/** The unit price of each tag type (the /buy-tag cards' live prices). */
export const tagPricesSchema = z.object({ QR: z.number().int(), NFC: z.number().int() });
export type TagPrices = z.infer<typeof tagPricesSchema>;

/** The provider admin edits a plan (ids and codes stay). */
export const updatePlanSchema = z.object({
  id: idField,
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500),
  priceCents: z.number().int().min(0).max(100_000_000),
  equipmentLimit: z.number().int().min(1).max(1_000_000).nullable(),
  unitCents: z.number().int().min(0).max(1_000_000).nullable(),
  active: z.boolean(),
});
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

/** The provider admin edits a tag's unit price. */
export const updateTagPriceSchema = z.object({
  type: z.enum(TAG_TYPES),
  unitCents: z.number().int().min(1).max(1_000_000),
});

// ── subscriptions and bills ─────────────────────────────────────────────────────────────────────

/** A bill as the seed reads it (`GET /web/company-groups/bill/{id}` → `bills[0]`: url, amount, status). */
export const billSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  /** the seed's decimal string, e.g. '359.00' */
  amount: z.string(),
  amountCents: z.number().int(),
  /** where the customer pays it (opened in a new tab) */
  url: z.string().nullable(),
  dueAt: z.date().nullable(),
  createdAt: z.date(),
  paidAt: z.date().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

/** A subscription (`GET /web/company-groups/subscription/{id}` → `subscription`): the seed's fields, then ours. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  created_at: z.date(),
  next_billing_at: z.date().nullable(),
  planId: z.number().int(),
  planName: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  /** the newest bill's page, if any */
  billUrl: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * One row of the /my-plan table (Data da Fatura, Valor, Próxima Fatura, Status da Fatura, Opções):
 * one per bill of the group's subscriptions, newest first, with its subscription's fields (the
 * options follow the subscription's status: active → Visualizar, Cancelar; canceled → Reativar).
 * A subscription without any bill yet gives one row with `bill: null`. `key` is unique per row.
 */
export const subscriptionRowSchema = z.object({
  key: z.string(),
  id: z.number().int(),
  status: z.string(),
  createdAt: z.date(),
  nextBillingAt: z.date().nullable(),
  planId: z.number().int(),
  planName: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  /**
   * The subscription's current row (its newest bill's, or its only row when it has no bill): the
   * one row that offers the subscription's Cancelar / Reativar (issue 26 item 18).
   */
  current: z.boolean(),
  bill: z
    .object({
      id: z.number().int(),
      status: z.string(),
      amountCents: z.number().int(),
      url: z.string().nullable(),
      dueAt: z.date().nullable(),
      createdAt: z.date(),
    })
    .nullable(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

/** The /my-plan rows, paged (newest first). */
export const subscriptionRowsListSchema = listSchema({
  sort: ['createdAt'],
  defaultDirection: 'desc',
});

/** The /my-plan header: the group's plan, its limit and use, its payment status, its current subscription. */
export const myPlanSchema = z.object({
  companyGroupId: z.number().int(),
  /** null: a group without a plan (created by the provider admin) — no plan limit */
  plan: planSchema.nullable(),
  /** the quantity bought (plan 4), else null */
  quantity: z.number().int().nullable(),
  /** the equipment the plan allows (plan 4: the quantity), null without a plan */
  equipmentLimit: z.number().int().nullable(),
  /** equipment registered in the group (from the counters) */
  equipmentCount: z.number().int(),
  paymentStatus: paymentStatusSchema,
  /** the current (not canceled) subscription, or the last one */
  subscription: subscriptionSchema.nullable(),
  /** the oldest unpaid bill (what the pending-payment pop-up sends the user to), if any */
  openBill: billSchema.nullable(),
});
export type MyPlan = z.infer<typeof myPlanSchema>;

/** `GET /web/company-groups/company-group-plan[/{id}]`: a company group's plan (seed §7). */
export const companyGroupPlanSchema = z.object({
  companyGroupId: z.number().int(),
  companyGroupName: z.string(),
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  quantity: z.number().int().nullable(),
  equipmentLimit: z.number().int().nullable(),
  paymentStatus: paymentStatusSchema,
  subscriptionId: z.number().int().nullable(),
});
export type CompanyGroupPlan = z.infer<typeof companyGroupPlanSchema>;
export const companyGroupPlanListSchema = listSchema({
  sort: ['name'],
  filters: { paymentStatus: paymentStatusSchema.optional() },
});

/** Changing plan (PUT /web/company-groups/subscription/{id}); `quantity` is required for plan 4 (≥ 50). */
export const changePlanSchema = z.object({
  /** the current subscription's id (path); 0 or absent when the group has none yet */
  id: z.number().int().min(0).max(2_147_483_647).optional(),
  planId: idField,
  quantity: z.number().int().min(1).max(CUSTOM_PLAN_MAX_QUANTITY).optional(),
});
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

/**
 * What a plan change will bill, before the user confirms (issue 26 item 12): the new price, the
 * credit for the unused days of the paid period, and the first bill (price − credit).
 */
export const changeQuoteSchema = z.object({
  newPriceCents: z.number().int(),
  creditCents: z.number().int(),
  firstBillCents: z.number().int(),
  unusedDays: z.number().int(),
  periodDays: z.number().int(),
});

/** What starting or changing a subscription answers: the bill to open in a new tab (null: nothing to pay). */
export const subscriptionStartSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  billUrl: z.string().nullable(),
});
export type SubscriptionStart = z.infer<typeof subscriptionStartSchema>;

/** `GET /web/company-groups/company-group-status/{id}`: the pending-payment check (seed §7). */
export const companyGroupStatusSchema = z.object({
  companyGroupId: z.number().int(),
  paymentStatus: paymentStatusSchema,
});

// ── tag orders ──────────────────────────────────────────────────────────────────────────────────

/** A tag order (the /buy-tag table; the provider admin's fulfilment list). */
export const tagOrderSchema = z.object({
  id: z.number().int(),
  type: z.enum(TAG_TYPES),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
  billId: z.number().int().nullable(),
  billStatus: z.string().nullable(),
  billUrl: z.string().nullable(),
  status: tagOrderStatusSchema,
  createdAt: z.date(),
  paidAt: z.date().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyGroupId: z.number().int(),
  companyGroupName: z.string(),
  requestedBy: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** the company's address when the order was placed (address, complement, neighborhood, city, state, cep) */
  shippingAddress: z.record(z.string(), z.string()).nullable(),
  shippedAt: z.date().nullable(),
  shippedBy: z.string().nullable(),
  /** QR orders once paid: the QR batch job whose serials were allocated (its PDF prints them) */
  batchJobId: z.string().nullable(),
});
export type TagOrder = z.infer<typeof tagOrderSchema>;

/** The tag quantity: a whole number ≥ 1 (TAG_ORDER_MIN_QUANTITY), at most TAG_ORDER_MAX_QUANTITY. */
const tagQuantityField = z
  .number()
  .int()
  .max(TAG_ORDER_MAX_QUANTITY)
  .superRefine((v, ctx) => {
    if (v < TAG_ORDER_MIN_QUANTITY)
      ctx.addIssue({
        code: 'custom',
        message: 'TAG_ORDER_MIN_QUANTITY',
        params: { code: 'TAG_ORDER_MIN_QUANTITY', min: TAG_ORDER_MIN_QUANTITY },
      });
  });

/** POST /web/billing/tag-orders `{ type: QR|NFC, quantity }`. */
export const createTagOrderSchema = z.object({
  type: z.enum(TAG_TYPES),
  quantity: tagQuantityField,
});
export type CreateTagOrderInput = z.infer<typeof createTagOrderSchema>;

/** What placing an order answers (`{ data: { id, billUrl, … } }`). */
export const tagOrderCreatedSchema = tagOrderSchema;

/** GET /web/billing/tag-orders: the caller's orders (provider admin: every group's, by status). */
export const tagOrderListSchema = listSchema({
  sort: ['createdAt', 'status'],
  defaultDirection: 'desc',
  filters: { status: tagOrderStatusSchema.optional() },
});
export type TagOrderListInput = z.infer<typeof tagOrderListSchema>;

/** The provider admin marks a paid order shipped. */
export const markShippedSchema = z.object({ id: idField });

/** Where a tag order of the session's company would be shipped (the 'Atenção!' check, seed 000 §4). */
export const shippingAddressSchema = z.object({
  companyName: z.string().nullable(),
  address: z.record(z.string(), z.string()).nullable(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
