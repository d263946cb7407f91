import { type Kysely, sql } from 'kysely';

/**
 * Issue 33: the tenant migration runner (src/server/db/migrate.ts) records, in the same
 * transaction as each schema's migrations, how many tenant migrations the schema has run and the
 * last one's name. One query over this table finds the schemas that are not up to date, whatever
 * the number of tenants, before any lock is taken. `tenant_templates` holds a new tenant schema's
 * DDL captured once per set of tenant migrations (keyed by their fingerprint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists core.tenant_schema_versions (
    schema_name text primary key,
    migrations integer not null,
    last_migration text not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table if not exists core.tenant_templates (
    fingerprint text primary key,
    token text not null,
    ddl text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists core.tenant_templates`.execute(db);
  await sql`drop table if exists core.tenant_schema_versions`.execute(db);
}
