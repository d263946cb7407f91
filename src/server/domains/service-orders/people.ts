/**
 * The people of an order: users live in `core.users`, orders in the tenant schema. Who may be
 * responsible for an order of a company: the active users of that company (admins and operators)
 * and the active admins of its group. Names are copied onto the order when it is saved (the list
 * sorts and searches them in the tenant schema).
 */
import { sql } from 'kysely';
import type { CoreDb } from '../../db/database.ts';

export interface Person {
  id: number;
  name: string;
}

/** At most this many people in the responsible picker (a select, not a paged list). */
export const PEOPLE_MAX = 1000;

/**
 * The active users of group `groupId` eligible for orders of `companyIds` (null: any company of
 * the group), by name; `ids` narrows to those users (to check a choice). Inside a tenant
 * transaction pass `withCore(trx)`: a second pool connection per transaction could starve the pool.
 */
export async function eligiblePeople(
  core: CoreDb,
  groupId: number,
  companyIds: readonly number[] | null,
  ids?: readonly number[],
): Promise<Person[]> {
  if (companyIds?.length === 0 || ids?.length === 0) return [];
  let q = core
    .selectFrom('users')
    .select(['id', 'name'])
    .where('company_group_id', '=', groupId)
    .where('status', '=', 'ACTIVE')
    .where('role', 'in', ['COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN', 'COMPANY_OPERATOR']);
  if (companyIds)
    q = q.where((eb) =>
      eb.or([eb('company_id', 'in', [...companyIds]), eb('role', '=', 'COMPANY_GROUP_ADMIN')]),
    );
  if (ids) q = q.where('id', 'in', [...ids]);
  return q.orderBy(sql`core.search_text(name)`).orderBy('id').limit(PEOPLE_MAX).execute();
}

/**
 * Who an order opened by a negative answer is assigned to: the company's admin (the oldest active
 * COMPANY_ADMIN of the company), else the group's (the oldest active COMPANY_GROUP_ADMIN); null
 * when the company has neither.
 */
export async function defaultAssignee(
  core: CoreDb,
  groupId: number,
  companyId: number,
): Promise<Person | null> {
  const row = await core
    .selectFrom('users')
    .select(['id', 'name'])
    .where('company_group_id', '=', groupId)
    .where('status', '=', 'ACTIVE')
    .where((eb) =>
      eb.or([
        eb.and([eb('role', '=', 'COMPANY_ADMIN'), eb('company_id', '=', companyId)]),
        eb('role', '=', 'COMPANY_GROUP_ADMIN'),
      ]),
    )
    .orderBy(sql`case when role = 'COMPANY_ADMIN' then 0 else 1 end`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
