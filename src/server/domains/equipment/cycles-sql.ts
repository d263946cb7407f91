/**
 * The cycle rules of `src/shared/cycles/rules.ts` in SQL, set-based (issue 30): every equipment of
 * a filter gets its `equipment_cycles` rows (one per cycle of its product's list, or its type's)
 * recomputed from its records and DATE attributes, and its due date and warning day become the
 * earliest of its cycles' (unless the date was typed, or the product has no due date). Used where
 * many equipment move at once: a type's or product's cycle list saved, a product edited. Writes of
 * one equipment (registration, edit, inspection, maintenance) use the TS rules (`cycles.ts`).
 *
 * Three statements whatever the number of equipment (four with `prune`: equipment left without
 * cycles goes back to the rule of before them); no per-row loop. Plain SQL over the schema's
 * qualified names (tenant migration 1301 runs a frozen copy of the same text): the STABLE-free
 * expressions and the materialized CTE keep it routable and valid on Citus (docs/conventions.md).
 */
import { type RawBuilder, sql } from 'kysely';
import { config } from '../../config.ts';
import type { Db } from './common.ts';

export type CycleFilter =
  | { equipmentIds: readonly number[] }
  | { productId: number }
  | { inspectionTypeId: number }
  | { all: true };

/** The schema a tenant Kysely qualifies its tables with (its compiler adds it; raw SQL does not). */
export function schemaOf(db: Db): string {
  const text = db.selectFrom('equipment').select('id').compile().sql;
  const m = /from "([^"]+)"\."equipment"/.exec(text);
  if (!m) throw new Error('not a tenant database');
  return m[1]!;
}

/** `value` as a date when it names a real day (`YYYY-MM-DD`), else null — never a cast error. */
export function realDay(value: RawBuilder<unknown>) {
  return sql`case when ${value} ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'
    and extract(month from (substr(${value}, 1, 7) || '-01')::date + (substr(${value}, 9, 2)::int - 1)) = substr(${value}, 6, 2)::int
    then ${value}::date end`;
}

function filterOn(s: RawBuilder<unknown>, f: CycleFilter) {
  if ('equipmentIds' in f) return sql`e.id = any(${[...f.equipmentIds]}::int[])`;
  if ('productId' in f) return sql`e.product_id = ${f.productId}`;
  if ('all' in f) return sql`true`;
  return sql`e.product_id in (select id from ${s}.products where inspection_type_id = ${f.inspectionTypeId})`;
}

/** The cycles list of product `p`: its own, or its type's. */
const effective = sql`((p.own_cycles and mc.product_id = p.id) or (not p.own_cycles and mc.product_id is null and mc.inspection_type_id = p.inspection_type_id))`;

/**
 * Recomputes the cycles of the filter's equipment and their due dates. `prune` also deletes rows
 * of cycles no longer in their list (after a list or a product changed).
 */
export async function refreshCycles(
  db: Db,
  filter: CycleFilter,
  opts: { prune?: boolean } = {},
): Promise<void> {
  const s = sql.id(schemaOf(db));
  const where = filterOn(s, filter);
  if (opts.prune) await sql`delete ${staleRows(s, where)}`.execute(db);
  await recompute(db, s, where, opts);
}

/** The `equipment_cycles` rows of the filter's equipment whose cycle is no longer in their list (a `delete`'s tail). */
function staleRows(s: RawBuilder<unknown>, where: RawBuilder<unknown>) {
  return sql`from ${s}.equipment_cycles ec using ${s}.equipment e, ${s}.products p
      where ec.equipment_id = e.id and p.id = e.product_id and ${where}
        and not exists (select 1 from ${s}.maintenance_cycles mc where mc.code = ec.cycle_code and ${effective})`;
}

/** The key of a list's row in `cycle_refreshes` (tenant 1371). */
export function refreshKey(owner: CycleOwner): string {
  return 'productId' in owner ? `product:${owner.productId}` : `type:${owner.inspectionTypeId}`;
}

export type CycleOwner = { inspectionTypeId: number } | { productId: number };

/**
 * A saved list's first statement (the statement count of a small save is the one of before): counts
 * the list's equipment and, when there are at most `max`, deletes their rows of removed cycles and
 * the list's `cycle_refreshes` row (a job still running for an older save stops at its next chunk),
 * then recomputes them here (`recompute`, three statements). More than `max`: nothing is written,
 * and the caller leaves them to the `cycle-refresh` job. Answers the count.
 */
