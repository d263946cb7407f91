import { type Kysely, sql } from 'kysely';

/**
 * Issue 28: tenant queries show each row's company name. `core.companies` stays a plain table on
 * the Citus coordinator (foreign keys from users, tags and billing point at it), and a query routed
 * to a tenant's worker cannot read a coordinator-local table. `core.company_names` is its id → name
 * shadow, kept by a trigger, with no foreign key: on Citus it becomes a reference table (a copy on
 * every node, db/citus.ts), so the same correlated subquery works on plain Postgres and on Citus.
 * Companies are renamed rarely; the two-phase commit a reference-table write costs is paid then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists core.company_names (
    id bigint primary key,
    name text not null
  )`.execute(db);
  await sql`insert into core.company_names (id, name) select id, name from core.companies
    on conflict (id) do update set name = excluded.name`.execute(db);
  await sql`create or replace function core.sync_company_names() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from core.company_names where id = old.id;
        return null;
      end if;
      insert into core.company_names (id, name) values (new.id, new.name)
        on conflict (id) do update set name = excluded.name;
      return null;
    end $$`.execute(db);
  await sql`create trigger company_names_sync after insert or delete or update of name
    on core.companies for each row execute function core.sync_company_names()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists company_names_sync on core.companies`.execute(db);
  await sql`drop function if exists core.sync_company_names()`.execute(db);
  await sql`drop table if exists core.company_names`.execute(db);
}
