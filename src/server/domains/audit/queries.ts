/**
 * The audit trail's two readable sources with their filters, shared by the screen's list and the
 * CSV export (issue 29 item 4): a company group's entries (its schema: equipment, tags, records,
 * orders, webhooks, catalogue) and the core entries (users, companies, group and plan, settings).
 * Each is one schema, so a query never joins core with a tenant schema (Citus: core stays on the
 * coordinator). Filters are index ranges: (at, id), (user_id, at, id), (entity, at, id),
 * (company_id | group_id, at, id).
 */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AuditEntry } from '../../../shared/audit/schemas.ts';
import type { AuditAction } from '../../db/audit-tables.ts';
import { dayStart, nextDayStart } from '../../db/days.ts';
import type { CoreDatabase, TenantDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export interface AuditFilters {
  userId?: number | undefined;
  entity?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The filters both sources share, as conditions on `e` (their `audit_entries`, same columns): a
 * company's rows, a user, an entity, an action, the period (days of the product's time zone).
 */
function entryConditions(f: AuditFilters, companyId: number | null): RawBuilder<SqlBool>[] {
  if (f.from && f.to && f.from > f.to) throw new AppError('AUDIT_PERIOD_INVALID');
  const c: RawBuilder<SqlBool>[] = [];
  if (companyId !== null) c.push(sql`e.company_id = ${companyId}`);
  if (f.userId !== undefined) c.push(sql`e.user_id = ${f.userId}`);
  if (f.entity !== undefined) c.push(sql`e.entity = ${f.entity}`);
  if (f.action !== undefined) c.push(sql`e.action = ${f.action}`);
  if (f.from) c.push(sql`e.at >= ${dayStart(f.from)}`);
  if (f.to) c.push(sql`e.at < ${nextDayStart(f.to)}`);
  return c;
}

/** A company group's entries, with their headers; `companyId` narrows to one company's rows. */
export function groupEntries(db: Kysely<TenantDatabase>, f: AuditFilters, companyId: number | null) {
  const conditions = entryConditions(f, companyId);
  return db
    .selectFrom('audit_entries as e')
    .leftJoin('audit_transactions as h', 'h.id', 'e.transaction_id')
    .where((eb) => eb.and(conditions));
}

/** Core entries of one group (`groupId`), or platform-level ones (null); `companyId` narrows. */
export function coreEntries(
  db: Kysely<CoreDatabase>,
  f: AuditFilters,
  groupId: number | null,
  companyId: number | null,
) {
  const conditions = entryConditions(f, companyId);
  return db
    .selectFrom('audit_entries as e')
    .leftJoin('audit_transactions as h', 'h.id', 'e.transaction_id')
    .where('e.group_id', groupId === null ? 'is' : '=', groupId)
    .where((eb) => eb.and(conditions));
}

/** The columns of an entry, the same in both sources. */
export const ENTRY_COLUMNS = [
  'e.id',
  'e.at',
  'e.entity',
  'e.entity_id',
  'e.action',
  'e.company_id',
  'e.changes',
  'e.user_id',
  'h.user_name',
  'h.user_email',
  'h.role',
  'h.ip',
  'h.operation',
] as const;

export interface EntryRow {
  id: number;
  at: Date;
  entity: string;
  entity_id: string | null;
  action: AuditAction;
  company_id: number | null;
  changes: Record<string, unknown>;
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  role: string | null;
  ip: string | null;
  operation: string | null;
}

export function toEntry(r: EntryRow): AuditEntry {
  return {
    id: r.id,
    at: r.at,
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    companyId: r.company_id,
    userId: r.user_id,
    userName: r.user_name,
    userEmail: r.user_email,
    role: r.role,
    ip: r.ip,
    operation: r.operation,
    changes: r.changes,
  };
}
