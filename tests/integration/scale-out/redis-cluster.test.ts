import ExcelJS from 'exceljs';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisClusterHandle, startRedisCluster } from '../../../scripts/redis-cluster.ts';
import { config, resetConfig } from '../../../src/server/config.ts';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { loginKey } from '../../../src/server/domains/auth/rate-limit.ts';
import { closeQueue, queueFor } from '../../../src/server/jobs/queue.ts';
import { closeRedis, isRedisCluster, queuePrefix, redis, redisSeedUrls } from '../../../src/server/redis.ts';
import { checkRedis, ServiceUnavailableError } from '../../../src/server/services-check.ts';
import { tagUrl } from '../../../src/shared/qr/serial.ts';
import type { Page } from '../../../src/shared/list.ts';
import { type RunningWorker, startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { makeDemoUser } from '../../helpers/demo-user.ts';
import { decodeLabelPdf } from '../../helpers/qr-decode.ts';
import { deleteRedisKeys } from '../../helpers/redis-keys.ts';
import { letters, otherGroup, PASSWORD } from '../organisations/fixtures.ts';
import { bodyBytes, demoCompany, roomForTags, waitFor } from '../qr/helpers.ts';

/**
 * Issue 28 item 4: the product on a Redis Cluster. A local cluster of three masters
 * (scripts/redis-cluster.ts) is started here and stopped at the end; the in-process server and a
 * worker point at it (REDIS_CLUSTER=true, the seed nodes in REDIS_URL) and run a QR batch, a report
 * export, the sign-in throttle and an idempotent replay. The queues' keys spread over the masters
 * (a hash tag per queue), and no node ever answered CROSSSLOT.
 */
let cluster: RedisClusterHandle;
let worker: RunningWorker;
let admin: Cluster;

/** The port of the master that serves `key`'s slot. */
async function masterOf(key: string): Promise<number> {
  const slot = Number(await admin.cluster('KEYSLOT', key));
  const ranges = await admin.cluster('SLOTS');
  const range = ranges.find(([from, to]) => slot >= from && slot <= to);
  if (!range) throw new Error(`slot ${slot} of ${key} is served by no master: ${JSON.stringify(ranges)}`);
  return range[2]![1];
}

/** Keys of this run's prefix on each master (by port). */
async function keysByMaster(): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const node of admin.nodes('master')) {
    const keys: string[] = [];
    for (const match of [`${config().REDIS_PREFIX}:*`, `{${config().REDIS_PREFIX}:*`]) {
      let cursor = '0';
      do {
        const [next, found] = await node.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      } while (cursor !== '0');
    }
    out.set(node.options.port!, keys);
  }
  return out;
}

beforeAll(async () => {
  cluster = await startRedisCluster();
  await closeQueue();
  await closeRedis();
  admin = new Cluster(cluster.ports.map((port) => ({ host: '127.0.0.1', port })));
  await admin.ping();
  // A prefix whose `qr` and `reports` queues hash to different masters (the hash tag decides
  // the slot, so the spread is checked for real instead of left to chance).
  const base = `${process.env.REDIS_PREFIX}:cluster`;
  let prefix = base;
  for (let i = 0; (await masterOf(`{${prefix}:qr}`)) === (await masterOf(`{${prefix}:reports}`)); i++)
    prefix = `${base}${i}`;
  Object.assign(process.env, { REDIS_URL: cluster.url, REDIS_CLUSTER: 'true', REDIS_PREFIX: prefix });
  resetConfig();
  worker = startWorker({ concurrency: 2 });
  await worker.ready;
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await closeQueue();
  await closeRedis();
  if (cluster) await deleteRedisKeys(config().REDIS_PREFIX, cluster.url, true);
  await admin?.quit();
  await cluster?.stop();
}, 60_000);

