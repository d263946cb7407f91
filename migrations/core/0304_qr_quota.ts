import { type Kysely, sql } from 'kysely';

/**
 * Fairness between tenants (issue 10, item 7): a per-company monthly QR generation quota the
 * provider admin sets (null = the platform default, QR_MONTHLY_QUOTA), and an index for "how much
 * unfinished work does this tenant have", which orders the queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table core.companies add column if not exists qr_monthly_quota integer check (qr_monthly_quota >= 0)`.execute(
    db,
  );
  await sql`create index if not exists jobs_tenant_unfinished_idx on core.jobs (company_group_id) where state in ('queued', 'active')`.execute(
    db,
  );
  await sql`create index if not exists jobs_company_unfinished_idx on core.jobs (company_id, type) where state in ('queued', 'active')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists core.jobs_company_unfinished_idx`.execute(db);
  await sql`drop index if exists core.jobs_tenant_unfinished_idx`.execute(db);
  await sql`alter table core.companies drop column if exists qr_monthly_quota`.execute(db);
}
