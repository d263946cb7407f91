// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The dashboard's counters (0601) in slots (issue 32): every inspection added one to the same
 * row — the company's `dashboard_totals`, today's `dashboard_inspected_days`, the state it enters
 * in `dashboard_equipment_states` — and held that row's lock until it committed, so concurrent
 * inspections of one company waited for each other, one commit at a time. Each counter key now has
 * up to `SLOTS` rows; a trigger adds to the slot of its backend (`pg_backend_pid() % SLOTS`), so
 * writers on different connections rarely meet on a row. Readers already `sum()` by key, so
 * nothing reads differently; a slot may hold a negative part (an equipment leaving a day counted
 * in another slot), the key's sum stays exact.
 */
const SLOTS = 16;
const slot = `(pg_backend_pid() % ${SLOTS})::smallint`;

const TABLES = [
  ['dashboard_totals', 'dashboard_totals_pkey', ['company_id']],
  ['dashboard_inspected_days', 'dashboard_inspected_days_pk', ['company_id', 'day']],
  ['dashboard_equipment_states', 'dashboard_equipment_states_pk', ['company_id', 'state', 'expires_on']],
] as const;

// One row per equipment of a transition table, with the keys it counts under (as 0601).
const equipmentKeys = (rows: string, sign: string) => `
        select company_id, ${sign} as n, last_inspection_day as day,
          case when last_inspection_at is null then 'NA' when last_inspection_improper then 'IMPROPER' else 'OK' end as state,
          case when last_inspection_at is not null and not last_inspection_improper
            then coalesce(least(next_inspection_date, due_date), 'infinity'::date) else 'infinity'::date end as expires_on
        from ${rows}`;

function equipmentBody(slotted: boolean): string {
  const s = slotted ? `${slot}, ` : '';
  const sc = slotted ? 'slot, ' : '';
  const apply = (source: string) => `
      insert into dashboard_totals as x (company_id, ${sc}equipment)
      select company_id, ${s}sum(n) from (${source}) d group by 1 having sum(n) <> 0 order by 1
      on conflict (company_id${slotted ? ', slot' : ''}) do update set equipment = x.equipment + excluded.equipment;
      insert into dashboard_inspected_days as x (company_id, day, ${sc}equipment)
      select company_id, day, ${s}sum(n) from (${source}) d where day is not null
      group by 1, 2 having sum(n) <> 0 order by 1, 2
      on conflict (company_id, day${slotted ? ', slot' : ''}) do update set equipment = x.equipment + excluded.equipment;
      insert into dashboard_equipment_states as x (company_id, state, expires_on, ${sc}equipment)
      select company_id, state, expires_on, ${s}sum(n) from (${source}) d
      group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
      on conflict (company_id, state, expires_on${slotted ? ', slot' : ''}) do update set equipment = x.equipment + excluded.equipment;`;
  return `
    begin
      if tg_op = 'INSERT' then ${apply(equipmentKeys('new_rows', '1'))}
      elsif tg_op = 'DELETE' then ${apply(equipmentKeys('old_rows', '-1'))}
      else ${apply(`${equipmentKeys('new_rows', '1')} union all ${equipmentKeys('old_rows', '-1')}`)}
      end if;
      return null;
    end`;
}

function inspectionsBody(slotted: boolean): string {
  const apply = (source: string) => `
      insert into dashboard_totals as x (company_id, ${slotted ? 'slot, ' : ''}inspections)
      select company_id, ${slotted ? `${slot}, ` : ''}sum(n) from (${source}) d group by 1 having sum(n) <> 0 order by 1
      on conflict (company_id${slotted ? ', slot' : ''}) do update set inspections = x.inspections + excluded.inspections;`;
  return `
    begin
      if tg_op = 'INSERT' then ${apply('select company_id, 1 as n from new_rows')}
      elsif tg_op = 'DELETE' then ${apply('select company_id, -1 as n from old_rows')}
      else ${apply('select company_id, 1 as n from new_rows union all select company_id, -1 from old_rows')}
      end if;
      return null;
    end`;
}

async function functions(db: Kysely<any>, schema: string, slotted: boolean) {
  const s = sql.id(schema);
  await sql`create or replace function ${s}.equipment_keep_dashboard() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(equipmentBody(slotted))}`.execute(db);
  await sql`create or replace function ${s}.inspections_keep_dashboard() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(inspectionsBody(slotted))}`.execute(db);
}

export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  for (const [table, pk, keys] of TABLES) {
    await sql`alter table ${s}.${sql.id(table)} add column slot smallint not null default 0`.execute(db);
    await sql`alter table ${s}.${sql.id(table)} drop constraint ${sql.id(pk)}`.execute(db);
    await sql`alter table ${s}.${sql.id(table)} add constraint ${sql.id(pk)}
      primary key (${sql.join([...keys, 'slot'].map((k) => sql.id(k)))})`.execute(db);
  }
  await functions(db, schema, true);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await functions(db, schema, false);
  for (const [table, pk, keys] of TABLES) {
    // Slots folded back into one row per key.
    const k = sql.join(keys.map((c) => sql.id(c)));
    const counted = table === 'dashboard_totals' ? ['equipment', 'inspections'] : ['equipment'];
    await sql`create temporary table slot_sums as
      select ${k}, ${sql.join(counted.map((c) => sql`sum(${sql.id(c)})::int as ${sql.id(c)}`))}
      from ${s}.${sql.id(table)} group by ${k}`.execute(db);
    await sql`delete from ${s}.${sql.id(table)}`.execute(db);
    await sql`alter table ${s}.${sql.id(table)} drop constraint ${sql.id(pk)}`.execute(db);
    await sql`alter table ${s}.${sql.id(table)} drop column slot`.execute(db);
    const cols = sql.join([...keys, ...counted].map((c) => sql.id(c)));
    await sql`insert into ${s}.${sql.id(table)} (${cols}) select ${cols} from slot_sums`.execute(db);
    await sql`drop table slot_sums`.execute(db);
    await sql`alter table ${s}.${sql.id(table)} add constraint ${sql.id(pk)} primary key (${k})`.execute(db);
  }
}
