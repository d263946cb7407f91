import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The audit trigger (tenant 1121, just before) gathered a statement's transition rows into ONE
 * jsonb value, and a jsonb value is limited to 256 MB: one statement changing ~900,000 rows of an
 * audited table (a product save that moves the due date of every equipment of a big tenant, a bulk
 * fill) failed with 54000. Now one query over the transition tables alone (Citus: it names no
 * distributed table, so it plans on the worker) yields each entry as jsonb; the entries are
 * collected in an array and written AUDIT_ROWS_PER_PART at a time. Linear in the rows; an UPDATE
 * pairs its before and after rows by key in that query (a hash join).
 */
export const AUDIT_ROWS_PER_PART = 10_000;

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
        if cardinality(buf) >= ${AUDIT_ROWS_PER_PART} then
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
            select jsonb_object_agg(c.key, jsonb_build_array(o.v->c.key, c.value)) as changes
            from jsonb_each(n.v - skip) c where c.value is distinct from o.v->c.key) d
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

export async function down(): Promise<void> {
  // The previous body is tenant 1121's; going down past this migration drops the function there.
}
