import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { up as before } from './1531_audit_diff_by_join.ts';

/**
 * The audit trigger in one statement on plain Postgres (issue 32). Under 20 concurrent field
 * writes the audit trigger was most of Postgres's time per inspection (perf: ~30% of its CPU in
 * plpgsql triggers; pg_stat_statements: its nested statements took more time than the write
 * itself). Per audited statement it ran three statements: the header's lookup by `xact_id`, a loop
 * gathering each entry into an array, and an INSERT from that array. Now:
 * - the header stamps its id in a transaction-local setting (`equipcheck.audit_transaction`,
 *   `xact:id:user`) as it is inserted, and the trigger reads it back when the transaction ids
 *   match; the lookup stays as the fallback;
 * - the entries are one `INSERT … SELECT` over the transition table (no array, no loop); an
 *   INSERT … SELECT streams, so a 900,000-row statement has no 256 MB jsonb to fit in (1122's
 *   reason for the parts);
 * - a one-column key is read as `v->>key` (the composite key keeps its ordered join).
 * Same entries. On Citus the body stays 1531's: there a statement naming a transition table and a
 * distributed table cannot be planned on the worker (the marker comment of db/citus.ts), so the
 * rows still go through the array; the stamp is read there too.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create or replace function ${s}.audit_stamp_xact() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(`begin
      new.xact_id := pg_current_xact_id();
      -- The retention sweep's tickets are stamped by this function too (they have no user).
      if tg_table_name like 'audit_transactions%' then
        perform set_config('equipcheck.audit_transaction',
          new.xact_id::text || ':' || new.id::text || ':' || coalesce(new.user_id::text, ''), true);
      end if;
      return new;
    end`)}`.execute(db);
  const citus = await sql<{ on: boolean }>`select exists (select 1 from pg_catalog.pg_extension
    where extname = 'citus') as "on"`.execute(db);
  if (citus.rows[0]?.on) return;
  const eid = (v: string) =>
    `case when k1 is not null then ${v}->>k1
      else (select string_agg(${v}->>k, ':' order by i) from unnest(keys) with ordinality u(k, i)) end`;
  const rowsOf = (table: string) =>
    `(select v, ${eid('v')} as eid from (select to_jsonb(x) as v from ${table} x) a)`;
  const insert = `insert into audit_entries (transaction_id, xact_id, user_id, entity, entity_id, action, company_id, changes)`;
  const body = `declare
      tx_id bigint;
      tx_user bigint;
      stamp text := current_setting('equipcheck.audit_transaction', true);
      skip text[] := coalesce(tg_argv[1], '{}')::text[];
      keys text[] := string_to_array(tg_argv[0], ',');
      k1 text := case when cardinality(keys) = 1 then keys[1] end;
      entity text := coalesce(tg_argv[2], tg_table_name);
    begin
      if split_part(stamp, ':', 1) = pg_current_xact_id()::text then
        tx_id := split_part(stamp, ':', 2)::bigint;
        tx_user := nullif(split_part(stamp, ':', 3), '')::bigint;
      else
        select id, user_id into tx_id, tx_user from audit_transactions
          where xact_id = pg_current_xact_id() order by id desc limit 1;
      end if;
      if tg_op = 'UPDATE' then
        ${insert}
        select tx_id, pg_current_xact_id(), tx_user, entity, n.eid, tg_op,
          coalesce(n.v->>'company_id', o.v->>'company_id')::bigint, d.changes
        from ${rowsOf('new_rows')} n join ${rowsOf('old_rows')} o on o.eid = n.eid
        cross join lateral (
          select jsonb_object_agg(c.key, jsonb_build_array(p.value, c.value)) as changes
          from jsonb_each(n.v - skip) c left join jsonb_each(o.v) p on p.key = c.key
          where c.value is distinct from p.value) d
        where d.changes is not null;
      elsif tg_op = 'INSERT' then
        ${insert}
        select tx_id, pg_current_xact_id(), tx_user, entity, ${eid('v')}, tg_op, (v->>'company_id')::bigint, v - skip
        from (select to_jsonb(x) as v from new_rows x) a;
      else
        ${insert}
        select tx_id, pg_current_xact_id(), tx_user, entity, ${eid('v')}, tg_op, (v->>'company_id')::bigint, v - skip
        from (select to_jsonb(x) as v from old_rows x) a;
      end if;
      return null;
    end`;
  await sql`create or replace function ${s}.audit_rows() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(body)}`.execute(db);
}

export async function down(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create or replace function ${s}.audit_stamp_xact() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(`begin
      new.xact_id := pg_current_xact_id();
      return new;
    end`)}`.execute(db);
  await before(db, schema);
}
