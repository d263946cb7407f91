/**
 * A large tenant for the benches (issues 13 and 15), filled in set-based SQL (as
 * scripts/seed-large.ts): the demo group gets a company of `n` equipment with `each` inspections
 * each (every 25th never inspected, every 13th equipment's last inspection improper), a maintenance
 * on every third, the extinguishers' date attributes and the search documents. Used by
 * bench/reports.ts and bench/dashboard.ts. Import it after `applyEnv` (it loads the server's modules).
 *
 * - `inspectors` (default 1, the group admin): inspections are spread over that many users of the
 *   company (created here, named "Inspetor 001"…), round-robin;
 * - `lastSpreadDays` (default 60): the last inspections fall over that many days back from now
 *   (`e.id % lastSpreadDays`), the earlier ones a month apart before it.
 */
import { sql } from 'kysely';
import { seedDemo } from '../src/server/seed/seed.ts';
import { migrateAll } from '../src/server/db/migrate.ts';
import { baseDb, coreDb, tenantDb } from '../src/server/db/database.ts';
import { today } from '../src/server/db/days.ts';
import { answersFor, fillSearch, loadCatalogueForSeed } from '../src/server/domains/equipment/seed.ts';

export interface LargeTenantOptions {
  n: number;
  each: number;
  inspectors?: number;
  lastSpreadDays?: number;
}

export interface LargeTenant {
  groupId: number;
  companyId: number;
  /** the group admin */
  user: { id: number; name: string; email: string };
  /** the day the data is relative to (APP_TIME_ZONE) */
  day0: string;
  /** the extinguisher every 10th equipment holds (the PDF export's 10,000 rows) */
  pdfProduct: number;
  inspections: number;
}