export async function refreshSmallList(db: Db, owner: CycleOwner, max: number): Promise<number> {
  const s = sql.id(schemaOf(db));
  const where = filterOn(s, owner);
  const small = sql`(select n from counted) <= ${max}`;
  const r = await sql<{ n: number }>`with counted as materialized (
      select count(*)::int as n from ${s}.equipment e where ${where}
    ), stale as (
      delete ${staleRows(s, where)} and ${small}
    ), run as (
      delete from ${s}.cycle_refreshes where owner_key = ${refreshKey(owner)} and ${small}
    )
    select n from counted`.execute(db);
  const n = r.rows[0]!.n;
  if (n <= max) await recompute(db, s, where, { prune: true });
  return n;
}

/** Up to `limit` ids of the list's equipment after `afterId`, in id order (a `cycle-refresh` chunk). */
export async function listEquipmentIds(
  db: Db,
  owner: CycleOwner,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const s = sql.id(schemaOf(db));
  const r = await sql<{ id: number }>`select e.id from ${s}.equipment e
    where ${filterOn(s, owner)} and e.id > ${afterId} order by e.id limit ${limit}`.execute(db);
  return r.rows.map((x) => x.id);
}

/** How many equipment the list has. */
export async function countEquipment(db: Db, owner: CycleOwner): Promise<number> {
  const s = sql.id(schemaOf(db));
  const r = await sql<{ n: number }>`select count(*)::int as n from ${s}.equipment e
    where ${filterOn(s, owner)}`.execute(db);
  return r.rows[0]!.n;
}

/** The upsert of the filter's `equipment_cycles` and their due dates (after any prune). */
async function recompute(
  db: Db,
  s: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  opts: { prune?: boolean },
): Promise<void> {
  const tz = config().APP_TIME_ZONE;
  const day = realDay(sql.ref('v.value'));
  // Joins and aggregates, not sub-selects per (equipment, cycle): at 100,000 equipment × 3 cycles
  // the correlated form probed the indexes 600,000 times (docs: bench/cycles.ts).
  await sql`with x as materialized (
      select e.id as equipment_id, e.last_inspection_day, mc.id as cycle_id, mc.code, mc.interval_value,
        mc.interval_unit, mc.start_from, mc.start_date, mc.done_by, mc.question_id, mc.answer,
        coalesce(mc.warning_days, p.days_notification_due_date, 0) as warning
      from ${s}.equipment e
      join ${s}.products p on p.id = e.product_id
      join ${s}.maintenance_cycles mc on ${effective}
      where ${where}
    ), ma as materialized (
      select mc.id as cycle_id, a.id as attribute_id,
        exists (select 1 from unnest(mc.done_attributes) w where position(w in core.search_text(a.attribute)) > 0) as done,
        mc.start_from = 'MANUFACTURING' and position('fabrica' in core.search_text(a.attribute)) > 0 as made
      from ${s}.maintenance_cycles mc join ${s}.inspection_type_attributes a on a.type = 'DATE'
      where mc.id in (select cycle_id from x)
    ), att as materialized (
      select x.equipment_id, x.cycle_id, max(case when ma.done then ${day} end) as attribute_done,
        max(case when ma.made then ${day} end) as made
      from x join ${s}.equipment_attribute_values v on v.equipment_id = x.equipment_id
      join ma on ma.cycle_id = x.cycle_id and ma.attribute_id = v.attribute_id and (ma.done or ma.made)
      group by x.equipment_id, x.cycle_id
    ), rec as materialized (
      select m.equipment_id, k.code, max((m.performed_at at time zone ${tz})::date) as day
      from ${s}.maintenances m cross join lateral unnest(m.cycles) as k(code)
      where cardinality(m.cycles) > 0 and m.equipment_id in (select equipment_id from x)
      group by m.equipment_id, k.code
    ), ans as materialized (
      select x.equipment_id, x.cycle_id, max((i.performed_at at time zone ${tz})::date) as day
      from x join ${s}.inspections i on i.equipment_id = x.equipment_id
      where x.done_by = 'ANSWER' and exists (select 1 from jsonb_array_elements(i.answers) q
        where (q->>'questionId')::int = x.question_id and upper(btrim(q->>'answer')) = x.answer)
      group by x.equipment_id, x.cycle_id
    ), d as materialized (
      select x.equipment_id, x.code, x.interval_value, x.interval_unit, x.start_from, x.start_date, x.warning,
        case x.done_by when 'INSPECTION' then x.last_inspection_day when 'MAINTENANCE' then r.day else an.day end
          as record_done,
        t.attribute_done, t.made
      from x
      left join att t on t.equipment_id = x.equipment_id and t.cycle_id = x.cycle_id
      left join rec r on r.equipment_id = x.equipment_id and r.code = x.code
      left join ans an on an.equipment_id = x.equipment_id and an.cycle_id = x.cycle_id
    ), b as materialized (
      select d.*, greatest(record_done, attribute_done) as last_done,
        coalesce(greatest(record_done, attribute_done),
          case start_from when 'MANUFACTURING' then made when 'FIXED' then start_date end) as base
      from d
    ), c as materialized (
      select equipment_id, code, record_done, last_done, warning,
        case when interval_unit = 'MONTHS' then (base + make_interval(months => interval_value))::date
          else base + interval_value end as due
      from b
    )
    insert into ${s}.equipment_cycles (equipment_id, cycle_code, record_done_at, last_done_at, due_date, notice_date)
    select equipment_id, code, record_done, last_done, due, due - warning from c
    on conflict (equipment_id, cycle_code) do update set record_done_at = excluded.record_done_at,
      last_done_at = excluded.last_done_at, due_date = excluded.due_date, notice_date = excluded.notice_date
    where (equipment_cycles.record_done_at, equipment_cycles.last_done_at, equipment_cycles.due_date, equipment_cycles.notice_date)
      is distinct from (excluded.record_done_at, excluded.last_done_at, excluded.due_date, excluded.notice_date)`.execute(
    db,
  );
  if (opts.prune) await legacyDueDates(db, s, where);
  await sql`update ${s}.equipment e set due_date = x.due, due_notice_date = x.notice
    from ${s}.products p, (select ec.equipment_id, min(ec.due_date) as due, min(ec.notice_date) as notice
        from ${s}.equipment_cycles ec join ${s}.equipment e on e.id = ec.equipment_id where ${where}
        group by ec.equipment_id) x
    where p.id = e.product_id and x.equipment_id = e.id and p.is_due_date and not e.due_date_manual
      and (e.due_date, e.due_notice_date) is distinct from (x.due, x.notice)`.execute(db);
}

