/**
 * The offline working set of a 5,000-equipment company (issue 20): `npx tsx bench/working-set.ts`.
 * A fresh database with the demo data, the demo company grown to N equipment (default 5,000; `N=`)
 * with three attribute values each and 500 unused tags; then a company admin's download through
 * the app in-process, page by page (`PAGE=` items, default 1,000). Prints the bytes of every page
 * as sent (JSON) and gzipped (what a compressing proxy sends), the statements and time per page.
 */
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 5000);
const PAGE = Number(process.env.PAGE ?? 1000);
const UNUSED = 500;

const env = await createTestEnvironment('wset');
applyEnv({ ...env.env, LOG_LEVEL: 'error', READ_CACHE_MS: '0' });
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { demoCompany } = await import('../tests/integration/qr/helpers.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, getPool, observeQueries } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { createApp } = await import('../src/server/app.ts');
try {
  await migrateAll();
  await seedDemo();
  const { companyId } = await demoCompany();
  const db = baseDb();
  const have = (
    await sql<{
      n: number;
    }>`select count(*)::int as n from cg_demo.equipment where company_id = ${companyId}`.execute(db)
  ).rows[0]!.n;
  const add = Math.max(0, N - have);
  // Tags in use for the new equipment and spare ones, as QR batches leave them.
  await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at)
    select 'W' || lpad(g::text, 8, '0'), ${companyId}::bigint, true, case when g <= ${add} then now() end
    from generate_series(1, ${add + UNUSED}) g`.execute(db);
  // Equipment spread over the demo catalogue's products, with the labels the seed writes.
  await sql`
    with p as (select array_agg(id order by id) ids from cg_demo.products where enabled)
    insert into cg_demo.equipment (tag_id, company_id, product_id, extra_label, extra_code,
      last_inspection_at, last_inspection_day, next_inspection_date, inspection_notice_date, due_date, due_notice_date)
    select t.id, ${companyId}::bigint, p.ids[1 + g % array_length(p.ids, 1)],
      'Garagem G' || (g % 3 + 1) || ' — vaga ' || g, 'CTRL-' || lpad(g::text, 5, '0'),
      now() - (g % 40) * interval '1 day', current_date - g % 40, current_date - g % 40 + 30,
      current_date - g % 40 + 25, current_date + g % 400, current_date + g % 400 - 10
    from generate_series(1, ${add}) g join cg_demo.tags t on t.serial_number = 'W' || lpad(g::text, 8, '0') cross join p`.execute(
    db,
  );
  // Three attribute values each (the first three attributes of the product's inspection type).
  await sql`
    insert into cg_demo.equipment_attribute_values (equipment_id, attribute_id, value)
    select e.id, a.id, case when a.type = 'DATE' then to_char(current_date - (e.id % 700), 'YYYY-MM-DD') else 'CIL-' || e.id end
    from cg_demo.equipment e join cg_demo.products p on p.id = e.product_id
    cross join lateral (select id, type from cg_demo.inspection_type_attributes x
      where x.inspection_type_id = p.inspection_type_id and x.enabled order by position, id limit 3) a
    where e.company_id = ${companyId}
    on conflict do nothing`.execute(db);
  await sql`analyze`.execute(db);

  const app = createApp();
  const signIn = await app.request('/web/authentication/', {
    method: 'POST',
    headers: { Email: 'company.admin@equipcheck.dev', 'X-Forwarded-For': '10.9.9.9' },
    body: 'Demo@123',
  });
  const token = ((await signIn.json()) as { data: string }).data;
  const headers = { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.9.9.8' };
  // Warm up (prepared statements, caches), then measure one whole download.
  await app.request(`/web/field/working-set/?pageSize=${PAGE}`, { headers });
  let cursor: string | null = null;
  let raw = 0;
  let gz = 0;
  let items = 0;
  let total = 0;
  let k = 0;
  const t0 = performance.now();
  do {
    let statements = 0;
    const seen: { sql: string; parameters: readonly unknown[] }[] = [];
    const stop = observeQueries((q) => {
      statements++;
      seen.push(q);
    });
    const p0 = performance.now();
    const res = await app.request(
      `/web/field/working-set/?pageSize=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers },
    );
    const body = new Uint8Array(await res.arrayBuffer());
    const ms = performance.now() - p0;
    stop();
    if (res.status !== 200) throw new Error(`page ${k}: ${res.status} ${new TextDecoder().decode(body)}`);
    const page = JSON.parse(new TextDecoder().decode(body)) as {
      data: {
        total: number;
        equipment: unknown[];
        unusedTags: unknown[];
        nextCursor: string | null;
        catalogue: unknown;
      };
    };
    const zipped = gzipSync(body).length;
    raw += body.length;
    gz += zipped;
    items += page.data.equipment.length + page.data.unusedTags.length;
    total = page.data.total;
    console.log(
      `page ${k}: ${page.data.equipment.length} equipment, ${page.data.unusedTags.length} tags${page.data.catalogue ? ' + catalogue' : ''} — ${(body.length / 1024).toFixed(0)} KiB, ${(zipped / 1024).toFixed(0)} KiB gzipped, ${statements} statements, ${ms.toFixed(0)} ms`,
    );
    // EXPLAIN=1: the plans of the second page's statements (one index range, whatever N).
    if (process.env.EXPLAIN && k === 1)
      for (const q of seen) {
        const client = await getPool().connect();
        const r = await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
        client.release();
        console.log(
          `  ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}\n${r.rows.map((x) => `    ${x['QUERY PLAN']}`).join('\n')}`,
        );
      }
    cursor = page.data.nextCursor;
    k++;
  } while (cursor);
  const catalogue = await app.request('/web/field/working-set/?pageSize=10', { headers });
  const first = new Uint8Array(await catalogue.arrayBuffer());
  console.log(
    `\n${items} items (total ${total}) of a ${N}-equipment company in ${k} pages of ${PAGE}, ${(performance.now() - t0).toFixed(0)} ms: ` +
      `${(raw / 1e6).toFixed(2)} MB as JSON, ${(gz / 1e6).toFixed(2)} MB gzipped ` +
      `(${(raw / N).toFixed(0)} / ${(gz / N).toFixed(0)} bytes per equipment; catalogue page alone ${(first.length / 1024).toFixed(0)} KiB)`,
  );
} finally {
  await closeDb();
  await closeRedis();
  await env.teardown();
}
