/**
 * Who may be a visit's technician, and which companies a caller may plan for. Users and companies
 * live in `core`; inside a tenant transaction read them through `withCore(trx)` (one pool
 * connection per transaction).
 */
import type { Ctx } from './common.ts';
import type { CoreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { scopeOf } from '../../kit/scope.ts';

export interface Technician {
  id: number;
  name: string;
}

/**
 * A technician for visits of `companyId`: an active user of the caller's group who may inspect
 * that company — its admins and operators, or an admin of the group. Else 400
 * VISIT_TECHNICIAN_INVALID (the same answer for another group's user as for none).
 */
export async function requireTechnician(
  core: CoreDb,
  ctx: Ctx,
  companyId: number,
  userId: number,
): Promise<Technician> {
  const row = await core
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .where('status', '=', 'ACTIVE')
    .where((eb) =>
      eb.or([
        eb('role', '=', 'COMPANY_GROUP_ADMIN'),
        eb.and([eb('role', 'in', ['COMPANY_ADMIN', 'COMPANY_OPERATOR']), eb('company_id', '=', companyId)]),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw new AppError('VISIT_TECHNICIAN_INVALID');
  return row;
}

/**
 * A company of the caller's group within the caller's scope (a company admin: its own; a group or
 * provider admin: any of the group), else 404 VISIT_COMPANY_NOT_FOUND — the same for another
 * group's company as for none.
 */
export async function requireCompany(core: CoreDb, ctx: Ctx, companyId: number): Promise<void> {
  const scope = scopeOf(ctx.auth);
  if (scope.companyId !== null && scope.companyId !== companyId)
    throw new AppError('VISIT_COMPANY_NOT_FOUND');
  const row = await core
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .executeTakeFirst();
  if (!row) throw new AppError('VISIT_COMPANY_NOT_FOUND');
}
