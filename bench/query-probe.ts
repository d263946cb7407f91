/**
 * Prints the statements each call runs (issue 12): `npx tsx bench/query-probe.ts`. `EXPLAIN=1`
 * prints their plans; `CPU=n` then runs each path n more times in-process under the V8 profiler
 * and prints where the server's own time goes (self time by function, and by package).
 * `NO_CACHE=1` sends `Cache-Control: no-cache` (the answer is computed, as the bench's "computed" rows).
 */
import { sql } from 'kysely';
import { cpuProfile } from './cpu-profile.ts';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const env = await createTestEnvironment('qprobe');
applyEnv({ ...env.env, LOG_LEVEL: 'error' });
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { demoCompany } = await import('../tests/integration/qr/helpers.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, coreDb, getPool, observeQueries } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { createApp } = await import('../src/server/app.ts');
try {
  await migrateAll();
  await seedDemo();
  const company = { id: (await demoCompany()).companyId };
  await sql`insert into cg_demo.tags (serial_number, company_id, enabled, created_at)
    select 'P' || lpad(g::text, 8, '0'), ${company.id}::bigint, true, now() from generate_series(1, 40000) g`.execute(
    baseDb(),
  );
  const type = await sql<{ id: number }>`select id from cg_demo.inspection_types order by id limit 1`.execute(
    baseDb(),
  );
  await sql`insert into cg_demo.products (sku, name, enabled, inspection_schedule, inspection_type_id, short_description)
    select 'BENCH-' || g, (array['Extintor Pó ABC','Mangueira','Luminária LED','Detector de Fumaça','Hidrante'])[1 + g % 5] || ' ' || g || ' kg',
           true, 30, ${type.rows[0]!.id}, 'bench'
    from generate_series(1, 100000) g`.execute(baseDb());
  await sql`update cg_demo.tags set activated_at = now() where serial_number <= 'P00010000' and serial_number like 'P%'`.execute(
    baseDb(),
  );
  await sql`
    with p as (select array_agg(id order by id) ids from (select * from cg_demo.products where sku not like 'BENCH-%') x)
    insert into cg_demo.equipment (tag_id, company_id, product_id, extra_label, extra_code, search, created_at)
    select t.id, ${company.id}::bigint, p.ids[1 + g % array_length(p.ids, 1)], 'Local ' || g, 'C' || g, '|local ' || g || '|', now() - g * interval '1 minute'
    from generate_series(1, 10000) g join cg_demo.tags t on t.serial_number = 'P' || lpad(g::text, 8, '0') cross join p`.execute(
    baseDb(),
  );
  await sql`analyze`.execute(baseDb());
  const app = createApp();
  const r = await app.request('/web/authentication/', {
    method: 'POST',
    headers: { Email: process.env.EMAIL ?? 'company.admin@equipcheck.dev', 'X-Forwarded-For': '10.9.9.9' },
    body: 'Demo@123',
  });
  const token = ((await r.json()) as { data: string }).data;
  const headers = {
    Authorization: `Bearer ${token}`,
    'X-Forwarded-For': '10.9.9.8',
    ...(process.env.NO_CACHE ? { 'Cache-Control': 'no-cache' } : {}),
  };
  for (const path of (
    process.env.PATHS ??
    '/web/logged-user/,/web/products/?pageSize=10,/web/equipments/?pageSize=10,/web/tags/?pageSize=10,/web/companies/?pageSize=10'
  ).split(',')) {
    await app.request(path, { headers });
    const seen: string[] = [];
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    const stop = observeQueries((q) => {
      queries.push(q);
      seen.push(`${q.ms.toFixed(1)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 220)}`);
    });
    const res = await app.request(path, { headers });
    stop();
    const text = await res.clone().text();
    console.log(`\n${path} → ${res.status}, ${text.length} bytes, ${seen.length} statements`);
    // SHOW=n prints the answer's first n characters.
    if (process.env.SHOW) console.log(text.slice(0, Number(process.env.SHOW)));
    // SQL=1 prints each statement whole with its parameters (to replay it in psql).
    if (process.env.SQL) for (const q of queries) console.log(`${q.sql}\n-- ${JSON.stringify(q.parameters)}`);
    for (const s of seen) console.log(`  ${s}`);
    for (const q of process.env.EXPLAIN ? queries : []) {
      const client = await getPool().connect();
      const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
      client.release();
      console.log(
        `\n  ${q.sql.replace(/\s+/g, ' ')}\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`,
      );
    }
    if (process.env.CPU) await cpuProfile(Number(process.env.CPU), () => app.request(path, { headers }));
  }
} finally {
  await closeDb();
  await closeRedis();
  // KEEP=1 leaves the database for a closer look in psql (its URL printed).
  if (process.env.KEEP) console.log(`kept ${env.env.DATABASE_URL}`);
  else await env.teardown();
}
