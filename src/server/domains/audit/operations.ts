/**
 * The audit trail's calls (issue 29 item 4), declared once: the group's log for the admin roles
 * (company admins: their company's rows; operators 403), its CSV export as a job, and the provider
 * admin's platform log. There is no update or delete: the log is append-only.
 */
import {
  auditExportSchema,
  auditExportStartedSchema,
  auditListSchema,
  auditPageSchema,
  platformAuditListSchema,
} from '../../../shared/audit/schemas.ts';
import { ADMIN_ROLES, PROVIDER_ADMIN } from '../../../shared/roles.ts';
import { mutation, query, signedIn, tenant } from '../../kit/operation.ts';
import * as s from './service.ts';

const admin = tenant(ADMIN_ROLES);

export const auditOperations = {
  list: query({
    access: admin,
    summary:
      "The company group's audit log, newest first: who (user, role, IP, operation), when, what (entity, id, action) and the changed fields' before/after. `source=group` (default) its data, `source=accounts` its users, companies and plan; filters userId, entity, action, from/to (days, both included), companyId (company admins: always their own). 400 AUDIT_PERIOD_INVALID.",
    input: auditListSchema,
    output: auditPageSchema,
    rest: { method: 'get', path: '/web/audit-log/' },
    handler: (ctx, input) => s.listGroupAudit(ctx, input),
  }),
  export: mutation({
    access: admin,
    summary:
      'Exports the audit log with the list’s filters as CSV (at most 100,000 rows); answers the job id (GET /web/jobs/{id} for progress and the file). 400 AUDIT_EXPORT_TOO_LARGE, AUDIT_PERIOD_INVALID.',
    input: auditExportSchema,
    output: auditExportStartedSchema,
    rest: { method: 'post', path: '/web/audit-log/export', status: 201 },
    handler: (ctx, input) => s.requestAuditExport(ctx, input),
  }),
  platform: query({
    access: signedIn([PROVIDER_ADMIN]),
    summary:
      "The platform's audit log (provider admin): changes to settings, plans and anything outside a company group; with groupId, that group's users, companies and plan. Filters as the group's log.",
    input: platformAuditListSchema,
    output: auditPageSchema,
    rest: { method: 'get', path: '/web/audit-log/platform/' },
    handler: (ctx, input) => s.listPlatformAudit(ctx, input),
  }),
};
