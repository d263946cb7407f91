import { type Kysely, sql } from 'kysely';

/** A company may hide the public tag card (then a scanned label only says "registered equipment"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table core.companies add column if not exists public_tag_card boolean not null default true`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table core.companies drop column if exists public_tag_card`.execute(db);
}
