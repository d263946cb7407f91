import { z } from 'zod';
import { USER_STATUSES } from '../enums.ts';
import { ROLES } from '../roles.ts';

/**
 * What the organisations calls answer (seed 000 §3). The operations hold every answer to these
 * schemas (extra fields are stripped), and the client's row types are inferred from them.
 */
const id = z.number().int();

/** A company (seed 000 §3); `tagsUsed` counts the tags in use (tag domain rule), `image` is served elsewhere. */
export const companyItemSchema = z.object({
  id,
  companyGroupId: id,
  name: z.string(),
  cnpj: z.string().nullable(),
  mainContactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  tagsLimit: z.number().int(),
  tagsUsed: z.number().int(),
  /** null = the platform default */
  qrMonthlyQuota: z.number().int().nullable(),
  /** false: a scanned label says only "registered equipment" (no product, status or dates) */
  publicTagCard: z.boolean(),
  updateDate: z.date(),
});
export type CompanyItem = z.infer<typeof companyItemSchema>;

/** A company's public tag card switch. */
export const companyPublicTagCardItemSchema = z.object({ id, publicTagCard: z.boolean() });
export type CompanyPublicTagCardItem = z.infer<typeof companyPublicTagCardItemSchema>;

/** A company group with its companies as chips, plus its id and schema name. */
export const companyGroupItemSchema = z.object({
  id,
  name: z.string(),
  schemaName: z.string(),
  companies: z.array(z.object({ id, name: z.string() })),
  /** Issue 33 item 6: when a deletion was asked for (null: not pending) and when it is purged. */
  deletionRequestedAt: z.date().nullable(),
  purgeAfter: z.date().nullable(),
});
export type CompanyGroupItem = z.infer<typeof companyGroupItemSchema>;

/** A started group export (issue 33 item 6): GET /web/jobs/{jobId} follows it. */
export const groupExportStartedSchema = z.object({ jobId: z.string() });

/** What creating a company group made: the group, its first company and its responsible user. */
export const provisionResultSchema = z.object({ companyGroupId: id, companyId: id, userId: id });
export type ProvisionResultItem = z.infer<typeof provisionResultSchema>;

/** An employee (seed 000 §3 "company user"); the password never leaves the server. */
export const companyUserItemSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  occupation: z.string().nullable(),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  updateDate: z.date(),
});
export type CompanyUserItem = z.infer<typeof companyUserItemSchema>;

/** A user of the provider admin's "all users" list (seed 000 §3 "user (admin)"), with its group and company. */
export const adminUserItemSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  occupation: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.date(),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  companyGroupId: id.nullable(),
  companyGroup: z.string().nullable(),
  companyGroupName: z.string().nullable(),
});
export type AdminUserItem = z.infer<typeof adminUserItemSchema>;
