/**
 * `npm run seed:large`: (re)creates the company group "Grupo Benchmark" (schema `bench`) with the
 * demo catalogue and LARGE_EQUIPMENT equipment (default 100,000) with LARGE_INSPECTIONS_EACH
 * inspections each (default 10 → 1,000,000), all set-based SQL so it takes a few minutes at most.
 * Its group admin signs in as bench@equipcheck.dev / Demo@123 (the benchmarks use it).
 */
import { sql } from 'kysely';
import { migrateAll } from '../src/server/db/migrate.ts';
import { baseDb, coreDb, tenantDb, tenantSchemaName } from '../src/server/db/database.ts';
import { seedCatalogue } from '../src/server/domains/catalogue/seed.ts';
import { answersFor, fillSearch } from '../src/server/domains/equipment/seed.ts';
import { today } from '../src/server/db/days.ts';
import { provisionCompanyGroup } from '../src/server/domains/account/provision.ts';
import { DEMO_PASSWORD } from '../src/server/seed/demo-users.ts';
import { checkServices } from '../src/server/services-check.ts';
import { runScript } from './lib.ts';

export const BENCH_SCHEMA = 'bench';
export const BENCH_EMAIL = 'bench@equipcheck.dev';

const N = Number(process.env.LARGE_EQUIPMENT ?? 100_000);
const EACH = Number(process.env.LARGE_INSPECTIONS_EACH ?? 10);

