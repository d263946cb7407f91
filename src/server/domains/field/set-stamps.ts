/**
 * The working set's stamps (issue 20): its size for the progress bar and its `version`, read from
 * counters and indexed maxima, never a count over the company's rows. Split from ./service.ts.
 */
import { createHash } from 'node:crypto';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { WorkingSetPage } from '../../../shared/field/schemas.ts';
import type { TenantDb } from '../../db/database.ts';

type Catalogue = NonNullable<WorkingSetPage['catalogue']>;
type Visits = NonNullable<WorkingSetPage['visits']>;

export const inCompanies = (col: string, ids: readonly number[]): Expression<SqlBool> =>
  ids.length ? sql<SqlBool>`${sql.ref(col)} = any(${sql.val([...ids])}::bigint[])` : sql<SqlBool>`false`;

const DISABLED_COUNT_CAP = 100_000;

/**
 * The set's size for the progress bar, from the counters the database keeps (`tag_counts`: tags in
 * use and spare tags per company) plus the equipment on disabled tags (the small partial index of
 * disabled tags) — no count over the company's equipment.
 */
export async function setTotal(db: TenantDb, companyIds: readonly number[]): Promise<number> {
  const [counts, disabled] = await Promise.all([
    db
      .selectFrom('tag_counts')
      .select(sql<number>`coalesce(sum(in_use + spare), 0)::int`.as('n'))
      .where(inCompanies('company_id', companyIds))
      .executeTakeFirstOrThrow(),
    // Capped like every count a call makes: disabled tags still bound to equipment are few.
    sql<{ n: number }>`select count(*)::int as n from (${db
      .selectFrom('tags as t')
      .innerJoin('equipment as e', 'e.tag_id', 't.id')
      .select('e.id')
      .where('t.enabled', '=', false)
      .where(inCompanies('e.company_id', companyIds))
      .limit(DISABLED_COUNT_CAP)}) as capped`
      .execute(db)
      .then((r) => r.rows[0]!),
  ]);
  return counts.n + disabled.n;
}

/**
 * The state of the set in one word: the newest change of the companies' equipment (every write of
 * equipment, inspections and maintenances included, moves `updated_at`) and tags (generated, used,
 * enabled or disabled), the tag counters, the catalogue, the catalogue's maintenance cycles (a list
 * saved or a preset applied recomputes the equipment's cycles without touching the equipment: a
 * digest of the group's `maintenance_cycles` rows, a catalogue-sized table, in the equipment
 * statement), the carried visits as sent, and today (statuses follow the day).
 */
export async function setVersion(
  db: TenantDb,
  companyIds: readonly number[],
  catalogue: Catalogue,
  visits: Visits,
  day: string,
): Promise<string> {
  // Per company, the newest `updated_at` through its (company_id, updated_at) index: one index
  // probe per company (a max over `company_id = any(…)` would read every row).
  const newest = (table: 'equipment' | 'tags', extra: RawBuilder<string | null> = sql`null`) =>
    db
      .selectFrom(sql<{ id: number }>`(select unnest(${sql.val([...companyIds])}::bigint[]) as id)`.as('c'))
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom(table)
            .select((x) => x.fn.max('updated_at').as('at'))
            .whereRef('company_id', '=', sql.ref('c.id') as unknown as 'company_id')
            .as('x'),
        (j) => j.onTrue(),
      )
      .select((eb) => [eb.fn.max('x.at').as('at'), extra.as('extra')])
      .executeTakeFirst();
  const cycles = sql<string | null>`(${db
    .selectFrom('maintenance_cycles as mc')
    .select(sql<string>`md5(string_agg(mc::text, ',' order by mc.id))`.as('d'))})`;
  const [equipment, tags, counts] = await Promise.all([
    newest('equipment', cycles),
    newest('tags'),
    db
      .selectFrom('tag_counts')
      .select(['company_id', 'in_use', 'spare'])
      .where(inCompanies('company_id', companyIds))
      .orderBy('company_id')
      .execute(),
  ]);
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  return createHash('sha256')
    .update(
      JSON.stringify([day, iso(equipment?.at), iso(tags?.at), counts, catalogue, equipment?.extra, visits]),
    )
    .digest('base64url')
    .slice(0, 22);
}
