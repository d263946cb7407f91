import { type Kysely, sql } from 'kysely';

/** A CNPJ names one company within a company group (double submits and retries create one row). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index if not exists companies_group_cnpj_uq on core.companies (company_group_id, cnpj) where cnpj is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists core.companies_group_cnpj_uq`.execute(db);
}
