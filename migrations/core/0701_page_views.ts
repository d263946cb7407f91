import { type Kysely, sql } from 'kysely';

/**
 * Page views (issue 18). `page_views` keeps each view (the route pattern, who, when) for
 * PAGE_VIEWS_RETENTION_DAYS; `page_view_days` keeps the daily count per route and company, written
 * by the same statement that inserts a batch, so the usage page reads days × routes × companies
 * rows, never the raw views. Neither table gets the `rows_changed` trigger
 * (db/row-change-triggers.ts): a view changes no list, and a NOTIFY per batch would drop every
 * cached core count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists core.page_views (
    id bigint generated always as identity primary key,
    viewed_at timestamptz not null,
    route text not null check (length(route) <= 200),
    user_id integer not null,
    company_group_id integer,
    company_id integer,
    role text not null
  )`.execute(db);
  // Retention deletes by age; rows arrive in time order, so a BRIN index stays tiny.
  await sql`create index if not exists page_views_viewed_at_brin on core.page_views using brin (viewed_at)`.execute(
    db,
  );
  await sql`create table if not exists core.page_view_days (
    day date not null,
    route text not null,
    company_group_id integer,
    company_id integer,
    views bigint not null check (views >= 0)
  )`.execute(db);
  // One row per day, route and company (views without a company — the provider admin's — too).
  await sql`create unique index if not exists page_view_days_key
    on core.page_view_days (day, route, company_group_id, company_id) nulls not distinct`.execute(db);
  await sql`create index if not exists page_view_days_company_idx on core.page_view_days (company_id, day)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists core.page_view_days`.execute(db);
  await sql`drop table if exists core.page_views`.execute(db);
}