async function step(name: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  console.log(`  ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await runScript(async () => {
  await checkServices();
  await migrateAll();
  const started = performance.now();
  const db = baseDb();
  const schema = tenantSchemaName(BENCH_SCHEMA);
  const t = (name: string) => sql.table(`${schema}.${name}`);

  await step('drop the old bench group', async () => {
    const old = await coreDb()
      .selectFrom('company_groups')
      .select('id')
      .where('schema_name', '=', BENCH_SCHEMA)
      .executeTakeFirst();
    if (old) {
      await coreDb().deleteFrom('users').where('company_group_id', '=', old.id).execute();
      await coreDb().deleteFrom('tag_registry').where('company_group_id', '=', old.id).execute();
      await coreDb().deleteFrom('companies').where('company_group_id', '=', old.id).execute();
      await coreDb().deleteFrom('company_groups').where('id', '=', old.id).execute();
    }
    await coreDb().deleteFrom('users').where('email', '=', BENCH_EMAIL).execute();
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  });

  let ids = { companyGroupId: 0, companyId: 0 };
  await step('provision the group and its catalogue', async () => {
    ids = await db.transaction().execute(async (trx) => {
      const r = await provisionCompanyGroup(trx, {
        groupName: 'Grupo Benchmark',
        schemaName: BENCH_SCHEMA,
        company: { name: 'Benchmark Ltda', enabled: true },
        responsible: { name: 'Bruno Bench', email: BENCH_EMAIL, password: DEMO_PASSWORD },
      });
      await seedCatalogue({
        db: trx,
        companyGroupId: r.companyGroupId,
        companyId: r.companyId,
        schemaName: BENCH_SCHEMA,
        users: {},
      });
      return { companyGroupId: r.companyGroupId, companyId: r.companyId };
    });
    await coreDb()
      .updateTable('companies')
      .set({ tags_limit: N * 2 })
      .where('id', '=', ids.companyId)
      .execute();
  });
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('email', '=', BENCH_EMAIL)
    .executeTakeFirstOrThrow();
  const { companyGroupId: gid, companyId: cid } = ids;

  await step(`${N} tags`, async () => {
    await sql`
      insert into core.tag_registry (serial, company_group_id, company_id, created_at)
      select 'BENCH' || lpad(g::text, 7, '0'), ${gid}::bigint, ${cid}::bigint, now() - interval '800 days'
      from generate_series(1, ${N}::int) g`.execute(db);
    await sql`
      insert into ${t('tags')} (serial_number, company_id, activated_at, created_at, updated_at)
      select 'BENCH' || lpad(g::text, 7, '0'), ${cid}::bigint, now() - interval '790 days', now() - interval '800 days', now() - interval '790 days'
      from generate_series(1, ${N}::int) g`.execute(db);
  });

  // The catalogue's products (all but the provider-exclusive one take part), with answer sets.
  const products = await sql<{ id: number; name: string; sku: string }>`
    select id, name, sku from ${t('products')} where enabled order by id`.execute(db);
  const productIds = products.rows.map((p) => p.id);

  await step(`${N} equipment`, async () => {
    await sql`
      insert into ${t('equipment')} (tag_id, company_id, product_id, extra_label, extra_code, created_by, created_at, updated_at)
      select tg.id, ${cid}::bigint, (${sql.val(productIds)}::int[])[1 + (tg.id % ${productIds.length})],
             'Local ' || (tg.id % 997), 'CTRL-' || tg.id,
             ${user.id}::bigint, now() - ((tg.id % 700) || ' days')::interval - interval '60 days', now()
      from ${t('tags')} tg
      join ${t('products')} p on p.id = (${sql.val(productIds)}::int[])[1 + (tg.id % ${productIds.length})]`.execute(
      db,
    );
  });

  // One good and one improper answer set per product (texts as recorded).
  const { loadCatalogueForSeed } = await import('../src/server/domains/equipment/seed.ts');
  const catalogue = await loadCatalogueForSeed(BENCH_SCHEMA);
  const answerSets = catalogue.map((p) => ({
    id: p.id,
    good: JSON.stringify(answersFor(p, false)),
    bad: JSON.stringify(answersFor(p, true)),
  }));

  await step(`${N * EACH} inspections`, async () => {
    // Every 25th equipment is never inspected; every 13th has an improper last inspection.
    await sql`
      insert into ${t('inspections')} (equipment_id, company_id, product_id, user_id, user_name, user_email,
        latitude, longitude, accuracy, improper, answers, created_at, performed_at)
      select e.id, ${cid}::bigint, e.product_id, ${user.id}::bigint, ${user.name}, ${user.email},
             -23.55 + ((e.id * 7919) % 2000) / 10000.0 - 0.1, -46.63 + ((e.id * 104729) % 2000) / 10000.0 - 0.1, 5 + (e.id % 25),
             (k = 0 and e.id % 13 = 0),
             case when k = 0 and e.id % 13 = 0 then a.bad else a.good end,
             now() - ((e.id % 60) || ' days')::interval - (k || ' months')::interval,
             now() - ((e.id % 60) || ' days')::interval - (k || ' months')::interval
      from ${t('equipment')} e
      join (select * from jsonb_to_recordset(${JSON.stringify(answerSets)}::jsonb) as x(id int, good jsonb, bad jsonb)) a on a.id = e.product_id
      cross join generate_series(0, ${EACH - 1}::int) k
      where e.id % 25 <> 0`.execute(db);
  });

  await step('equipment dates from their last inspection', async () => {
    const day = today();
    await sql`
      update ${t('equipment')} e set
        last_inspection_id = i.id,
        last_inspection_at = i.created_at,
        last_inspection_day = (i.created_at at time zone 'America/Sao_Paulo')::date,
        last_inspection_user_id = i.user_id,
        last_inspection_improper = i.improper,
        next_inspection_date = (i.created_at at time zone 'America/Sao_Paulo')::date + p.inspection_schedule,
        inspection_notice_date = (i.created_at at time zone 'America/Sao_Paulo')::date + p.inspection_schedule
          - coalesce(p.days_notification_next_inspection_date, 0),
        due_date = case when p.is_due_date then ${day}::date + ((e.id % 400) - 30) end,
        due_notice_date = case when p.is_due_date then ${day}::date + ((e.id % 400) - 30) - coalesce(p.days_notification_due_date, 0) end
      from ${t('inspections')} i, ${t('products')} p
      where i.equipment_id = e.id and p.id = e.product_id
        and i.created_at = (select max(created_at) from ${t('inspections')} x where x.equipment_id = e.id)`.execute(
      db,
    );
  });

  await step('search documents', () => fillSearch(tenantDb(BENCH_SCHEMA)));
  await step('analyze', () => sql`analyze ${t('tags')}, ${t('equipment')}, ${t('inspections')}`.execute(db));
  console.log(
    `seed:large: group "Grupo Benchmark" (schema ${BENCH_SCHEMA}), ${N} equipment, ${N * EACH - Math.floor(N / 25) * EACH} inspections in ${((performance.now() - started) / 1000).toFixed(0)} s. Sign in as ${BENCH_EMAIL} / ${DEMO_PASSWORD}.`,
  );
});
