import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { up as before } from './1122_audit_rows_in_parts.ts';

/**
 * The audit trigger's UPDATE diff (issue 32): tenant 1122 compared each changed column as
 * `o.v->c.key` inside a correlated subquery, and each of those lookups cost ~8 µs (the old row's
 * jsonb handed in as a parameter per key) — ~0.7–1.4 ms for one equipment row of ~50 columns, the
 * largest part of an inspection's write. The old row's pairs are now joined by key
 * (`jsonb_each(o.v)`, ~7× cheaper). Same entries: a key the old row lacks still diffs against null.
 * The rest of the body is 1122's (a migration is a frozen snapshot).
 */
const ROWS_PER_PART = 10_000;

export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = sql.id(schema);
  const keyOf = (j: string) =>
    `(select string_agg(${j}->>k, ':' order by i) from unnest(keys) with ordinality u(k, i))`;
  const rowsOf = (table: string) =>
    `(select v, ${keyOf('v')} as eid from (select to_jsonb(x) as v from ${table} x) a)`;
  const flush = `insert into audit_entries (transaction_id, xact_id, user_id, entity, entity_id, action, company_id, changes)
          select tx.id, pg_current_xact_id(), tx.user_id, entity, x.e->>'eid', tg_op, (x.e->>'company')::bigint, x.e->'changes'
          from unnest(buf) x(e);
          buf := '{}';`;
  const collect = (query: string) => `for r in ${query} loop
        buf := array_append(buf, r.e);
        if cardinality(buf) >= ${ROWS_PER_PART} then
          ${flush}
        end if;
      end loop;`;
  const body = `declare
      tx record;
      r record;
      buf jsonb[] := '{}';
      skip text[] := coalesce(tg_argv[1], '{}')::text[];
      keys text[] := string_to_array(tg_argv[0], ',');
      entity text := coalesce(tg_argv[2], tg_table_name);
    begin
      /* citus: transition rows as jsonb */
      select id, user_id into tx from audit_transactions
        where xact_id = pg_current_xact_id() order by id desc limit 1;
      if tg_op = 'UPDATE' then
        ${collect(`select jsonb_build_object('eid', n.eid, 'company', coalesce(n.v->>'company_id', o.v->>'company_id'),
            'changes', d.changes) as e
          from ${rowsOf('new_rows')} n join ${rowsOf('old_rows')} o on o.eid = n.eid
          cross join lateral (
            select jsonb_object_agg(c.key, jsonb_build_array(p.value, c.value)) as changes
            from jsonb_each(n.v - skip) c left join jsonb_each(o.v) p on p.key = c.key
            where c.value is distinct from p.value) d
          where d.changes is not null`)}
      elsif tg_op = 'INSERT' then
        ${collect(`select jsonb_build_object('eid', n.eid, 'company', n.v->>'company_id', 'changes', n.v - skip) as e
          from ${rowsOf('new_rows')} n`)}
      else
        ${collect(`select jsonb_build_object('eid', o.eid, 'company', o.v->>'company_id', 'changes', o.v - skip) as e
          from ${rowsOf('old_rows')} o`)}
      end if;
      if cardinality(buf) > 0 then
        ${flush}
      end if;
      return null;
    end`;
  await sql`create or replace function ${s}.audit_rows() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(body)}`.execute(db);
}

export async function down(db: Kysely<unknown>, schema: string): Promise<void> {
  await before(db, schema);
}
