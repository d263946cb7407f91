// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The dashboard (issue 15).
 *
 * Counters kept by the database itself, in the same transaction as the rows they count, by
 * statement-level triggers over the transition tables (as `tag_counts`, 0303): every writer —
 * the inspection POST, registrations, product edits, tag replacement, seeds, bulk loads, a raw
 * DELETE — keeps them, and a statement of 10,000 rows is one update per key, not 10,000.
 * - `dashboard_totals`: equipment and inspections per company (the summary's all-time totals;
 *   a count over a million inspections per request is what this replaces);
 * - `dashboard_inspected_days`: equipment per company and *last-inspection* day (the monthly chart:
 *   24 months are ≤ 731 rows per company, whatever the number of equipment);
 * - `dashboard_equipment_states`: equipment per company, state (NA never inspected, IMPROPER, OK)
 *   and, for OK, the day it expires (the earlier of the next-inspection and due dates; 'infinity'
 *   when neither): EXPIRED is OK with `expires_on < today`, VALID the rest — the report's status
 *   rules (status-sql.ts) on today, from a few hundred rows.
 * An update adds the new rows and takes away the old ones; keys whose difference is zero are left
 * alone (a touch of other columns writes nothing), and keys are written in order, so concurrent
 * writers lock them in the same order.
 *
 * The last inspector's name (as the inspection recorded it) is kept on the equipment by a BEFORE
 * trigger whenever `last_inspection_id` is written, joins the equipment's search document (the
 * report's `employeeData` preset searches it) and, with the other columns the range charts read,
 * a covering index by company and last-inspection day.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  const quoted = `"${schema.replace(/"/g, '""')}"`;

  // ── the last inspector's name ─────────────────────────────────────────────────────────────────
  await sql`alter table ${s}.equipment add column if not exists last_inspection_user_name text`.execute(db);
  await sql`create function ${s}.equipment_set_last_inspector() returns trigger language plpgsql
    set search_path = ${s} as $$
    begin
      new.last_inspection_user_name := (select i.user_name from inspections i where i.id = new.last_inspection_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger equipment_last_inspector before insert or update of last_inspection_id on ${s}.equipment
    for each row execute function ${s}.equipment_set_last_inspector()`.execute(db);
  await sql`update ${s}.equipment e set last_inspection_user_name = i.user_name
    from ${s}.inspections i where i.id = e.last_inspection_id`.execute(db);
  // The search document with the inspector (equipment/search.ts `equipmentSearchDocument`).
  await sql`update ${s}.equipment e
    set search = core.search_text('|' || concat_ws('|', t.serial_number, e.extra_label, e.extra_code, p.name, p.sku, e.last_inspection_user_name) || '|')
    from ${s}.tags t, ${s}.products p where t.id = e.tag_id and p.id = e.product_id`.execute(db);
  // The range charts (employee, subcategory, product): index-only over the range's equipment.
  await sql`create index equipment_dashboard_idx on ${s}.equipment (company_id, last_inspection_day)
    include (product_id, last_inspection_at, last_inspection_improper, next_inspection_date, due_date, last_inspection_user_name)
    where last_inspection_day is not null`.execute(db);
  // The summary's last-7-days counts and newest instants, and the recent activity, per company.
  await db.schema
    .createIndex('inspections_company_created_idx')
    .on('inspections')
    .columns(['company_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('maintenances_company_created_idx')
    .on('maintenances')
    .columns(['company_id', 'created_at'])
    .execute();

  // ── counters ──────────────────────────────────────────────────────────────────────────────────
  await db.schema
    .createTable('dashboard_totals')
    .addColumn('company_id', 'bigint', (c) => c.primaryKey())
    .addColumn('equipment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inspections', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('dashboard_inspected_days')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('equipment', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dashboard_inspected_days_pk', ['company_id', 'day'])
    .execute();
  await db.schema
    .createTable('dashboard_equipment_states')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('NA', 'IMPROPER', 'OK')`))
    .addColumn('expires_on', 'date', (c) => c.notNull().defaultTo(sql`'infinity'::date`))
    .addColumn('equipment', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dashboard_equipment_states_pk', ['company_id', 'state', 'expires_on'])
    .execute();

  // One row per equipment of a transition table, with the keys it counts under (`sign` 1 or -1).
  const equipmentKeys = (rows: string, sign: string) => `
        select company_id, ${sign} as n, last_inspection_day as day,
          case when last_inspection_at is null then 'NA' when last_inspection_improper then 'IMPROPER' else 'OK' end as state,
          case when last_inspection_at is not null and not last_inspection_improper
            then coalesce(least(next_inspection_date, due_date), 'infinity'::date) else 'infinity'::date end as expires_on
        from ${rows}`;
  const applyEquipment = (source: string) => `
      insert into dashboard_totals as x (company_id, equipment)
      select company_id, sum(n) from (${source}) d group by 1 having sum(n) <> 0 order by 1
      on conflict (company_id) do update set equipment = x.equipment + excluded.equipment;
      insert into dashboard_inspected_days as x (company_id, day, equipment)
      select company_id, day, sum(n) from (${source}) d where day is not null
      group by 1, 2 having sum(n) <> 0 order by 1, 2
      on conflict (company_id, day) do update set equipment = x.equipment + excluded.equipment;
      insert into dashboard_equipment_states as x (company_id, state, expires_on, equipment)
      select company_id, state, expires_on, sum(n) from (${source}) d
      group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
      on conflict (company_id, state, expires_on) do update set equipment = x.equipment + excluded.equipment;`;
  const equipmentBody = `
    begin
      if tg_op = 'INSERT' then ${applyEquipment(equipmentKeys('new_rows', '1'))}
      elsif tg_op = 'DELETE' then ${applyEquipment(equipmentKeys('old_rows', '-1'))}
      else ${applyEquipment(`${equipmentKeys('new_rows', '1')} union all ${equipmentKeys('old_rows', '-1')}`)}
      end if;
      return null;
    end`;
  await sql`create function ${s}.equipment_keep_dashboard() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(equipmentBody)}`.execute(db);

  const applyInspections = (source: string) => `
      insert into dashboard_totals as x (company_id, inspections)
      select company_id, sum(n) from (${source}) d group by 1 having sum(n) <> 0 order by 1
      on conflict (company_id) do update set inspections = x.inspections + excluded.inspections;`;
  const inspectionsBody = `
    begin
      if tg_op = 'INSERT' then ${applyInspections('select company_id, 1 as n from new_rows')}
      elsif tg_op = 'DELETE' then ${applyInspections('select company_id, -1 as n from old_rows')}
      else ${applyInspections('select company_id, 1 as n from new_rows union all select company_id, -1 from old_rows')}
      end if;
      return null;
    end`;
  await sql`create function ${s}.inspections_keep_dashboard() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(inspectionsBody)}`.execute(db);

  for (const table of ['equipment', 'inspections'] as const) {
    const fn = sql.raw(`${table}_keep_dashboard`);
    const t = sql.id(table);
    await sql`create trigger ${sql.id(`${table}_dashboard_insert`)} after insert on ${s}.${t}
      referencing new table as new_rows for each statement execute function ${s}.${fn}()`.execute(db);
    await sql`create trigger ${sql.id(`${table}_dashboard_update`)} after update on ${s}.${t}
      referencing old table as old_rows new table as new_rows for each statement execute function ${s}.${fn}()`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_dashboard_delete`)} after delete on ${s}.${t}
      referencing old table as old_rows for each statement execute function ${s}.${fn}()`.execute(db);
  }

  // ── what exists already ───────────────────────────────────────────────────────────────────────
  await sql`insert into ${s}.dashboard_totals (company_id, equipment, inspections)
    select company_id, sum(equipment), sum(inspections) from (
      select company_id, count(*) as equipment, 0 as inspections from ${s}.equipment group by 1
      union all select company_id, 0, count(*) from ${s}.inspections group by 1) c
    group by 1`.execute(db);
  await sql`insert into ${s}.dashboard_inspected_days (company_id, day, equipment)
    select company_id, last_inspection_day, count(*) from ${s}.equipment
    where last_inspection_day is not null group by 1, 2`.execute(db);
  await sql`insert into ${s}.dashboard_equipment_states (company_id, state, expires_on, equipment)
    select company_id, state, expires_on, count(*) from (${sql.raw(equipmentKeys(`${quoted}.equipment`, '1'))}) k
    group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  for (const table of ['equipment', 'inspections'])
    for (const op of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.id(`${table}_dashboard_${op}`)} on ${s}.${sql.id(table)}`.execute(
        db,
      );
  await sql`drop function if exists ${s}.equipment_keep_dashboard()`.execute(db);
  await sql`drop function if exists ${s}.inspections_keep_dashboard()`.execute(db);
  for (const t of ['dashboard_equipment_states', 'dashboard_inspected_days', 'dashboard_totals'])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('maintenances_company_created_idx').ifExists().execute();
  await db.schema.dropIndex('inspections_company_created_idx').ifExists().execute();
  await sql`drop index if exists ${s}.equipment_dashboard_idx`.execute(db);
  await sql`drop trigger if exists equipment_last_inspector on ${s}.equipment`.execute(db);
  await sql`drop function if exists ${s}.equipment_set_last_inspector()`.execute(db);
  await sql`alter table ${s}.equipment drop column if exists last_inspection_user_name`.execute(db);
}