describe('on a Redis Cluster of three masters', () => {
  it('the server and the worker use the cluster, one hash tag per queue', async () => {
    expect(isRedisCluster()).toBe(true);
    expect(redis()).toBeInstanceOf(Cluster);
    expect(queuePrefix('qr')).toBe(`{${config().REDIS_PREFIX}:qr}`);
    expect(loginKey('ip', '10.0.0.1')).toBe(`{${config().REDIS_PREFIX}:login}:ip:10.0.0.1`);
    // Several seed nodes mean a cluster without the flag; the start-up check reaches every master.
    delete process.env.REDIS_CLUSTER;
    resetConfig();
    try {
      expect(isRedisCluster()).toBe(true);
      expect(redisSeedUrls().map((u) => Number(u.port))).toEqual(cluster.ports);
    } finally {
      process.env.REDIS_CLUSTER = 'true';
      resetConfig();
    }
    await expect(checkRedis(cluster.url, true)).resolves.toBeUndefined();
    const down = await checkRedis('redis://127.0.0.1:1,redis://127.0.0.1:2', true).catch((e: Error) => e);
    expect(down).toBeInstanceOf(ServiceUnavailableError);
    expect((down as Error).message).toMatch(
      /^Redis Cluster is not reachable at 127\.0\.0\.1:1, 127\.0\.0\.1:2 /,
    );
  });

  it('runs a QR batch: the label PDF decodes to the new tags, the job reports its progress', async () => {
    const demo = await demoCompany();
    await roomForTags(demo.companyId, 4);
    const token = await loginAs(DEMO.companyAdmin);
    const res = await rest('GET', `/web/qr-code/generate/${demo.companyId}/4`, { token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const urls = decodeLabelPdf(await bodyBytes(res.res));
    const job = await coreDb()
      .selectFrom('jobs')
      .select(['id', 'state', 'progress', 'error'])
      .where('type', '=', 'qr-pdf')
      .where('company_group_id', '=', demo.groupId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'completed', progress: 100, error: null });
    const serials = await tenantDb(demo.schema)
      .selectFrom('tags')
      .select('serial_number')
      .where('job_id', '=', job.id)
      .execute();
    expect(serials).toHaveLength(4);
    expect([...urls].sort()).toEqual(serials.map((s) => tagUrl(config().PUBLIC_URL, s.serial_number)).sort());
    // BullMQ kept the job, with its progress, under the queue's hash tag.
    const bull = await queueFor('qr').getJob(job.id);
    expect(bull?.progress).toBe(100);
    expect(await bull?.getState()).toBe('completed');
    // Bull Board reads the queues on the cluster.
    const board = await rest('GET', '/admin/queues/api/queues', { token: await loginAs(DEMO.admin) });
    expect(board.status).toBe(200);
    const { queues } = (await board.res.json()) as {
      queues: { name: string; counts: Record<string, number> }[];
    };
    expect(queues.find((q) => q.name === 'qr')?.counts.completed, JSON.stringify(queues)).toBeGreaterThan(0);
  });

  it('exports a report: the sheet holds the list’s rows', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const filters = { sort: 'extraLabel' as const, direction: 'asc' as const };
    const { jobId } = await trpcClient(token).reports.export.mutate({
      report: 'inspections',
      format: 'xlsx',
      filters,
    });
    const job = await waitFor(async () => {
      const r = await rest<{ state: string; progress: number; error: string | null }>(
        'GET',
        `/web/jobs/${jobId}`,
        {
          token,
        },
      );
      return r.json.data?.state === 'completed' || r.json.data?.state === 'failed' ? r.json.data : undefined;
    });
    expect(job).toMatchObject({ state: 'completed', progress: 100, error: null });
    const file = await rest('GET', `/web/jobs/${jobId}/download`, { token });
    expect(file.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.res.arrayBuffer());
    const sheet = wb.getWorksheet('Inspeções')!;
    const labels: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) labels.push((row.values as unknown[])[3] ?? null);
    });
    const q = new URLSearchParams({ ...filters, pageSize: '100' });
    const list = await rest<Page<{ extraLabel: string | null }>>('GET', `/web/equipments/?${q}`, { token });
    expect(list.json.data!.total).toBeGreaterThan(0);
    // Every row of the list, in its order (the first page compared label by label).
    const page = list.json.data!;
    expect(labels).toHaveLength(page.total);
    expect(labels.slice(0, page.items.length)).toEqual(page.items.map((e) => e.extraLabel));
  });

  it('throttles sign-in: the 6th wrong password starts the wait, the next attempt is refused', async () => {
    const u = await makeDemoUser('ACTIVE', 'Secret@1', 'Cecília Cluster');
    const ip = '10.41.0.1';
    const signIn = (password: string) =>
      rest<string>('POST', '/web/authentication/', { headers: { Email: u.email }, text: password, ip });
    for (let i = 0; i < 6; i++) expect((await signIn('Wrong@123')).status).toBe(401);
    const refused = await signIn(u.password);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe('AUTHENTICATION_RATE_LIMITED');
    expect(refused.json.error?.params?.retryAfter).toBe(1);
    // The wait over (its `next` moved to the past), the right password signs in and clears the pair.
    const pair = loginKey('pair', u.email, ip);
    expect(await admin.hget(pair, 'n')).toBe('6');
    await admin.hset(pair, 'next', '0');
    expect((await signIn(u.password)).status).toBe(200);
    expect(await admin.exists(pair)).toBe(0);
    expect(await admin.sismember(loginKey('known', u.email), ip)).toBe(1);
  });

  it('replays an idempotent POST: one row, the first answer again', async () => {
    const g = await otherGroup();
    const token = await loginAs(g.email, PASSWORD);
    const name = `Cluster ${letters(8)}`;
    const key = `k-${letters(16)}`;
    const post = () =>
      rest<number>('POST', '/web/companies/', {
        token,
        body: {
          name,
          cnpj: null,
          mainContactName: 'Contato',
          email: 'c@empresa.dev',
          phone: '(11) 3333-4444',
        },
        headers: { 'Idempotency-Key': key },
      });
    const first = await post();
    const again = await post();
    expect(first.status).toBe(201);
    expect([again.status, again.json.data, again.headers.get('Idempotent-Replayed')]).toEqual([
      201,
      first.json.data,
      'true',
    ]);
    const rows = await coreDb()
      .selectFrom('companies')
      .select('id')
      .where('company_group_id', '=', g.companyGroupId)
      .where('name', '=', name)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('spread the queues over the masters, and no node answered CROSSSLOT', async () => {
    const byMaster = await keysByMaster();
    const qrMaster = await masterOf(`{${config().REDIS_PREFIX}:qr}`);
    const reportsMaster = await masterOf(`{${config().REDIS_PREFIX}:reports}`);
    expect(qrMaster).not.toBe(reportsMaster);
    const state = JSON.stringify([...byMaster].map(([port, keys]) => [port, keys.slice(0, 20)]));
    expect(
      byMaster.get(qrMaster)!.some((k) => k.startsWith(`{${config().REDIS_PREFIX}:qr}:qr:`)),
      state,
    ).toBe(true);
    expect(
      byMaster.get(reportsMaster)!.some((k) => k.startsWith(`{${config().REDIS_PREFIX}:reports}:reports:`)),
      state,
    ).toBe(true);
    expect([...byMaster.values()].filter((keys) => keys.length > 0).length).toBeGreaterThan(1);
    for (const node of admin.nodes('master')) {
      const stats = String(await node.info('errorstats'));
      expect(stats, `node ${node.options.port}`).not.toMatch(/CROSSSLOT/);
    }
  });
});
