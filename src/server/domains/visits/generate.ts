/**
 * Generating visits from plans (issue 30 item 3): ONE set-based statement per call — the days of
 * each active plan from `generate_from` (at most LOOKBACK_DAYS back from `day`) through `day` +
 * the plan's horizon, inserted with ON CONFLICT DO NOTHING on `visits_plan_day_uq`. Whoever runs
 * it (the daily job, a plan's save, two workers at once) and however often, a (plan, day) is one
 * visit. Months are added to the first date (n × interval from it, never from the previous
 * visit), so a plan starting on the 31st visits on the last day of shorter months without
 * drifting. The days are computed in a materialized CTE and `day` is a parameter: no STABLE
 * function inside the INSERT … SELECT (Citus, docs/conventions.md).
 */
import { sql } from 'kysely';
import type { Db } from './common.ts';

/** How far back a run fills days it missed (the job down for days): older days are not generated. */
export const LOOKBACK_DAYS = 31;

/** The schema a tenant Kysely qualifies its tables with (its compiler adds it; raw SQL does not). */
export function schemaOf(db: Db): string {
  const text = db.selectFrom('visit_plans').select('id').compile().sql;
  const m = /from "([^"]+)"\."visit_plans"/.exec(text);
  if (!m) throw new Error('not a tenant database');
  return m[1]!;
}

/** Inserts the missing visits of the schema's active plans (or plan `planId`); answers how many. */
export async function generateVisits(db: Db, day: string, planId?: number): Promise<number> {
  const s = sql.id(schemaOf(db));
  const onePlan = planId === undefined ? sql`` : sql`and p.id = ${planId}`;
  const r = await sql<{ id: number }>`
    with days as materialized (
      select p.id as plan_id, p.company_id, p.technician_id, p.technician_name,
             (p.first_date + case when p.interval_unit = 'WEEKS'
                then make_interval(weeks => (n * p.interval_value)::int)
                else make_interval(months => (n * p.interval_value)::int) end)::date as d,
             greatest(p.generate_from, p.first_date, ${day}::date - ${LOOKBACK_DAYS}::int) as lower_day,
             ${day}::date + p.horizon_days as upper_day
      from ${s}.visit_plans p
      cross join lateral generate_series(
        greatest(0, (greatest(p.generate_from, p.first_date, ${day}::date - ${LOOKBACK_DAYS}::int) - p.first_date)
          / (case when p.interval_unit = 'WEEKS' then 7 else 31 end * p.interval_value) - 1),
        greatest(-1, ((${day}::date + p.horizon_days) - p.first_date)
          / (case when p.interval_unit = 'WEEKS' then 7 else 28 end * p.interval_value) + 1)
      ) as n
      where p.active ${onePlan}
    )
    insert into ${s}.visits (plan_id, company_id, planned_date, date, technician_id, technician_name)
    select plan_id, company_id, d, d, technician_id, technician_name
    from days
    where d >= lower_day and d <= upper_day
    on conflict (plan_id, planned_date) do nothing
    returning id`.execute(db);
  return r.rows.length;
}
