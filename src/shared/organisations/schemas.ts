import { z } from 'zod';
import { CONFIRMATION_WORD } from '../enums.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { listSchema, triStateFilter } from '../list.ts';
import { idField, idText, optionalCnpjField, phoneField, requiredText, storedEmailField } from '../fields.ts';
import { passwordSchema } from '../password.ts';
import { ROLES, type Role } from '../roles.ts';

/** Field maximums of seed 000 §5 / §9. */
export const LIMITS = {
  companyName: 255,
  schemaName: 64,
  responsibleName: 40,
  responsibleOccupation: 100,
  name: 255,
  occupation: 100,
  email: 254,
  mainContactName: 255,
} as const;

/** New company groups start with 1 tag, new companies with 0 and not enabled (seed 000 §9). */
export const DEFAULT_GROUP_TAGS_LIMIT = 1;
export const DEFAULT_COMPANY_TAGS_LIMIT = 0;
/** The company group that holds companies of "generic" activations; never offered as a choice. */
export const GENERIC_GROUP_SCHEMA = 'generic';
/** Shown before the schema name: the database prefix of every company group's schema. */
export const SCHEMA_PREFIX = 'cg_';
export const SCHEMA_NAME_REGEX = /^[a-z]{1,64}$/;

/** True when `typed` (upper-cased as the user types) is the confirmation word. */
export function isConfirmationWord(typed: string): boolean {
  return typed.trim().toUpperCase() === CONFIRMATION_WORD;
}

/** Company group creation payload (seed 000 §3). */
export const companyGroupCreateSchema = z.object({
  companyCnpj: optionalCnpjField.optional(),
  companyName: requiredText(LIMITS.companyName),
  companyGroup: z
    .string()
    .trim()
    .max(LIMITS.schemaName)
    .regex(SCHEMA_NAME_REGEX, FIELD_MESSAGES.LOWERCASE_ONLY),
  companyTagsLimit: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_GROUP_TAGS_LIMIT),
  responsibleName: requiredText(LIMITS.responsibleName),
  responsibleEmail: storedEmailField,
  responsiblePhone: phoneField,
  responsibleOccupation: requiredText(LIMITS.responsibleOccupation),
  responsiblePassword: passwordSchema,
  /**
   * Install the provider's standard catalogue (fire-fighting categories, inspection types,
   * questions, custom answers, attributes) in the new group. Absent: no (the seed's payload makes
   * an empty catalogue, as before); the creation dialog offers it checked.
   */
  copyStandardCatalogue: z.boolean().optional(),
});
export type CompanyGroupCreateInput = z.infer<typeof companyGroupCreateSchema>;
export type CompanyGroupCreateForm = z.input<typeof companyGroupCreateSchema>;

/** Company add/edit form (seed 000 §5): name, main contact, e-mail, phone required; CNPJ optional. */
export const companyFormSchema = z.object({
  name: requiredText(LIMITS.companyName),
  cnpj: optionalCnpjField.optional(),
  mainContactName: requiredText(LIMITS.mainContactName),
  email: storedEmailField,
  phone: phoneField,
  /** Only a provider admin may set these; others keep the defaults or current values. */
  enabled: z.boolean().optional(),
  tagsLimit: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Monthly QR generation quota; empty = the platform default. */
  qrMonthlyQuota: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number().int().min(0).max(10_000_000).nullish(),
  ),
  /**
   * Whether a scanned label of the company shows the public tag card (product, status, dates);
   * off, it only says the equipment is registered. Left out: unchanged (a new company shows it).
   */
  publicTagCard: z.boolean().optional(),
});
export type CompanyFormInput = z.infer<typeof companyFormSchema>;

/** The company's public tag card switch alone (company admins have no company form). */
export const companyPublicTagCardSchema = z.object({ id: idField, publicTagCard: z.boolean() });
export type CompanyPublicTagCardInput = z.infer<typeof companyPublicTagCardSchema>;

export const companyListSchema = listSchema({
  sort: ['name', 'cnpj', 'mainContactName', 'email', 'phone', 'tagsUsed'],
  filters: { enabled: triStateFilter() },
});
export type CompanyListInput = z.infer<typeof companyListSchema>;

