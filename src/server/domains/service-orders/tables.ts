/** Tenant tables of service orders. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the service-orders issue
export interface ServiceOrderTables {}
