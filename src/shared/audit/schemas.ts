/**
 * The audit trail's screen and export (issue 29 item 4): entries written by the database's
 * triggers (tenant and core migrations 1121), read by company and group admins (their group's data
 * and accounts) and by the provider admin (platform-level changes).
 */
import { z } from 'zod';
import { idField, isoDateField } from '../fields.ts';
import { listSchema, pageSchema } from '../list.ts';

/** The tables a company group's log covers (tenant migration 1121 `AUDITED_TABLES`). */
export const AUDIT_GROUP_ENTITIES = [
  'equipment',
  'equipment_attribute_values',
  'inspections',
  'maintenances',
  'tags',
  'tag_replacement_requests',
  'service_orders',
  'service_order_items',
  'webhook_endpoints',
  'tenant_info',
  'categories',
  'products',
  'inspection_types',
  'record_photos',
  'record_seals',
  'maintenance_cycles',
  'visit_plans',
  'visits',
] as const;
/** The core tables the log covers (core migration 1121). */
export const AUDIT_ACCOUNT_ENTITIES = [
  'users',
  'companies',
  'company_groups',
  'system_config',
  'billing_plans',
  'billing_subscriptions',
] as const;
export const AUDIT_ENTITIES = [...AUDIT_GROUP_ENTITIES, ...AUDIT_ACCOUNT_ENTITIES] as const;
export const AUDIT_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
/** `group`: the group's data (its schema); `accounts`: its users, companies and plan (core). */
export const AUDIT_SOURCES = ['group', 'accounts'] as const;

const filters = {
  userId: idField.optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** first and last day of the period (APP_TIME_ZONE), both included */
  from: isoDateField.optional(),
  to: isoDateField.optional(),
};

export const auditListSchema = listSchema({
  sort: ['at'],
  defaultSort: 'at',
  defaultDirection: 'desc',
  filters: { ...filters, companyId: idField.optional(), source: z.enum(AUDIT_SOURCES).default('group') },
});
export type AuditListInput = z.output<typeof auditListSchema>;

/** The export takes the list's filters without paging. */
export const auditExportSchema = auditListSchema.omit({ page: true, pageSize: true });
export type AuditExportInput = z.output<typeof auditExportSchema>;
export const auditExportStartedSchema = z.object({ jobId: z.string() });

/** The provider admin's list: core entries of no group (platform-level), or of one group. */
export const platformAuditListSchema = listSchema({
  sort: ['at'],
  defaultSort: 'at',
  defaultDirection: 'desc',
  filters: { ...filters, groupId: idField.optional() },
});
export type PlatformAuditListInput = z.output<typeof platformAuditListSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.date(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  companyId: z.number().int().nullable(),
  /** who: null for a change made outside the product (SQL, a migration) or by a job */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  role: z.string().nullable(),
  ip: z.string().nullable(),
  /** the operation (tRPC name) or job that made the change */
  operation: z.string().nullable(),
  /** UPDATE: {field: [before, after]} of the changed fields; INSERT/DELETE: the row */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
