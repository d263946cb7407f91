// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Tag counters kept by the database itself (issue 12): tags in use and spare tags per company, and
 * tags generated per company and UTC month. Statement-level triggers on `tags` add the difference
 * between the transition tables, in the same transaction as the tags, so a 10,000-tag batch is one
 * counter update and no writer can forget them. The logged user, the QR bounds and the companies
 * list read one row per company instead of counting a tenant's tags on every call.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await db.schema
    .createTable('tag_counts')
    .addColumn('company_id', 'bigint', (c) => c.primaryKey())
    // enabled and bound to equipment (qr/rules.ts tagInUse)
    .addColumn('in_use', 'integer', (c) => c.notNull().defaultTo(0))
    // enabled and not bound yet
    .addColumn('spare', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('tag_monthly_counts')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    // first day of the UTC month the tags were created in
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('generated', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tag_monthly_counts_pk', ['company_id', 'month'])
    .execute();

  // One function per tenant schema, its search_path pinned, so its statements are plain (cached)
  // SQL. A trigger sees only the transition tables it declares, hence one branch per operation.
  const changes = (rows: string, sign: '' | '-') => `
        select company_id, ${sign}(enabled and activated_at is not null)::int as in_use,
               ${sign}(enabled and activated_at is null)::int as spare,
               date_trunc('month', created_at at time zone 'UTC')::date as month, ${sign}1 as generated
        from ${rows}`;
  // An update adds the new rows and takes away the old ones: a pure touch nets out (`having`).
  const apply = (source: string) => `
      insert into tag_monthly_counts as m (company_id, month, generated)
      select company_id, month, sum(generated) from (${source}) d group by 1, 2 having sum(generated) <> 0
      on conflict (company_id, month) do update set generated = m.generated + excluded.generated;
      insert into tag_counts as c (company_id, in_use, spare)
      select company_id, sum(in_use), sum(spare) from (${source}) d
      group by company_id having sum(in_use) <> 0 or sum(spare) <> 0
      on conflict (company_id) do update set in_use = c.in_use + excluded.in_use, spare = c.spare + excluded.spare;`;
  const body = `
    begin
      if tg_op = 'INSERT' then ${apply(changes('new_rows', ''))}
      elsif tg_op = 'DELETE' then ${apply(changes('old_rows', '-'))}
      else ${apply(`${changes('new_rows', '')} union all ${changes('old_rows', '-')}`)}
      end if;
      return null;
    end`;
  await sql`create function ${s}.tags_keep_counts() returns trigger language plpgsql
    set search_path = ${s} as ${sql.lit(body)}`.execute(db);
  await sql`create trigger tags_counts_insert after insert on ${s}.tags referencing new table as new_rows
    for each statement execute function ${s}.tags_keep_counts()`.execute(db);
  await sql`create trigger tags_counts_update after update on ${s}.tags referencing old table as old_rows new table as new_rows
    for each statement execute function ${s}.tags_keep_counts()`.execute(db);
  await sql`create trigger tags_counts_delete after delete on ${s}.tags referencing old table as old_rows
    for each statement execute function ${s}.tags_keep_counts()`.execute(db);

  // The tags that exist already.
  await sql`insert into ${s}.tag_counts (company_id, in_use, spare)
    select company_id, count(*) filter (where enabled and activated_at is not null),
           count(*) filter (where enabled and activated_at is null)
    from ${s}.tags group by company_id`.execute(db);
  await sql`insert into ${s}.tag_monthly_counts (company_id, month, generated)
    select company_id, date_trunc('month', created_at at time zone 'UTC')::date, count(*)
    from ${s}.tags group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  for (const t of ['tags_counts_insert', 'tags_counts_update', 'tags_counts_delete'])
    await sql`drop trigger if exists ${sql.id(t)} on ${s}.tags`.execute(db);
  await sql`drop function if exists ${s}.tags_keep_counts()`.execute(db);
  await db.schema.dropTable('tag_monthly_counts').ifExists().execute();
  await db.schema.dropTable('tag_counts').ifExists().execute();
}
