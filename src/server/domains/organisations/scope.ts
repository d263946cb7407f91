/**
 * Lookups of the organisations domain. What a caller may reach is the kit's scope
 * (`src/server/kit/scope.ts`): `scopeOf`, `scopeWhere`, `requireInScope`.
 */
import { MAX_ID } from '../../../shared/fields.ts';
import { GENERIC_GROUP_SCHEMA } from '../../../shared/organisations/schemas.ts';
import { type CoreDb, coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';

export interface GroupRef {
  id: number;
  name: string;
  schema_name: string;
}

/** Resolves a company group given by id (number or digits) or schema name (with or without prefix). */
export async function findGroup(ref: number | string, db: CoreDb = coreDb()): Promise<GroupRef | undefined> {
  let q = db.selectFrom('company_groups').select(['id', 'name', 'schema_name']);
  if (typeof ref === 'number' || /^\d+$/.test(ref)) {
    const id = Number(ref);
    // An id no row can have (past the shared id cap) names nothing; never a database error.
    if (!Number.isSafeInteger(id) || id > MAX_ID) return undefined;
    q = q.where('id', '=', id);
  } else q = q.where('schema_name', '=', ref.toLowerCase().replace(/^cg_/, ''));
  return q.executeTakeFirst();
}

export function isGenericGroup(g: Pick<GroupRef, 'schema_name'>): boolean {
  return g.schema_name === GENERIC_GROUP_SCHEMA;
}

export async function findCompany(id: number, db: CoreDb = coreDb()) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export { isUniqueViolation } from '../../db/pg-errors.ts';

export const forbidden = () => new AppError('FORBIDDEN');
