// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import { type Kysely, sql } from 'kysely';

/**
 * Users imported from a spreadsheet are invited by e-mail (issue 31 item 4): an INVITE token, the
 * link to set the first password, valid longer than a reset link (days, not an hour).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table core.email_tokens drop constraint email_tokens_purpose_check`.execute(db);
  await sql`alter table core.email_tokens add constraint email_tokens_purpose_check
    check (purpose in ('ACTIVATION','PASSWORD_RESET','INVITE'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from core.email_tokens where purpose = 'INVITE'`.execute(db);
  await sql`alter table core.email_tokens drop constraint email_tokens_purpose_check`.execute(db);
  await sql`alter table core.email_tokens add constraint email_tokens_purpose_check
    check (purpose in ('ACTIVATION','PASSWORD_RESET'))`.execute(db);
}
