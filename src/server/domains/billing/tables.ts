/** Core tables of billing (plans, subscriptions, bills, tag orders, webhook events). */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the billing issue
export interface BillingCoreTables {}
