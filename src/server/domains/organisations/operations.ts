import { z } from 'zod';
import { loggedUserSchema } from '../../../shared/account/schemas.ts';
import { idField } from '../../../shared/fields.ts';
import { pageSchema } from '../../../shared/list.ts';
import {
  adminUserItemSchema,
  companyGroupItemSchema,
  companyItemSchema,
  companyPublicTagCardItemSchema,
  companyUserItemSchema,
  groupExportStartedSchema,
  provisionResultSchema,
} from '../../../shared/organisations/outputs.ts';
import {
  activateGenericSchema,
  adminPasswordSchema,
  companyFormSchema,
  companyGroupCreateSchema,
  companyGroupDeleteSchema,
  companyGroupIdSchema,
  companyGroupListSchema,
  companyListSchema,
  companyPublicTagCardSchema,
  companyUserCreateSchema,
  companyUserListSchema,
  companyUserUpdateSchema,
  migratePendingSchema,
  migrateUserSchema,
  switchCompanySchema,
  userEmailSchema,
  userListSchema,
} from '../../../shared/organisations/schemas.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { mutation, query, signedIn } from '../../kit/operation.ts';
import { JOB_DOWNLOAD_DOCS } from '../jobs/index.ts';
import * as s from './service.ts';

/**
 * Organisations (seed 000 §6/§7): company groups, companies, employees, all users and the company
 * switch. None needs a current company group (a provider admin may have none), so access is
 * `signedIn`; each service keeps the finer rules (scope, role rank, a group admin's own group).
 */
