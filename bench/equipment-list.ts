/**
 * Equipment list latency on a large tenant (issue 11 item 9; `npm run bench -- equipment`):
 * fills a throwaway database's demo tenant with N (default 100,000) equipment on tags, then times
 * GET /web/equipments/ (unfiltered, by each status, by search, sorted, deep page) and POST
 * inspection through the real app in-process. `npx tsx bench/equipment-list.ts`; KEEP=1 keeps the
 * database for EXPLAIN, SKIP=1 only fills it.
 */
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

const N = Number(process.env.N ?? 100_000);
const env = await createTestEnvironment('eqbench');
applyEnv({ ...env.env, LOGIN_FREE_PER_PAIR: '100000', LOGIN_FREE_PER_IP: '100000', LOG_LEVEL: 'error' });
const { migrateAll } = await import('../src/server/db/migrate.ts');
const { demoCompany } = await import('../tests/integration/qr/helpers.ts');
const { seedDemo } = await import('../src/server/seed/seed.ts');
const { baseDb, closeDb, coreDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');
const { createApp } = await import('../src/server/app.ts');
const { today } = await import('../src/server/db/days.ts');
try {
  await migrateAll();
  await seedDemo();
  const company = { id: (await demoCompany()).companyId };
  const day = today();
  const t0 = performance.now();
  await sql`insert into cg_demo.tags (serial_number, company_id, enabled, activated_at, created_at)
    select 'B' || lpad(g::text, 8, '0'), ${company.id}::bigint, g % 50 <> 0, now(), now() - (g % 700) * interval '1 day'
    from generate_series(1, ${N}::int) g`.execute(baseDb());
  await sql`
    with p as (select array_agg(id order by id) ids, array_agg(name order by id) names, array_agg(sku order by id) skus from cg_demo.products)
    insert into cg_demo.equipment (tag_id, company_id, product_id, extra_label, extra_code, due_date, due_notice_date,
      last_inspection_at, last_inspection_day, last_inspection_improper, next_inspection_date, inspection_notice_date, search, created_at)
    select t.id, ${company.id}::bigint, p.ids[1 + g % array_length(p.ids, 1)], 'Local ' || g, 'C' || g,
      d.due, d.due - 10,
      case when g % 10 = 0 then null else (d.last + time '12:00') at time zone 'America/Sao_Paulo' end,
      case when g % 10 = 0 then null else d.last end,
      g % 13 = 0 and g % 10 <> 0,
      case when g % 10 = 0 then null else d.last + 30 end,
      case when g % 10 = 0 then null else d.last + 25 end,
      core.search_text('|' || concat_ws('|', t.serial_number, 'Local ' || g, 'C' || g, p.names[1 + g % array_length(p.ids, 1)], p.skus[1 + g % array_length(p.ids, 1)]) || '|'),
      now() - (g % 700) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${N}::int) g
    join cg_demo.tags t on t.serial_number = 'B' || lpad(g::text, 8, '0')
    cross join p
    cross join lateral (select ${day}::date - ((g * 7919) % 45) as last,
      case when g % 10 < 7 then ${day}::date + ((g * 31) % 800 - 100) end as due) d`.execute(baseDb());
  await sql`analyze cg_demo.equipment`.execute(baseDb());
  await sql`analyze cg_demo.tags`.execute(baseDb());
  console.log(`filled ${N} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = createApp();
  const login = async (email: string) => {
    const r = await app.request('/web/authentication/', {
      method: 'POST',
      headers: { Email: email, 'X-Forwarded-For': '10.1.1.1' },
      body: 'Demo@123',
    });
    return ((await r.json()) as { data: string }).data;
  };
  const group = await login('group.admin@equipcheck.dev');
  const companyAdmin = await login('company.admin@equipcheck.dev');
  const cases: [string, string, string][] = [
    ['page 1, unfiltered (group admin)', group, ''],
    ['page 1, unfiltered (company admin)', companyAdmin, ''],
    ['status=NA', group, 'status=NA'],
    ['status=IMPROPER', group, 'status=IMPROPER'],
    ['status=EXPIRED', group, 'status=EXPIRED'],
    ['status=VALID', group, 'status=VALID'],
    ['lastInspection EXPIRED_OR_EXPIRING', group, 'lastInspectionExpirationStatus=EXPIRED_OR_EXPIRING'],
    ['dueDate EXPIRING', group, 'dueDateExpirationStatus=EXPIRING'],
    ['search "local 1234"', group, 'query=local%201234'],
    ['search "extintor"', group, 'query=extintor'],
    ['search 2 chars', group, 'query=ab'],
    ['sort dueDate asc', group, 'sort=dueDate&direction=asc'],
    ['page 100', group, 'page=100'],
  ];
  for (const [what, token, q] of process.env.SKIP ? [] : cases) {
    const ms: number[] = [];
    let total = 0;
    for (let i = 0; i < 105; i++) {
      const s = performance.now();
      const r = await app.request(`/web/equipments/?${q}`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.1.1.2' },
      });
      const body = (await r.json()) as { data: { total: number } };
      if (r.status !== 200) throw new Error(JSON.stringify(body));
      total = body.data.total;
      if (i >= 5) ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `${what.padEnd(38)} total=${String(total).padStart(6)}  p50=${ms[Math.floor(ms.length * 0.5)]!.toFixed(1)} ms  p95=${ms[Math.floor(ms.length * 0.95)]!.toFixed(1)} ms`,
    );
  }
  {
    const ms: number[] = [];
    for (let i = 0; i < 65; i++) {
      const serial = `B${String(1 + i * 97).padStart(8, '0')}`;
      const form = await app.request(`/web/equipments/${serial}/inspection-form`, {
        headers: { Authorization: `Bearer ${group}`, 'X-Forwarded-For': '10.1.1.2' },
      });
      const f = (
        (await form.json()) as {
          data: { questions: { id: number; type: string; customAnswers: { id: number }[] }[] };
        }
      ).data;
      if (!f) continue; // a disabled tag
      const answers = f.questions.map((q) => ({
        questionId: q.id,
        answer: q.type === 'YES_NO_NA' ? 'YES' : q.type === 'CUSTOM' ? q.customAnswers[0]!.id : 'ok',
      }));
      const s = performance.now();
      const r = await app.request(`/web/equipments/${serial}/inspections`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${group}`,
          'X-Forwarded-For': '10.1.1.2',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ answers, latitude: -23.5, longitude: -46.6, accuracy: 8 }),
      });
      if (r.status !== 201) throw new Error(await r.text());
      if (i >= 5) ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `${'POST inspection'.padEnd(38)} runs=${ms.length}  p50=${ms[Math.floor(ms.length * 0.5)]!.toFixed(1)} ms  p95=${ms[Math.floor(ms.length * 0.95)]!.toFixed(1)} ms`,
    );
  }
  if (process.env.EXPLAIN) {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`${sql.raw(process.env.EXPLAIN)}`.execute(baseDb());
    console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
} finally {
  await closeDb();
  await closeRedis();
  if (process.env.KEEP) console.log(`kept ${env.databaseUrl}`);
  else await env.teardown();
}
