/**
 * API latency on a large tenant: sign-in (argon2id), the logged user, and catalogue product lists
 * over 100,000 products (search, sort, paging in SQL). Runs the real Hono app in-process against a
 * throwaway database on the local Postgres and Redis.
 */
import { sql } from 'kysely';
import { applyEnv, createTestEnvironment } from '../tests/helpers/test-env.ts';

export interface ApiRow {
  what: string;
  runs: number;
  p50: number;
  p95: number;
  perSecond: number;
}

function stats(what: string, ms: number[], totalMs: number): ApiRow {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { what, runs: ms.length, p50: at(0.5), p95: at(0.95), perSecond: (ms.length / totalMs) * 1000 };
}

export async function apiBench(products = 100_000): Promise<{ rows: ApiRow[]; plan: string }> {
  const env = await createTestEnvironment('bench');
  applyEnv({ ...env.env, LOGIN_MAX_PER_EMAIL: '100000', LOG_LEVEL: 'error' });
  const { migrateAll } = await import('../src/server/db/migrate.ts');
  const { seedDemo } = await import('../src/server/seed/seed.ts');
  const { baseDb, closeDb, tenantDb } = await import('../src/server/db/database.ts');
  const { closeRedis } = await import('../src/server/redis.ts');
  const { closeQueue } = await import('../src/server/jobs/queue.ts');
  const { createApp } = await import('../src/server/app.ts');
  try {
    await migrateAll();
    await seedDemo();
    const t = tenantDb('demo');
    const type = await t.selectFrom('inspection_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    // Bulk rows in one statement: names vary so the search has real work to do.
    await sql`
      insert into ${sql.table('cg_demo.products')} (sku, name, enabled, inspection_schedule, inspection_type_id, short_description)
      select 'BENCH-' || g, (array['Extintor Pó ABC','Mangueira','Luminária LED','Detector de Fumaça','Hidrante'])[1 + g % 5] || ' ' || g || ' kg',
             true, 360, ${type.id}, 'bench'
      from generate_series(1, ${products}) g`.execute(baseDb());
    await sql`analyze ${sql.table('cg_demo.products')}`.execute(baseDb());

    const app = createApp();
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await app.request(path, init);
      if (res.status >= 400) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    const time = async (what: string, runs: number, fn: (i: number) => Promise<unknown>) => {
      const ms: number[] = [];
      const t0 = performance.now();
      for (let i = 0; i < runs; i++) {
        const a = performance.now();
        await fn(i);
        ms.push(performance.now() - a);
      }
      return stats(what, ms, performance.now() - t0);
    };
    const login = () =>
      call('/web/authentication/', {
        method: 'POST',
        headers: { Email: 'company.admin@equipcheck.dev' },
        body: 'Demo@123',
      });
    const rows: ApiRow[] = [];
    rows.push(await time('POST /web/authentication/ (argon2id)', 20, login));
    const token = ((await (await login()).json()) as { data: string }).data;
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    rows.push(await time('GET /web/logged-user/', 300, () => call('/web/logged-user/', auth)));
    rows.push(
      await time(`GET /web/products/ page 1 of ${products.toLocaleString('en')}`, 100, () =>
        call('/web/products/?page=0&pageSize=10', auth),
      ),
    );
    rows.push(
      await time('GET /web/products/?query=fumaca (accent-insensitive)', 100, (i) =>
        call(`/web/products/?page=${i % 5}&pageSize=10&query=fumaca`, auth),
      ),
    );
    rows.push(
      await time('GET /web/products/?query=BENCH-4242 (one hit)', 100, () =>
        call('/web/products/?query=BENCH-4242', auth),
      ),
    );
    // The kit's cost: the same 1000-row page through REST (access, input coercion and parse, the
    // service, the output schema, JSON) beside the bare service call (the ceiling).
    const { authenticate } = await import('../src/server/domains/auth/service.ts');
    const { listProducts } = await import('../src/server/domains/catalogue/service.ts');
    const { listProductsSchema } = await import('../src/shared/catalogue/schemas.ts');
    const authCtx = await authenticate(token);
    if (!authCtx?.tenant) throw new Error('bench: no tenant session');
    const ctx = { ip: '127.0.0.1', userAgent: null, auth: authCtx } as never;
    const bigInput = listProductsSchema.parse({ page: 3, pageSize: 1000 });
    rows.push(
      await time('GET /web/products/?pageSize=1000 (through the kit)', 50, () =>
        call('/web/products/?page=3&pageSize=1000', auth).then((r) => r.text()),
      ),
    );
    rows.push(
      await time('listProducts() service, 1000 rows (ceiling, no kit)', 50, () =>
        listProducts(ctx, bigInput).then((p) => JSON.stringify(p)),
      ),
    );
    // Under concurrency: 8 callers at once, 400 calls of page 1.
    const concurrent = async (what: string, total: number, workers: number, fn: () => Promise<unknown>) => {
      const ms: number[] = [];
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: workers }, async () => {
          while (next < total) {
            next++;
            const a = performance.now();
            await fn();
            ms.push(performance.now() - a);
          }
        }),
      );
      return stats(what, ms, performance.now() - t0);
    };
    rows.push(
      await concurrent('GET /web/products/ page 1, 8 concurrent callers', 400, 8, () =>
        call('/web/products/?page=0&pageSize=10', auth).then((r) => r.text()),
      ),
    );
    rows.push(
      await concurrent('GET /web/logged-user/, 8 concurrent callers', 800, 8, () =>
        call('/web/logged-user/', auth).then((r) => r.text()),
      ),
    );
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select id from ${sql.table('cg_demo.products')}
      where core.search_text(name) like '%' || core.search_text('BENCH-4242') || '%'
         or core.search_text(sku) like '%' || core.search_text('BENCH-4242') || '%'`.execute(baseDb());
    return { rows, plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n') };
  } finally {
    await closeQueue().catch(() => {});
    await closeDb();
    await closeRedis();
    await env.teardown();
  }
}

export function apiTable(rows: ApiRow[]): string {
  const head = ['call', 'runs', 'p50 ms', 'p95 ms', 'calls/s'];
  const body = rows.map((r) => [
    r.what,
    String(r.runs),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.perSecond.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w, i) => `${'-'.repeat(w + 1)}${i === 0 ? '-' : ':'}`).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}
