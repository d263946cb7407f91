/** Core tables of organisations beyond the foundation's company_groups/companies/users. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the organisations issue
export interface OrganisationCoreTables {}