/**
 * Equipment left without cycles (its list emptied) goes back to the rule of before cycles: NBR
 * 12962 from the attributes for extinguishers (`resolveDueDate`: the recharge + 12 months or the
 * retest, else manufacture, + 60 months, the earliest), none for other products.
 */
async function legacyDueDates(db: Db, s: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<void> {
  const name = sql`core.search_text(a.attribute)`;
  const recharge = sql`position('recarga' in ${name}) > 0`;
  const retest = sql`(position('hidrostatic' in ${name}) > 0 or position('reteste' in ${name}) > 0 or position('ensaio' in ${name}) > 0)`;
  const made = sql`position('fabrica' in ${name}) > 0`;
  const newest = (kind: RawBuilder<unknown>) =>
    sql`(select max(${realDay(sql.ref('v.value'))}) from ${s}.equipment_attribute_values v
      join ${s}.inspection_type_attributes a on a.id = v.attribute_id
      where v.equipment_id = e.id and a.type = 'DATE' and ${kind})`;
  await sql`with l as materialized (
      select e.id, coalesce(p.days_notification_due_date, 0) as notice,
        case when core.search_text(c.name) like '%incendio%' and core.search_text(it.name) like '%extint%' then
          least((${newest(recharge)} + interval '12 months')::date,
            (coalesce(${newest(sql`not ${recharge} and ${retest}`)}, ${newest(sql`not ${recharge} and not ${retest} and ${made}`)})
              + interval '60 months')::date)
        end as due
      from ${s}.equipment e
      join ${s}.products p on p.id = e.product_id
      join ${s}.inspection_types it on it.id = p.inspection_type_id
      join ${s}.categories c on c.id = it.category_id
      where ${where} and p.is_due_date and not e.due_date_manual
        and not exists (select 1 from ${s}.equipment_cycles ec where ec.equipment_id = e.id)
    )
    update ${s}.equipment e set due_date = l.due, due_notice_date = l.due - l.notice
    from l where l.id = e.id and (e.due_date, e.due_notice_date) is distinct from (l.due, l.due - l.notice)`.execute(
    db,
  );
}
