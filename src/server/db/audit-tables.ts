/**
 * The audit trail's tables (issue 29 item 4; tenant and core migrations 1121), declared in the db
 * layer because the kit's one tenant transaction (kit/tenant-tx.ts) and the core write helpers
 * write the header rows; the audit domain reads them.
 */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json } from './core-tables.ts';

/** An xid8 stamped by a BEFORE INSERT trigger (the node's own transaction id); never written by the app. */
type Stamped = ColumnType<string | null, never, never>;

export interface AuditTransactionTable {
  id: Generated<number>;
  xact_id: Stamped;
  at: DefaultTimestamp;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  role: string | null;
  ip: string | null;
  user_agent: string | null;
  operation: string | null;
  company_id: number | null;
}

export type AuditAction = 'INSERT' | 'UPDATE' | 'DELETE';

export interface AuditEntryTable {
  id: Generated<number>;
  transaction_id: number | null;
  xact_id: ColumnType<string, never, never>;
  at: DefaultTimestamp;
  user_id: number | null;
  entity: string;
  entity_id: string | null;
  action: AuditAction;
  company_id: number | null;
  changes: Json<Record<string, unknown>>;
}

export interface AuditRetentionRunTable {
  id: Generated<number>;
  xact_id: Stamped;
  cutoff: Date | string;
  at: DefaultTimestamp;
}

export interface CoreAuditTransactionTable extends AuditTransactionTable {
  group_id: number | null;
}
export interface CoreAuditEntryTable extends AuditEntryTable {
  group_id: number | null;
}

export interface TenantAuditTables {
  audit_transactions: AuditTransactionTable;
  audit_entries: AuditEntryTable;
  audit_retention_runs: AuditRetentionRunTable;
}
export interface CoreAuditTables {
  audit_transactions: CoreAuditTransactionTable;
  audit_entries: CoreAuditEntryTable;
  audit_retention_runs: AuditRetentionRunTable;
}

declare module './schema.ts' {
  interface TenantDatabase extends TenantAuditTables {}
  interface CoreDatabase extends CoreAuditTables {}
}
