import type { Context } from 'hono';
import { z } from 'zod';
import {
  activateGenericSchema,
  companyGroupListSchema,
  adminPasswordSchema,
  companyFormSchema,
  companyListSchema,
  companyUserCreateSchema,
  companyUserListSchema,
  companyUserUpdateSchema,
  migratePendingSchema,
  migrateUserSchema,
  switchCompanySchema,
  userListSchema,
} from '../../../shared/organisations/schemas.ts';
import { restRoutes } from '../../openapi.ts';
import { type RestApp, idParam, jsonBody, ok, requireAuth } from '../../rest.ts';
import * as svc from './service.ts';

/** Query strings carry text: page numbers and flags are converted before the shared schema parses. */
function listQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const q: Record<string, unknown> = { ...c.req.query() };
  for (const k of ['page', 'pageSize']) if (typeof q[k] === 'string') q[k] = Number(q[k]);
  if (typeof q.forChoice === 'string') q.forChoice = q.forChoice === 'true';
  return schema.parse(q);
}

/** Hono already decodes path parameters; decoding again turns a literal `%` into a URIError (500). */
const emailParam = (c: Context) => c.req.param('email') ?? '';

const ADMINS = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'] as const;
const PROVIDER = ['MOBCHECK_ADMIN'] as const;
const PROVIDER_AND_GROUP = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'] as const;
const groupListSchema = companyGroupListSchema;

/** REST shim (`/web/*`) routes of the organisations domain (seed 000 §7). */
export function registerOrganisationsRest(app: RestApp): void {
  const r = restRoutes(app, 'Organisations');
  const auth = (c: Context) => requireAuth(c as never).auth;

  r.put(
    '/web/logged-user/company/',
    {
      summary: 'Switch the session to another company.',
      roles: PROVIDER_AND_GROUP,
      body: switchCompanySchema,
    },
    async (c) => ok(c, await svc.switchCompany(auth(c), await jsonBody(c, switchCompanySchema))),
  );

  r.get(
    '/web/company-groups/',
    { summary: 'Company groups with their companies.', roles: PROVIDER, query: groupListSchema },
    async (c) => ok(c, await svc.listCompanyGroups(auth(c), listQuery(c, groupListSchema))),
  );
  r.post(
    '/web/company-groups/',
    { summary: 'Create a company group (schema, first company, responsible user).', roles: PROVIDER },
    async (c) => ok(c, await svc.createCompanyGroup(auth(c), await jsonBody(c, z.unknown())), 201),
  );
  r.get(
    '/web/company-groups/user-company-groups/:email',
    { summary: "A user's company groups.", roles: PROVIDER_AND_GROUP },
    async (c) => ok(c, await svc.userCompanyGroups(auth(c), emailParam(c))),
  );

  r.get(
    '/web/companies/',
    { summary: 'Companies of the current group.', roles: PROVIDER_AND_GROUP, query: companyListSchema },
    async (c) => ok(c, await svc.listCompanies(auth(c), listQuery(c, companyListSchema))),
  );
  r.post(
    '/web/companies/',
    { summary: 'Create a company in the current group.', roles: PROVIDER_AND_GROUP, body: companyFormSchema },
    async (c) => ok(c, await svc.createCompany(auth(c), await jsonBody(c, companyFormSchema)), 201),
  );
  r.put(
    '/web/companies/:id/',
    { summary: 'Edit a company.', roles: PROVIDER_AND_GROUP, body: companyFormSchema },
    async (c) => ok(c, await svc.updateCompany(auth(c), idParam(c), await jsonBody(c, companyFormSchema))),
  );

  r.get(
    '/web/company-users/',
    { summary: 'Employees in the viewer’s scope.', roles: ADMINS, query: companyUserListSchema },
    async (c) => ok(c, await svc.listCompanyUsers(auth(c), listQuery(c, companyUserListSchema))),
  );
  r.post(
    '/web/company-users/',
    { summary: 'Add an employee; data is the new id.', roles: ADMINS, body: companyUserCreateSchema },
    async (c) => ok(c, await svc.createCompanyUser(auth(c), await jsonBody(c, companyUserCreateSchema)), 201),
  );
  r.put(
    '/web/company-users/:id/',
    { summary: 'Edit an employee (password optional).', roles: ADMINS, body: companyUserUpdateSchema },
    async (c) =>
      ok(c, await svc.updateCompanyUser(auth(c), idParam(c), await jsonBody(c, companyUserUpdateSchema))),
  );
  r.delete(
    '/web/company-users/:id/',
    { summary: 'Remove an employee (marked DELETED).', roles: PROVIDER },
    async (c) => {
      await svc.deleteCompanyUser(auth(c), idParam(c));
      return ok(c, null);
    },
  );

  r.get(
    '/web/users/',
    { summary: 'All users (default filter PENDING).', roles: PROVIDER, query: userListSchema },
    async (c) => ok(c, await svc.listUsers(auth(c), listQuery(c, userListSchema))),
  );
  r.put(
    '/web/users/:id/activate-generic-pending',
    {
      summary: 'Activate a pending user into a generic company.',
      roles: PROVIDER,
      body: activateGenericSchema,
    },
    async (c) =>
      ok(
        c,
        await svc.activateGenericPending(
          auth(c),
          idParam(c),
          (await jsonBody(c, activateGenericSchema)).companyName,
        ),
      ),
  );
  r.put(
    '/web/users/:id/migrate-generic-pending',
    {
      summary: 'Activate a pending user into an existing group/company.',
      roles: PROVIDER,
      body: migratePendingSchema,
    },
    async (c) =>
      ok(c, await svc.migrateGenericPending(auth(c), idParam(c), await jsonBody(c, migratePendingSchema))),
  );
  r.put(
    '/web/users/:id/migrate',
    {
      summary: 'Move an active user with their data to another group.',
      roles: PROVIDER,
      body: migrateUserSchema,
    },
    async (c) => ok(c, await svc.migrateUser(auth(c), idParam(c), await jsonBody(c, migrateUserSchema))),
  );
  r.put(
    '/web/users/:id/password',
    { summary: "Set a user's password.", roles: PROVIDER, body: adminPasswordSchema },
    async (c) => {
      await svc.setUserPassword(auth(c), idParam(c), await jsonBody(c, adminPasswordSchema));
      return ok(c, null);
    },
  );
  r.delete(
    '/web/users/:email',
    { summary: 'Mark a user DELETED (history kept).', roles: PROVIDER },
    async (c) => {
      await svc.deleteUserByEmail(auth(c), emailParam(c));
      return ok(c, null);
    },
  );
}
