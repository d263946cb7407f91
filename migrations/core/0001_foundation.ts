import { type Kysely, sql } from 'kysely';

/** Foundation of the `core` schema: organisations, users, sessions, jobs, outbox, audit, config. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // unaccent() is not immutable, so it cannot be indexed; this wrapper pins the dictionary and is.
  await sql`
    create or replace function core.immutable_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$`.execute(db);
  await sql`
    create or replace function core.search_text(text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(core.immutable_unaccent($1)) $$`.execute(db);

  await db.schema
    .createTable('company_groups')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('schema_name', 'text', (c) => c.notNull().unique())
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('OK'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.notNull().references('core.company_groups.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fantasy_name', 'text')
    .addColumn('cnpj', 'text')
    .addColumn('main_contact_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'jsonb')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tags_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('companies_group_idx').on('companies').column('company_group_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('occupation', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('company_group_id', 'bigint', (c) =>
      c.references('core.company_groups.id').onDelete('set null'),
    )
    .addColumn('company_id', 'bigint', (c) => c.references('core.companies.id').onDelete('set null'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('pt'))
    .addColumn('vindi_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'users_role_check',
      sql`role in ('MOBCHECK_ADMIN','COMPANY_GROUP_ADMIN','COMPANY_ADMIN','COMPANY_OPERATOR')`,
    )
    .addCheckConstraint(
      'users_status_check',
      sql`status in ('ACTIVE','INACTIVE','PENDING','MIGRATED','DELETED')`,
    )
    .execute();
  // One live account per e-mail; MIGRATED/DELETED records keep their history.
  await sql`create unique index users_email_live_idx on core.users (lower(email)) where status not in ('MIGRATED','DELETED')`.execute(
    db,
  );
  await db.schema
    .createIndex('users_group_idx')
    .on('users')
    .columns(['company_group_id', 'company_id'])
    .execute();
  await sql`create index users_search_idx on core.users using gin (core.search_text(name || ' ' || email) gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('core.users.id').onDelete('cascade'))
    .addColumn('company_group_id', 'bigint')
    .addColumn('company_id', 'bigint')
    .addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('system_config')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull().unique())
    .addColumn('config_type', 'text', (c) => c.notNull().defaultTo('TOGGLE'))
    .addColumn('config_value', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('param', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_group_id', 'bigint')
    .addColumn('company_id', 'bigint')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('requested_by', 'bigint')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_key', 'text')
    .addColumn('result_name', 'text')
    .addColumn('result_content_type', 'text')
    .addColumn('result_size', 'bigint')
    .addColumn('result', 'jsonb')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addCheckConstraint('jobs_state_check', sql`state in ('queued','active','completed','failed')`)
    .addCheckConstraint('jobs_progress_check', sql`progress between 0 and 100`)
    .execute();
  await db.schema
    .createIndex('jobs_tenant_idx')
    .on('jobs')
    .columns(['company_group_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('jobs_expires_idx')
    .on('jobs')
    .column('expires_at')
    .where(sql.ref('expires_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'bigint')
    .addColumn('company_group_id', 'bigint')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_log_group_idx')
    .on('audit_log')
    .columns(['company_group_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log',
    'email_outbox',
    'jobs',
    'system_config',
    'sessions',
    'users',
    'companies',
    'company_groups',
  ]) {
    await db.schema.dropTable(t).ifExists().cascade().execute();
  }
}
