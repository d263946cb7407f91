import { type Kysely, sql } from 'kysely';

/** Sign-ups awaiting activation and single-use e-mail tokens (activation, password reset). */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('core.users.id').onDelete('cascade'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('fantasy_name', 'text')
    .addColumn('cnpj', 'text')
    .addColumn('address', 'jsonb')
    .addColumn('selected_plan_id', 'integer')
    .addColumn('equipment_qtt', 'integer')
    .addColumn('product_id_vindi', 'text')
    .addColumn('plan_id_vindi', 'text')
    .addColumn('ip', 'text')
    .addColumn('company_group_id', 'bigint', (c) =>
      c.references('core.company_groups.id').onDelete('set null'),
    )
    .addColumn('activated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('registrations_user_idx').on('registrations').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('core.users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('email_tokens_purpose_check', sql`purpose in ('ACTIVATION','PASSWORD_RESET')`)
    .execute();
  await db.schema
    .createIndex('email_tokens_user_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_tokens').ifExists().execute();
  await db.schema.dropTable('registrations').ifExists().execute();
}
