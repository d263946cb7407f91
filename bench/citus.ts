/**
 * Issue 28 item 6 (`npm run bench -- citus`, the local cluster running: `npm run citus:cluster --
 * start`): in a throwaway Citus database,
 * - creating a company group (median of 10, from the tenant template, distributed in the same
 *   transaction), beside the same creation on plain Postgres in its own throwaway database;
 * - moving the demo group filled to 10,000 equipment / 100,000 inspections (bench/large-tenant.ts)
 *   to the other worker (`citus_schema_move`) while two lanes read its equipment card and POST
 *   inspections through the product, counting answers and failures.
 * ENGINE=plain|citus runs one side in this process (the parent runs both as children).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const engine = process.env.ENGINE;
if (engine === undefined) {
  const self = fileURLToPath(import.meta.url);
  for (const side of ['plain', 'citus'])
    execFileSync(process.execPath, ['--import', 'tsx', self], {
      stdio: 'inherit',
      env: { ...process.env, ENGINE: side },
    });
  process.exit(0);
}

if (engine === 'citus') {
  const { citusNodes, nodeUrl } = await import('../scripts/citus/nodes.ts');
  process.env.CITUS_TEST = '1';
  process.env.TEST_ADMIN_DATABASE_URL = nodeUrl(citusNodes()[0]!, 'postgres');
}
const { applyEnv, createTestEnvironment } = await import('../tests/helpers/test-env.ts');
const env = await createTestEnvironment(`${engine}bench`);
applyEnv({ ...env.env, LOG_LEVEL: 'error', DATABASE_POOL_SIZE: '10', LOGIN_FREE_PER_PAIR: '100000' });
const { fillLargeTenant } = await import('./large-tenant.ts');
const { createManyTenants } = await import('../src/server/db/many-tenants.ts');
const { closeDb } = await import('../src/server/db/database.ts');
const { closeRedis } = await import('../src/server/redis.ts');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const label = engine === 'citus' ? 'Citus (coordinator + 2 workers)' : 'plain Postgres';

try {
  const t0 = performance.now();
  const large = await fillLargeTenant({ n: 10_000, each: 10 });
  console.log(
    `${label}: demo group filled with 10,000 equipment / ${large.inspections.toLocaleString('en')} inspections in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await createManyTenants(2, { start: 1, prefix: 'cb' }); // warm: the template read once
  const walls: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await createManyTenants(1, { start: 10 + i, prefix: 'cb' });
    walls.push(performance.now() - t);
  }
  console.log(`${label}: create a company group, median of 10: ${median(walls).toFixed(0)} ms`);
  if (engine === 'citus') await moveUnderTraffic();
} finally {
  await closeDb();
  await closeRedis();
  await env.teardown();
}

async function moveUnderTraffic(): Promise<void> {
  const { createApp } = await import('../src/server/app.ts');
  const { moveTenant } = await import('../src/server/db/citus-move.ts');
  const app = createApp();
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        'X-Forwarded-For': '10.28.6.1',
      },
      body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { data: any } };
  };
  const auth = await app.request('/web/authentication/', {
    method: 'POST',
    headers: { Email: 'group.admin@equipcheck.dev', 'X-Forwarded-For': '10.28.6.1' },
    body: 'Demo@123',
  });
  const token = ((await auth.json()) as { data: string }).data;
  const serial = (i: number) => `R${String(1 + (i % 50)).padStart(8, '0')}`;
  const answers: unknown[][] = [];
  for (let i = 0; i < 50; i++) {
    const form = await call('GET', `/web/equipments/${serial(i)}/inspection-form`, token);
    answers.push(
      (form.json.data.questions as { id: number; type: string; customAnswers: { id: number }[] }[]).map(
        (q) => ({
          questionId: q.id,
          answer: q.type === 'YES_NO_NA' ? 'YES' : q.type === 'CUSTOM' ? q.customAnswers[0]!.id : 'ok',
        }),
      ),
    );
  }
  let moving = true;
  let posts = 0;
  let reads = 0;
  const failures: string[] = [];
  const lane = async (offset: number) => {
    for (let i = offset; moving; i += 2) {
      const p = await call('POST', `/web/equipments/${serial(i)}/inspections`, token, {
        answers: answers[i % 50],
        latitude: -23.5,
        longitude: -46.6,
        accuracy: 8,
      });
      if (p.status === 201) posts++;
      else failures.push(`POST ${p.status}`);
      const g = await call('GET', `/web/equipments/${serial(i)}/`, token);
      if (g.status === 200) reads++;
      else failures.push(`GET ${g.status}`);
    }
  };
  const lanes = [lane(0), lane(1)];
  const t = performance.now();
  const moved = await moveTenant('demo').finally(() => {
    moving = false;
  });
  const ms = performance.now() - t;
  await Promise.all(lanes);
  console.log(
    `${label}: move the group (10,000 equipment / ~100,000 inspections) ${moved.from.port} → ${moved.to.port}: ${(ms / 1000).toFixed(1)} s; meanwhile ${posts} inspection POSTs and ${reads} card reads answered, ${failures.length} failed${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}`,
  );
}