/** Statuses the user forms offer (seed 000 §4: active, inactive, pending). */
export const EDITABLE_USER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING'] as const;

/** Company user (employee) form; password required only on create (seed 000 §5). */
const companyUserBase = z.object({
  name: requiredText(LIMITS.name),
  email: storedEmailField,
  phone: phoneField,
  companyId: idText,
  occupation: requiredText(LIMITS.occupation),
  status: z.enum(EDITABLE_USER_STATUSES),
  role: z.enum(ROLES),
});
export const companyUserCreateSchema = companyUserBase.extend({ password: passwordSchema });
export const companyUserUpdateSchema = companyUserBase.extend({
  password: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .pipe(passwordSchema.optional()),
});
export type CompanyUserCreateInput = z.infer<typeof companyUserCreateSchema>;
export type CompanyUserUpdateInput = z.infer<typeof companyUserUpdateSchema>;

export const COMPANY_USER_FILTERS = ['all', 'ACTIVE', 'INACTIVE', 'PENDING'] as const;
export const companyUserListSchema = listSchema({
  sort: ['name', 'company', 'phone', 'status'],
  filters: { status: z.enum(COMPANY_USER_FILTERS).default('all') },
});
export type CompanyUserListInput = z.infer<typeof companyUserListSchema>;

/** All users (provider admin): default filter PENDING; 'removed' means DELETED. */
export const USER_FILTERS = ['all', 'ACTIVE', 'INACTIVE', 'PENDING', 'MIGRATED', 'DELETED'] as const;
export const userListSchema = listSchema({
  sort: ['createdAt', 'company', 'name', 'email', 'status'],
  filters: { status: z.enum(USER_FILTERS).default('PENDING') },
});
/** Company groups (provider admin); `forChoice` leaves out the generic group (activation/migration choices). */
export const companyGroupListSchema = listSchema({
  sort: ['name'],
  filters: { forChoice: z.boolean().optional() },
});
export type UserListInput = z.infer<typeof userListSchema>;
export type CompanyGroupListInput = z.infer<typeof companyGroupListSchema>;

/** A company group by id (issue 33 item 6: export, restore). */
export const companyGroupIdSchema = z.object({ id: idField });
/** Asking to delete a company group: its name typed again as the confirmation. */
export const companyGroupDeleteSchema = z.object({ id: idField, confirmName: z.string().max(255) });

/** A user named by e-mail in a path (`/web/users/{email}`, `…/user-company-groups/{email}`). */
export const userEmailSchema = z.object({ email: z.string().max(254) });

/** A company group given by id (number or digits) or by schema name. */
export const companyGroupRefSchema = z.union([idField, z.string().trim().min(1).max(80)]);

export const activateGenericSchema = z.object({ companyName: requiredText(LIMITS.companyName) });
export const migratePendingSchema = z.object({
  companyId: idText,
  companyGroup: companyGroupRefSchema,
  /** Role in the chosen company; company admin unless told otherwise. */
  role: z.enum(ROLES).optional(),
});
export const migrateUserSchema = z.object({
  companyId: idText,
  companyGroup: companyGroupRefSchema,
});
export const adminPasswordSchema = z.object({
  password: passwordSchema,
  companyGroup: companyGroupRefSchema.nullish(),
});
export const switchCompanySchema = z.object({
  companyGroup: companyGroupRefSchema,
  companyId: idText,
});

/** Rank of roles: a viewer may only grant or manage roles at or below its own. */
export const ROLE_RANK: Record<Role, number> = {
  MOBCHECK_ADMIN: 4,
  COMPANY_GROUP_ADMIN: 3,
  COMPANY_ADMIN: 2,
  COMPANY_OPERATOR: 1,
};

/** Roles a viewer may give in the company-user form (the provider-admin role only for an admin viewer). */
export function assignableRoles(viewer: Role): Role[] {
  return ROLES.filter((r) => ROLE_RANK[r] <= ROLE_RANK[viewer]);
}