async function step(name: string, fn: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await fn();
  console.log(`  ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Migrates, seeds the demo data, then fills the demo group's new company "Benchmark Ltda". */
export async function fillLargeTenant(opts: LargeTenantOptions): Promise<LargeTenant> {
  const { n, each } = opts;
  const spread = opts.lastSpreadDays ?? 60;
  await migrateAll();
  await seedDemo();
  const db = baseDb();
  const demo = await coreDb()
    .selectFrom('company_groups')
    .select('id')
    .where('schema_name', '=', 'demo')
    .executeTakeFirstOrThrow();
  const company = await coreDb()
    .insertInto('companies')
    .values({
      company_group_id: demo.id,
      name: 'Benchmark Ltda',
      fantasy_name: null,
      cnpj: null,
      main_contact_name: null,
      email: null,
      phone: null,
      address: null,
      image_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cid = company.id;
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('email', '=', 'group.admin@equipcheck.dev')
    .executeTakeFirstOrThrow();
  const inspectors =
    (opts.inspectors ?? 1) <= 1
      ? [user]
      : await coreDb()
          .insertInto('users')
          .values(
            Array.from({ length: opts.inspectors! }, (_, i) => ({
              email: `inspetor${String(i + 1).padStart(3, '0')}@bench.test`,
              name: `Inspetor ${String(i + 1).padStart(3, '0')}`,
              phone: null,
              occupation: 'Inspetor',
              role: 'COMPANY_OPERATOR' as const,
              status: 'ACTIVE' as const,
              company_group_id: demo.id,
              company_id: cid,
              password_hash: 'x',
              image_key: null,
              vindi_id: null,
            })),
          )
          .returning(['id', 'name', 'email'])
          .execute();
  const t = (name: string) => sql.table(`cg_demo.${name}`);
  const day0 = today();
  const products = (
    await sql<{ id: number; sku: string }>`
    select id, sku from ${t('products')} where enabled and not is_dv_exclusive order by id`.execute(db)
  ).rows;
  // Every 10th equipment is the first extinguisher (the PDF's 10,000 rows); the rest round-robin.
  const pdfProduct = products.find((p) => p.sku === 'EXT-PQS-4')!.id;
  const others = products.filter((p) => p.id !== pdfProduct).map((p) => p.id);
  console.log(
    `Filling ${n.toLocaleString('en')} equipment, ~${Math.round((n * each * 24) / 25).toLocaleString('en')} inspections by ${inspectors.length} inspector(s), last inspections over ${spread} days:`,
  );

  // A fill is a starting state, not a change: the audit triggers are off while it runs (a million
  // logged rows would only slow the fill; the benches measure the product's own calls).
  const filled = ['tags', 'equipment', 'inspections', 'maintenances', 'equipment_attribute_values'];
  const auditTriggers = async (verb: 'enable' | 'disable') => {
    for (const table of filled)
      await sql`alter table ${t(table)} ${sql.raw(['audit_insert', 'audit_update', 'audit_delete'].map((g) => `${verb} trigger ${g}`).join(', '))}`.execute(
        db,
      );
  };
  await auditTriggers('disable');
  try {
    await step('tags and equipment', async () => {
      await sql`insert into ${t('tags')} (serial_number, company_id, enabled, activated_at, created_at)
      select 'R' || lpad(g::text, 8, '0'), ${cid}::bigint, true, now(), now() - interval '800 days'
      from generate_series(1, ${n}::int) g`.execute(db);
      await sql`
      insert into ${t('equipment')} (tag_id, company_id, product_id, extra_label, extra_code, created_by, created_at)
      select tg.id, ${cid}::bigint,
        case when g % 10 = 0 then ${pdfProduct}::int else (${sql.val(others)}::int[])[1 + g % ${others.length}] end,
        'Local ' || (g % 997), 'CTRL-' || g, ${user.id}::bigint,
        now() - ((g % 700) || ' days')::interval - ((g % 86400) || ' seconds')::interval - interval '1 day'
      from generate_series(1, ${n}::int) g join ${t('tags')} tg on tg.serial_number = 'R' || lpad(g::text, 8, '0')`.execute(
        db,
      );
    });

    const catalogue = await loadCatalogueForSeed('demo');
    const answerSets = catalogue.map((p) => ({
      id: p.id,
      good: JSON.stringify(answersFor(p, false)),
      bad: JSON.stringify(answersFor(p, true)),
    }));
    const people = JSON.stringify(inspectors.map((u, i) => ({ i, id: u.id, name: u.name, email: u.email })));
    await step('inspections (every 25th never inspected, every 13th improper)', async () => {
      await sql`
      insert into ${t('inspections')} (equipment_id, company_id, product_id, user_id, user_name, user_email, improper, answers, created_at, performed_at)
      select e.id, ${cid}::bigint, e.product_id, u.id, u.name, u.email,
        (k = 0 and e.id % 13 = 0), case when k = 0 and e.id % 13 = 0 then a.bad else a.good end,
        now() - ((e.id % ${spread}::int) || ' days')::interval - (k || ' months')::interval,
        now() - ((e.id % ${spread}::int) || ' days')::interval - (k || ' months')::interval
      from ${t('equipment')} e
      join (select * from jsonb_to_recordset(${JSON.stringify(answerSets)}::jsonb) as x(id int, good jsonb, bad jsonb)) a on a.id = e.product_id
      cross join generate_series(0, ${each - 1}::int) k
      join (select * from jsonb_to_recordset(${people}::jsonb) as x(i int, id bigint, name text, email text)) u
        on u.i = (e.id + k) % ${inspectors.length}::int
      where e.company_id = ${cid} and e.id % 25 <> 0`.execute(db);
    });
    await step('equipment dates from the last inspection', async () => {
      await sql`
      update ${t('equipment')} e set
        last_inspection_id = i.id, last_inspection_at = i.created_at,
        last_inspection_day = (i.created_at at time zone 'America/Sao_Paulo')::date,
        last_inspection_user_id = i.user_id, last_inspection_improper = i.improper,
        next_inspection_date = (i.created_at at time zone 'America/Sao_Paulo')::date + p.inspection_schedule,
        inspection_notice_date = (i.created_at at time zone 'America/Sao_Paulo')::date + p.inspection_schedule
          - coalesce(p.days_notification_next_inspection_date, 0),
        due_date = case when p.is_due_date then ${day0}::date + ((e.id % 400) - 30) end,
        due_notice_date = case when p.is_due_date then ${day0}::date + ((e.id % 400) - 30) - coalesce(p.days_notification_due_date, 0) end
      from (select distinct on (equipment_id) id, equipment_id, created_at, user_id, improper
            from ${t('inspections')} where company_id = ${cid} order by equipment_id, created_at desc) i,
        ${t('products')} p
      where i.equipment_id = e.id and p.id = e.product_id`.execute(db);
    });
    await step('maintenances (every 3rd equipment)', async () => {
      await sql`
      insert into ${t('maintenances')} (equipment_id, company_id, product_id, user_id, user_name, user_email, created_at, performed_at)
      select e.id, ${cid}::bigint, e.product_id, ${user.id}::bigint, ${user.name}, ${user.email},
        now() - ((e.id % 300) || ' days')::interval, now() - ((e.id % 300) || ' days')::interval
      from ${t('equipment')} e where e.company_id = ${cid} and e.id % 3 = 0`.execute(db);
      await sql`
      update ${t('equipment')} e set last_maintenance_id = m.id, last_maintenance_at = m.created_at, last_maintenance_user_id = m.user_id
      from ${t('maintenances')} m where m.equipment_id = e.id and m.company_id = ${cid}`.execute(db);
    });
    await step('extinguisher date attributes', async () => {
      // Each DATE attribute of the equipment's subcategory, spread over ~400 days. Through a
      // materialized CTE: Citus 13.2.2 deparses a pushed-down INSERT … SELECT whose SELECT calls a
      // STABLE function (to_char) into invalid SQL on the worker (`AND ( IS NOT NULL)`).
      await sql`
      with v as materialized (
        select e.id as equipment_id, a.id as attribute_id,
          to_char(${day0}::date - (30 + (e.id * 7 + a.id) % 400), 'YYYY-MM-DD') as value
        from ${t('equipment')} e
        join ${t('products')} p on p.id = e.product_id
        join ${t('inspection_type_attributes')} a on a.inspection_type_id = p.inspection_type_id and a.type = 'DATE'
        where e.company_id = ${cid})
      insert into ${t('equipment_attribute_values')} (equipment_id, attribute_id, value)
      select equipment_id, attribute_id, value from v
      on conflict do nothing`.execute(db);
    });
    await step('search documents', () => fillSearch(tenantDb('demo')));
  } finally {
    await auditTriggers('enable');
  }
  await step('analyze', () =>
    sql`analyze ${t('tags')}, ${t('equipment')}, ${t('inspections')}, ${t('maintenances')}, ${t('equipment_attribute_values')}`.execute(
      db,
    ),
  );
  const count = await sql<{ n: number }>`select count(*)::int as n from ${t('inspections')}`.execute(db);
  return { groupId: demo.id, companyId: cid, user, day0, pdfProduct, inspections: count.rows[0]!.n };
}
