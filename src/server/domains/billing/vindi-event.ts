/**
 * The shape of a Vindi webhook event (issue 17), shared by the webhook ingest (billing-integration)
 * and the sandbox provider, which fires the same events. Vindi sends no signature and no event id:
 *
 *   { "event": { "type": "bill_paid", "created_at": "2026-11-24T10:00:00.000-03:00",
 *                "data": { "bill": { "id": 123, "status": "paid", "amount": "359.0", "url": "…",
 *                                    "due_at": "…", "subscription": { "id": 9 } | null,
 *                                    "customer": { "id": 7 }, "code": "tag-order-3" } } } }
 *
 * Subscription events carry `data.subscription` ({ id, status, customer, plan, code, … }); charge
 * events (`charge_rejected`, …) carry `data.charge` with its `bill`. Ids are numbers at Vindi and
 * strings in the sandbox: both are read as strings. Unknown fields are kept (the raw event is
 * stored as it came); unknown event types parse too (`test` and the rest are acknowledged).
 */
import { z } from 'zod';

/** The events the product acts on (others are stored and acknowledged). */
export const VINDI_EVENT_TYPES = [
  'bill_created',
  'bill_paid',
  'bill_canceled',
  'charge_rejected',
  'subscription_created',
  'subscription_canceled',
  'subscription_reactivated',
  'test',
] as const;
export type VindiEventType = (typeof VINDI_EVENT_TYPES)[number];

const providerId = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String);
const ref = z.looseObject({ id: providerId });
const optionalDate = z.string().max(64).nullish();

export const vindiBillSchema = z.looseObject({
  id: providerId,
  status: z.string().max(40),
  /** decimal string ('359.0') or number */
  amount: z.union([z.string().max(32), z.number()]).nullish(),
  url: z.string().max(2000).nullish(),
  due_at: optionalDate,
  created_at: optionalDate,
  updated_at: optionalDate,
  code: z.string().max(255).nullish(),
  subscription: ref.nullish(),
  customer: ref.nullish(),
});
export type VindiBill = z.infer<typeof vindiBillSchema>;

export const vindiSubscriptionSchema = z.looseObject({
  id: providerId,
  status: z.string().max(40),
  code: z.string().max(255).nullish(),
  created_at: optionalDate,
  updated_at: optionalDate,
  next_billing_at: optionalDate,
  customer: ref.nullish(),
  plan: ref.nullish(),
});
export type VindiSubscription = z.infer<typeof vindiSubscriptionSchema>;

export const vindiChargeSchema = z.looseObject({
  id: providerId,
  status: z.string().max(40).nullish(),
  bill: ref.nullish(),
});

export const vindiEventSchema = z.object({
  event: z.looseObject({
    type: z.string().min(1).max(64),
    created_at: z.string().min(1).max(64),
    data: z
      .looseObject({
        bill: vindiBillSchema.optional(),
        subscription: vindiSubscriptionSchema.optional(),
        charge: vindiChargeSchema.optional(),
      })
      .nullish(),
  }),
});
export type VindiEvent = z.infer<typeof vindiEventSchema>;
export type VindiEventInput = z.input<typeof vindiEventSchema>;

/**
 * What an event is about: the resource its deduplication key names (`kind` + `id`) and what the
 * worker re-reads from the provider before changing anything (a bill or a subscription). A charge
 * event is keyed on its charge and re-reads the charge's bill. `kind: 'none'` for `test` and any
 * event without a known resource.
 */
export interface VindiEventTarget {
  kind: 'bill' | 'subscription' | 'charge' | 'none';
  id: string | null;
  /** the bill to re-read, if any */
  billId: string | null;
  /** the subscription to re-read, if any */
  subscriptionId: string | null;
}

export function vindiEventTarget(e: VindiEvent): VindiEventTarget {
  const d = e.event.data ?? {};
  if (d.charge)
    return {
      kind: 'charge',
      id: d.charge.id,
      billId: d.charge.bill?.id ?? d.bill?.id ?? null,
      subscriptionId: null,
    };
  if (d.bill) return { kind: 'bill', id: d.bill.id, billId: d.bill.id, subscriptionId: null };
  if (d.subscription)
    return { kind: 'subscription', id: d.subscription.id, billId: null, subscriptionId: d.subscription.id };
  return { kind: 'none', id: null, billId: null, subscriptionId: null };
}
