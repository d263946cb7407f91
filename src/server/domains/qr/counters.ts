import { sql } from 'kysely';
import { toIsoDate } from '../../../shared/dates.ts';
import type { TenantDb } from '../../db/database.ts';
import { monthStartUtc } from '../../db/days.ts';

/**
 * Tag counters read from the rows the database keeps beside `tags` (tag_counts,
 * tag_monthly_counts: triggers, migrations/tenant/0303; the logged user's counters read the same
 * rows, account/logged-user-counters.ts): one row per company, so the cost does not
 * grow with the tenant's tags. `companyId` null sums the whole group (a few rows, one per company).
 */
export async function generatedInMonth(db: TenantDb, companyId: number | null): Promise<number> {
  let q = db
    .selectFrom('tag_monthly_counts')
    .select(sql<number>`coalesce(sum(generated), 0)::int`.as('n'))
    .where('month', '=', toIsoDate(monthStartUtc()));
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  return (await q.executeTakeFirstOrThrow()).n;
}

/** Tags in use and spare, from tag_counts (`companyId` null: the whole group). */
export async function tagCounts(
  db: TenantDb,
  companyId: number | null,
): Promise<{ inUse: number; spare: number }> {
  let q = db
    .selectFrom('tag_counts')
    .select([
      sql<number>`coalesce(sum(in_use), 0)::int`.as('inUse'),
      sql<number>`coalesce(sum(spare), 0)::int`.as('spare'),
    ]);
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  return q.executeTakeFirstOrThrow();
}
