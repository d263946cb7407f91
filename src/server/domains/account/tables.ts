/** Core tables of accounts (registration, e-mail tokens). */
// biome-ignore lint/suspicious/noEmptyInterface: extended by the accounts issue
export interface AccountCoreTables {}
