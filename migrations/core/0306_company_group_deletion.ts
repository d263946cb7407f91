import { type Kysely, sql } from 'kysely';

/**
 * Issue 33 item 6 (leaving): a provider admin asks to delete a company group; the group is marked
 * and purged by the worker's sweep once `purge_after` has passed (until then it can be restored).
 * The partial index keeps the sweep's query on the few pending groups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table core.company_groups
    add column if not exists deletion_requested_at timestamptz,
    add column if not exists deletion_requested_by integer,
    add column if not exists purge_after timestamptz`.execute(db);
  await sql`create index if not exists company_groups_purge_after_idx
    on core.company_groups (purge_after) where purge_after is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists core.company_groups_purge_after_idx`.execute(db);
  await sql`alter table core.company_groups
    drop column if exists deletion_requested_at,
    drop column if exists deletion_requested_by,
    drop column if exists purge_after`.execute(db);
}
