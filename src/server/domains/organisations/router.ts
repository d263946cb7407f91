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
import { authedProcedure, router } from '../../trpc.ts';
import * as svc from './service.ts';

const id = z.number().int().positive();
// Roles and scope are checked in the service, so REST and tRPC cannot drift apart.
const p = authedProcedure;

/** tRPC procedures of the organisations domain. */
export const organisationsRouter = router({
  companyGroups: router({
    list: p.input(companyGroupListSchema).query(({ ctx, input }) => svc.listCompanyGroups(ctx.auth, input)),
    // The payload is parsed by the service so missing fields answer CREATE_MISSING_FIELD.
    create: p.input(z.unknown()).mutation(({ ctx, input }) => svc.createCompanyGroup(ctx.auth, input)),
    ofUser: p
      .input(z.object({ email: z.string().max(254) }))
      .query(({ ctx, input }) => svc.userCompanyGroups(ctx.auth, input.email)),
  }),
  switchCompany: p
    .input(switchCompanySchema)
    .mutation(({ ctx, input }) => svc.switchCompany(ctx.auth, input)),
  companies: router({
    list: p.input(companyListSchema).query(({ ctx, input }) => svc.listCompanies(ctx.auth, input)),
    create: p.input(companyFormSchema).mutation(({ ctx, input }) => svc.createCompany(ctx.auth, input)),
    update: p
      .input(companyFormSchema.extend({ id }))
      .mutation(({ ctx, input }) => svc.updateCompany(ctx.auth, input.id, input)),
  }),
  companyUsers: router({
    list: p.input(companyUserListSchema).query(({ ctx, input }) => svc.listCompanyUsers(ctx.auth, input)),
    create: p
      .input(companyUserCreateSchema)
      .mutation(({ ctx, input }) => svc.createCompanyUser(ctx.auth, input)),
    update: p
      .input(companyUserUpdateSchema.extend({ id }))
      .mutation(({ ctx, input }) => svc.updateCompanyUser(ctx.auth, input.id, input)),
    remove: p.input(z.object({ id })).mutation(({ ctx, input }) => svc.deleteCompanyUser(ctx.auth, input.id)),
  }),
  users: router({
    list: p.input(userListSchema).query(({ ctx, input }) => svc.listUsers(ctx.auth, input)),
    activateGeneric: p
      .input(activateGenericSchema.extend({ id }))
      .mutation(({ ctx, input }) => svc.activateGenericPending(ctx.auth, input.id, input.companyName)),
    migratePending: p
      .input(migratePendingSchema.extend({ id }))
      .mutation(({ ctx, input }) => svc.migrateGenericPending(ctx.auth, input.id, input)),
    migrate: p
      .input(migrateUserSchema.extend({ id }))
      .mutation(({ ctx, input }) => svc.migrateUser(ctx.auth, input.id, input)),
    setPassword: p
      .input(adminPasswordSchema.extend({ id }))
      .mutation(({ ctx, input }) => svc.setUserPassword(ctx.auth, input.id, input)),
    remove: p
      .input(z.object({ email: z.string().max(254) }))
      .mutation(({ ctx, input }) => svc.deleteUserByEmail(ctx.auth, input.email)),
  }),
});
