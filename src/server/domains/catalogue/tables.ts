/** Tenant tables of the catalogue domain (filled by the catalogue issue). */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the catalogue issue
export interface CatalogueTables {}