const PROVIDER = signedIn(['MOBCHECK_ADMIN']);
const PROVIDER_AND_GROUP = signedIn(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN']);
const ADMINS = signedIn(ADMIN_ROLES);

/** The answer of calls that only act (REST `{ "data": null }`). */
const done = z.null();
/** The id of a created row. */
const newId = z.number().int().positive();

export const organisationsOperations = {
  companyGroups: {
    list: query({
      access: PROVIDER,
      summary: 'Company groups with their companies (search on group, schema or company names).',
      input: companyGroupListSchema,
      output: pageSchema(companyGroupItemSchema),
      rest: { method: 'get', path: '/web/company-groups/' },
      handler: (ctx, input) => s.listCompanyGroups(ctx, input),
    }),
    create: mutation({
      access: PROVIDER,
      summary: 'Create a company group (schema, first company, responsible user).',
      // A missing field answers CREATE_MISSING_FIELD and a bad schema name
      // CREATE_BAD_COMPANY_GROUP_NAME rather than VALIDATION_FAILED.
      input: companyGroupCreateSchema,
      inputError: s.companyGroupCreateError,
      output: provisionResultSchema,
      rest: {
        method: 'post',
        path: '/web/company-groups/',
        status: 201,
        requestBody: {
          contentType: 'application/json',
          description:
            'The creation payload. A missing field answers 400 CREATE_MISSING_FIELD, a bad schema name 400 CREATE_BAD_COMPANY_GROUP_NAME, an existing group 409 CREATE_EXISTING_COMPANY_GROUP.',
          schema: companyGroupCreateSchema,
        },
      },
      handler: (ctx, input) => s.createCompanyGroup(ctx, input),
    }),
    ofUser: query({
      access: PROVIDER_AND_GROUP,
      summary: "A user's company groups (a group admin: users of its own group).",
      input: userEmailSchema,
      output: z.array(companyGroupItemSchema),
      rest: { method: 'get', path: '/web/company-groups/user-company-groups/:email' },
      handler: (ctx, input) => s.userCompanyGroups(ctx, input),
    }),
    export: mutation({
      access: PROVIDER,
      summary:
        'Exports everything the company group holds as a ZIP (LGPD data portability): CSV and JSON per table of its schema and of its core rows, its files and manifest.json; credentials left out. Answers the job id (GET /web/jobs/{id} for progress and the file).',
      input: companyGroupIdSchema,
      output: groupExportStartedSchema,
      rest: {
        method: 'post',
        path: '/web/company-groups/:id/export',
        download: 'job',
        ...JOB_DOWNLOAD_DOCS,
        produces: 'application/zip',
      },
      handler: (ctx, input) => s.requestGroupExport(ctx, input),
    }),
    requestDeletion: mutation({
      access: PROVIDER,
      summary:
        'Asks to delete the company group (confirmName: its name typed again). Its users are refused with COMPANY_GROUP_PENDING_DELETION until it is restored; after GROUP_DELETION_GRACE_DAYS the worker purges it (schema, core rows, files). 400 COMPANY_GROUP_DELETE_CONFIRMATION, 409 COMPANY_GROUP_NOT_DELETABLE.',
      input: companyGroupDeleteSchema,
      output: companyGroupItemSchema,
      rest: { method: 'post', path: '/web/company-groups/:id/deletion' },
      handler: (ctx, input) => s.requestGroupDeletion(ctx, input),
    }),
    restore: mutation({
      access: PROVIDER,
      summary:
        'Restores a company group whose deletion was asked for, while its grace period runs (409 COMPANY_GROUP_PURGING after it).',
      input: companyGroupIdSchema,
      output: companyGroupItemSchema,
      rest: { method: 'delete', path: '/web/company-groups/:id/deletion' },
      handler: (ctx, input) => s.restoreGroup(ctx, input),
    }),
  },
  switchCompany: mutation({
    access: PROVIDER_AND_GROUP,
    summary: 'Switch the session to another company; answers the logged user.',
    input: switchCompanySchema,
    output: loggedUserSchema,
    rest: { method: 'put', path: '/web/logged-user/company/' },
    handler: (ctx, input) => s.switchCompany(ctx, input),
  }),
  companies: {
    list: query({
      access: PROVIDER_AND_GROUP,
      summary: 'Companies of the current group, paged.',
      input: companyListSchema,
      output: pageSchema(companyItemSchema),
      cache: 'per-caller',
      rest: { method: 'get', path: '/web/companies/' },
      handler: (ctx, input) => s.listCompanies(ctx, input),
    }),
    create: mutation({
      access: PROVIDER_AND_GROUP,
      summary: 'Create a company in the current group; data is the new id.',
      input: companyFormSchema,
      output: newId,
      rest: { method: 'post', path: '/web/companies/', status: 201 },
      handler: (ctx, input) => s.createCompany(ctx, input),
    }),
    update: mutation({
      access: PROVIDER_AND_GROUP,
      summary: 'Edit a company.',
      input: companyFormSchema.extend({ id: idField }),
      output: companyItemSchema,
      rest: { method: 'put', path: '/web/companies/:id/' },
      handler: (ctx, input) => s.updateCompany(ctx, input),
    }),
    publicTagCard: query({
      access: ADMINS,
      summary: "Whether the company's public tag card shows when one of its labels is scanned.",
      input: z.object({ id: idField }),
      output: companyPublicTagCardItemSchema,
      rest: { method: 'get', path: '/web/companies/:id/public-tag-card/' },
      handler: (ctx, input) => s.companyPublicTagCard(ctx, input),
    }),
    setPublicTagCard: mutation({
      access: ADMINS,
      summary:
        "Shows or hides the company's public tag card (off: a scanned label only says the equipment is registered).",
      input: companyPublicTagCardSchema,
      output: companyPublicTagCardItemSchema,
      rest: { method: 'put', path: '/web/companies/:id/public-tag-card/' },
      handler: (ctx, input) => s.setCompanyPublicTagCard(ctx, input),
    }),
  },
  companyUsers: {
    list: query({
      access: ADMINS,
      summary: 'Employees in the caller’s scope, paged.',
      input: companyUserListSchema,
      output: pageSchema(companyUserItemSchema),
      cache: 'per-caller',
      rest: { method: 'get', path: '/web/company-users/' },
      handler: (ctx, input) => s.listCompanyUsers(ctx, input),
    }),
    create: mutation({
      access: ADMINS,
      summary: 'Add an employee; data is the new id.',
      input: companyUserCreateSchema,
      output: newId,
      rest: { method: 'post', path: '/web/company-users/', status: 201 },
      handler: (ctx, input) => s.createCompanyUser(ctx, input),
    }),
    update: mutation({
      access: ADMINS,
      summary: 'Edit an employee (password optional).',
      input: companyUserUpdateSchema.extend({ id: idField }),
      output: companyUserItemSchema,
      rest: { method: 'put', path: '/web/company-users/:id/' },
      handler: (ctx, input) => s.updateCompanyUser(ctx, input),
    }),
    remove: mutation({
      access: PROVIDER,
      summary: 'Remove an employee (marked DELETED, history kept).',
      input: z.object({ id: idField }),
      output: done,
      rest: { method: 'delete', path: '/web/company-users/:id/' },
      handler: (ctx, input) => s.deleteCompanyUser(ctx, input),
    }),
  },
  users: {
    list: query({
      access: PROVIDER,
      summary: 'All users (default filter PENDING), paged.',
      input: userListSchema,
      output: pageSchema(adminUserItemSchema),
      rest: { method: 'get', path: '/web/users/' },
      handler: (ctx, input) => s.listUsers(ctx, input),
    }),
    activateGeneric: mutation({
      access: PROVIDER,
      summary: 'Activate a pending user into a new company of the generic group.',
      input: activateGenericSchema.extend({ id: idField }),
      output: adminUserItemSchema,
      rest: { method: 'put', path: '/web/users/:id/activate-generic-pending' },
      handler: (ctx, input) => s.activateGenericPending(ctx, input),
    }),
    migratePending: mutation({
      access: PROVIDER,
      summary: 'Activate a pending user into an existing group/company.',
      input: migratePendingSchema.extend({ id: idField }),
      output: adminUserItemSchema,
      rest: { method: 'put', path: '/web/users/:id/migrate-generic-pending' },
      handler: (ctx, input) => s.migrateGenericPending(ctx, input),
    }),
    migrate: mutation({
      access: PROVIDER,
      summary: 'Move an active user with their data to another group.',
      input: migrateUserSchema.extend({ id: idField }),
      output: adminUserItemSchema,
      rest: { method: 'put', path: '/web/users/:id/migrate' },
      handler: (ctx, input) => s.migrateUser(ctx, input),
    }),
    setPassword: mutation({
      access: PROVIDER,
      summary: "Set a user's password.",
      input: adminPasswordSchema.extend({ id: idField }),
      output: done,
      rest: { method: 'put', path: '/web/users/:id/password' },
      handler: (ctx, input) => s.setUserPassword(ctx, input),
    }),
    remove: mutation({
      access: PROVIDER,
      summary: 'Mark a user DELETED (history kept); the e-mail is the path parameter.',
      input: userEmailSchema,
      output: done,
      rest: { method: 'delete', path: '/web/users/:email' },
      handler: (ctx, input) => s.deleteUserByEmail(ctx, input),
    }),
  },
};
