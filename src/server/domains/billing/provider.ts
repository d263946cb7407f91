/**
 * The payment provider behind plans, subscriptions and bills (issue 17). Two implementations:
 * `SandboxProvider` (the default: real customers, subscriptions and bills in our own database, a
 * local bill page with "pay" and "fail", the same webhooks Vindi would send) and `VindiProvider`
 * (Vindi's REST API v1). The provider key never reaches a browser: only the server calls this.
 *
 * Money is integer cents everywhere. Provider ids are strings (Vindi's are numbers; ours are too,
 * but a string keeps either honest). Statuses are the provider's own words, kept as they come
 * (`active`, `canceled`, `future`, `expired`…; `review`, `pending`, `paid`, `canceled`,
 * `scheduled`…): the UI labels them (seed 000 §4) and shows unknown ones raw.
 */
import { config } from '../../config.ts';

export type PaymentMethodCode = 'bank_slip' | 'credit_card' | 'pix';

export interface ProviderCustomer {
  providerId: string;
}

export interface ProviderSubscription {
  providerId: string;
  customerId: string;
  /** the provider's plan id */
  planId: string;
  status: string;
  createdAt: Date;
  nextBillingAt: Date | null;
  /** our reference (`code` in Vindi), e.g. `group-12-sub-3` */
  code: string | null;
  /**
   * When the provider last changed it (Vindi's `updated_at`), if known: a state read earlier than
   * the one already applied is not applied again (events and re-reads may arrive out of order).
   */
  updatedAt?: Date | null;
}

export interface ProviderBill {
  providerId: string;
  customerId: string;
  /** null for a one-off bill (a tag order) */
  subscriptionId: string | null;
  status: string;
  amountCents: number;
  /** the page where the customer pays it */
  url: string | null;
  dueAt: Date | null;
  createdAt: Date;
  /** our reference (`code` in Vindi), e.g. `tag-order-7` */
  code: string | null;
  /** When the provider last changed it (Vindi's `updated_at`), if known (see ProviderSubscription). */
  updatedAt?: Date | null;
}

export interface BillItem {
  /** the provider's product id */
  productId: string;
  quantity: number;
  /** the unit price, when not the product's own */
  unitCents?: number;
}

export interface BillingProvider {
  readonly name: 'sandbox' | 'vindi';
  /** Creates the plan (by our `code`) when the provider has none of that code; returns its id. */
  ensurePlan(input: { code: string; name: string }): Promise<string>;
  /** Creates the product (by our `code`) when the provider has none; returns its id. */
  ensureProduct(input: { code: string; name: string; unitCents: number }): Promise<string>;
  createCustomer(input: {
    name: string;
    email: string;
    /** our reference: `group-<id>` */
    code: string;
    /** CNPJ digits, when known */
    registryCode?: string | null;
  }): Promise<ProviderCustomer>;
  /** A subscription and, when the provider issues it at once, its first bill. */
  createSubscription(input: {
    customerId: string;
    planId: string;
    paymentMethodCode: PaymentMethodCode;
    items: BillItem[];
    code: string;
    /**
     * Taken off the first bill only (a plan change's credit for the unused days of the paid
     * period, issue 26 item 12); never more than that bill.
     */
    firstBillDiscountCents?: number;
  }): Promise<{ subscription: ProviderSubscription; bill: ProviderBill | null }>;
  getSubscription(providerId: string): Promise<ProviderSubscription | null>;
  cancelSubscription(providerId: string): Promise<ProviderSubscription>;
  reactivateSubscription(providerId: string): Promise<ProviderSubscription>;
  /** A one-off bill (tag orders). */
  createBill(input: {
    customerId: string;
    paymentMethodCode: PaymentMethodCode;
    items: BillItem[];
    code: string;
  }): Promise<ProviderBill>;
  getBill(providerId: string): Promise<ProviderBill | null>;
  /** The bills of a subscription, newest first (reconciliation, the /my-plan table). */
  listSubscriptionBills(subscriptionId: string): Promise<ProviderBill[]>;
}

let provider: BillingProvider | undefined;

/** The configured provider (`BILLING_PROVIDER`: sandbox by default, or vindi). */
export async function billingProvider(): Promise<BillingProvider> {
  if (provider) return provider;
  const c = config();
  if (c.BILLING_PROVIDER === 'vindi') {
    const { VindiProvider } = await import('./providers/vindi.ts');
    provider = new VindiProvider({
      apiKey: c.VINDI_API_KEY ?? '',
      baseUrl: c.VINDI_API_URL,
    });
  } else {
    const { SandboxProvider } = await import('./providers/sandbox.ts');
    provider = new SandboxProvider();
  }
  return provider;
}

/** Tests swap the provider (a Vindi provider against a local fake server, say). */
export function setBillingProvider(p: BillingProvider | undefined): void {
  provider = p;
}
