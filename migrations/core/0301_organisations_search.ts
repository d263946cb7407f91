import { type Kysely, sql } from 'kysely';

/**
 * Search indexes of the organisations lists (company groups, companies, employees): the
 * expressions match the search columns of the organisations services so the trigram GIN applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists companies_search_idx on core.companies using gin (core.search_text(name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists company_groups_search_idx on core.company_groups using gin (core.search_text(name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists users_phone_search_idx on core.users using gin (core.search_text(coalesce(phone, '')) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists users_occupation_search_idx on core.users using gin (core.search_text(coalesce(occupation, '')) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index if not exists users_status_created_idx on core.users (status, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of [
    'companies_search_idx',
    'company_groups_search_idx',
    'users_phone_search_idx',
    'users_occupation_search_idx',
    'users_status_created_idx',
  ]) {
    await sql`drop index if exists ${sql.id('core', i)}`.execute(db);
  }
}
