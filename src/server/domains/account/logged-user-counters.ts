/**
 * The logged user's tag counters (`generated_tag_qty`, `active_tags_qty` of the logged-user answer),
 * read on every page load from the counter rows the database keeps beside the tags (tag_counts,
 * tag_monthly_counts: migrations/tenant/0303; the QR screens read them in qr/counters.ts).
 */
import { sql } from 'kysely';
import { toIsoDate } from '../../../shared/dates.ts';
import type { AuthContext } from '../../context.ts';
import { baseDb, tenantSchemaName } from '../../db/database.ts';
import { monthStartUtc } from '../../db/days.ts';
import { cachedRead } from '../../db/read-cache.ts';

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
