import { type Kysely, sql } from 'kysely';

/**
 * A company's remembered label choice (issue 19): screen 8 opens with the template, cut marks and
 * text options of the company's last label batch. `template` is a built-in id or `custom-<n>`; an
 * id that no longer resolves reads as the default template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table core.qr_label_settings (
    company_id bigint primary key references core.companies(id) on delete cascade,
    template text not null,
    cut_marks boolean not null default false,
    company_name boolean not null default false,
    note text,
    logo boolean not null default false,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists core.qr_label_settings`.execute(db);
}
