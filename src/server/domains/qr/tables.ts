/** Tables of tags and QR batches: `core.tag_registry` and the tenant `tags`. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the QR issue
export interface QrCoreTables {}
// biome-ignore lint/suspicious/noEmptyInterface: extended by the QR issue
export interface QrTenantTables {}
