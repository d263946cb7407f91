import { sql } from 'kysely';
import { toIsoDate } from '../../../shared/dates.ts';
import type { AuthContext } from '../../context.ts';
import { baseDb, type TenantDb, tenantSchemaName } from '../../db/database.ts';
import { cachedRead } from '../../db/read-cache.ts';

/** First instant of the current calendar month in UTC (the month a tag's count belongs to). */
export function monthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Tag counters read from the rows the database keeps beside `tags` (tag_counts,
 * tag_monthly_counts: triggers, migrations/tenant/0303): one row per company, so the cost does not
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

/**
 * The logged user's `generated_tag_qty` and `active_tags_qty` for the session's company (the whole
 * group when none), in one statement.
 */
export async function loggedUserCounters(auth: AuthContext): Promise<{ generated: number; active: number }> {
  if (!auth.tenant) return { generated: 0, active: 0 };
  const company = auth.companyId;
  const month = toIsoDate(monthStartUtc());
  // A plain template over the group's qualified tables: this runs on every page load, and a
  // builder query's withSchema pass cost more CPU than the statement itself (issue 12).
  const schema = tenantSchemaName(auth.companyGroup!.schema_name);
  const companyIs = company === null ? sql`true` : sql`company_id = ${company}`;
  const query = sql<{ generated: number; active: number }>`select
      (select coalesce(sum(generated), 0)::int from ${sql.table(`${schema}.tag_monthly_counts`)}
        where month = ${month} and ${companyIs}) as generated,
      (select coalesce(sum(in_use), 0)::int from ${sql.table(`${schema}.tag_counts`)}
        where ${companyIs}) as active`.compile(baseDb());
  // Read on every page load: reused while no row of the group's schema changes (db/read-cache.ts).
  const row = await cachedRead(query, async () => (await baseDb().executeQuery(query)).rows[0]!);
  return { generated: row.generated ?? 0, active: row.active ?? 0 };
}

/** Tags in use for the session's company (the whole group when none). */
export async function activeTagsCount(auth: AuthContext): Promise<number> {
  return (await loggedUserCounters(auth)).active;
}
