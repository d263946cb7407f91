/**
 * The typed shape of both schemas. The foundation's tables are here; each domain adds its own from
 * its `domains/<d>/tables.ts` by declaration merging (`declare module '../../db/schema.ts'`), so a
 * new domain touches no shared file for its tables.
 */
import type { FoundationCoreTables } from './core-tables.ts';

// biome-ignore lint/suspicious/noEmptyInterface: domains merge their tables into it
export interface CoreDatabase extends FoundationCoreTables {}

export interface TenantInfoTable {
  key: string;
  value: string;
}

export interface TenantDatabase {
  tenant_info: TenantInfoTable;
}
