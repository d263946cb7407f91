import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { baseDb, coreDb, tenantDb } from '../../../src/server/db/database.ts';
import type { LoggedUser } from '../../../src/shared/account/schemas.ts';
import { loginAs, rest } from '../../helpers/api.ts';
import { otherDemoCompany, otherTenant } from './helpers.ts';

/**
 * The tag counters the database keeps (migrations/tenant/0303) stay equal to counting the tags,
 * whatever writes them: inserts (also two at once), activation, disabling, deletion, a move to
 * another company, and the logged user reads them.
 */
async function fixture() {
  const tenant = await otherTenant();
  const group = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', tenant.groupId)
    .executeTakeFirstOrThrow();
  const schema = `cg_${group.schema_name}`;
  const db = tenantDb(group.schema_name);
  let n = 0;
  const insert = (count: number, companyId: number, createdAt = sql`now()`) =>
    sql`insert into ${sql.table(`${schema}.tags`)} (serial_number, company_id, enabled, created_at)
      select ${`K${tenant.groupId}x${n++}x`} || g, ${companyId}::bigint, true, ${createdAt}
      from generate_series(1, ${count}::int) g`.execute(baseDb());
  const counted = async (companyId: number) => {
    const r = await sql<{ in_use: number; spare: number; this_month: number }>`select
        count(*) filter (where enabled and activated_at is not null)::int as in_use,
        count(*) filter (where enabled and activated_at is null)::int as spare,
        count(*) filter (where created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')::int as this_month
      from ${sql.table(`${schema}.tags`)} where company_id = ${companyId}`.execute(baseDb());
    return r.rows[0]!;
  };
  const kept = async (companyId: number) => {
    const c = await db
      .selectFrom('tag_counts')
      .select(['in_use', 'spare'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    const m = await db
      .selectFrom('tag_monthly_counts')
      .select('generated')
      .where('company_id', '=', companyId)
      .where(sql<boolean>`month = date_trunc('month', now() at time zone 'UTC')::date`)
      .executeTakeFirst();
    return { in_use: c?.in_use ?? 0, spare: c?.spare ?? 0, this_month: m?.generated ?? 0 };
  };
  return { tenant, schema, insert, counted, kept };
}

describe('tag counters', () => {
  it('equal a count of the tags after every kind of write, and the logged user shows them', async () => {
    const f = await fixture();
    const company = f.tenant.companyId;
    const table = sql.table(`${f.schema}.tags`);
    await f.insert(30, company);
    await f.insert(5, company, sql`now() - interval '40 days'`);
    // Two batches at once for the same company: both land in the counters.
    await Promise.all([f.insert(500, company), f.insert(500, company)]);
    expect(await f.kept(company)).toEqual(await f.counted(company));
    expect((await f.kept(company)).spare).toBe(1035);

    await sql`update ${table} set activated_at = now() where id in (select id from ${table} order by id limit 10)`.execute(
      baseDb(),
    );
    await sql`update ${table} set enabled = false where id in (select id from ${table} order by id limit 3)`.execute(
      baseDb(),
    );
    await sql`update ${table} set enabled = false where id in (select id from ${table} order by id desc limit 2)`.execute(
      baseDb(),
    );
    await sql`delete from ${table} where id = (select max(id) from ${table} where enabled)`.execute(baseDb());
    expect(await f.kept(company)).toEqual(await f.counted(company));
    expect(await f.kept(company)).toMatchObject({ in_use: 7, spare: 1022 });

    // A tag moved to another company of the group leaves one company's counters for the other's.
    const second = { id: await otherDemoCompany(f.tenant.groupId) };
    await sql`update ${table} set company_id = ${second.id} where id in (select id from ${table} where activated_at is not null and enabled order by id limit 2)`.execute(
      baseDb(),
    );
    expect(await f.kept(company)).toEqual(await f.counted(company));
    expect(await f.kept(second.id)).toEqual(await f.counted(second.id));
    expect((await f.kept(second.id)).in_use).toBe(2);

    // The group's responsible works in the first company: the logged user reads its counters.
    const token = await loginAs(f.tenant.email);
    const me = await rest<LoggedUser>('GET', '/web/logged-user/', { token });
    const a = await f.counted(company);
    expect(me.json.data).toMatchObject({
      companyId: company,
      active_tags_qty: a.in_use,
      generated_tag_qty: a.this_month,
    });
  });
});
