import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, resetConfig, SECRET_FILE } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { authenticate, logoutSession } from '../../../src/server/domains/auth/service.ts';
import { downloadPath } from '../../../src/server/domains/jobs/service.ts';
import { signPath } from '../../../src/server/files/signed-links.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { redis, redisKey } from '../../../src/server/redis.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';

const tmpDirs: string[] = [];
function tmpDir(): string {
  const d = `/tmp/eqc-secret-${process.pid}-${tmpDirs.length}-${Date.now()}/nested/data`;
  tmpDirs.push(d);
  return d;
}

afterAll(async () => {
  await closeQueue();
  for (const d of tmpDirs) await rm(d.replace(/\/nested\/data$/, ''), { recursive: true, force: true });
});

/** The old fallback, computable by anyone who can guess DATABASE_URL. */
const oldFallback = (databaseUrl: string) => `dev-${databaseUrl}-insecure-secret`;
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** Runs `fn` with APP_SECRET unset and DATA_DIR at `dataDir` (config re-read), then restores. */
async function withoutAppSecret<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const saved = { APP_SECRET: process.env.APP_SECRET, DATA_DIR: process.env.DATA_DIR };
  delete process.env.APP_SECRET;
  process.env.DATA_DIR = dataDir;
  resetConfig();
  try {
    return await fn();
  } finally {
    Object.assign(process.env, saved);
    resetConfig();
  }
}

describe('APP_SECRET', () => {
  it('is generated once into DATA_DIR/.app-secret (0600) and reused by later starts', () => {
    const dir = tmpDir();
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/equipcheck', DATA_DIR: dir };
    const first = loadConfig(env).APP_SECRET;
    const file = `${dir}/${SECRET_FILE}`;
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(first).toMatch(/^[\w-]{43}$/); // 32 random bytes
    expect(first).not.toContain('insecure');
    expect(loadConfig(env).APP_SECRET).toBe(first);
    expect(loadConfig({ ...env, NODE_ENV: 'production', BILLING_PROVIDER: 'vindi' }).APP_SECRET).toBe(first);
    // Another install (another data directory) gets its own.
    expect(loadConfig({ ...env, DATA_DIR: tmpDir() }).APP_SECRET).not.toBe(first);
  });

  it('refuses weak explicit values with one start-up error', () => {
    const dir = tmpDir();
    for (const weak of [
      '',
      'short-but-random-7Gk2',
      oldFallback('postgres://postgres@127.0.0.1:5432/equipcheck'),
      'changeme',
      'changemechangemechangemechangeme',
      'secret'.repeat(8),
      'my-super-secret-app-secret-password-123',
      'a'.repeat(64),
    ]) {
      expect(() => loadConfig({ APP_SECRET: weak, DATA_DIR: dir }), weak).toThrow(
        /^Invalid environment configuration:\n {2}APP_SECRET: .*(empty|shorter|fallback|distinct|common words)/,
      );
    }
    expect(existsSync(`${dir}/${SECRET_FILE}`)).toBe(false);
    const strong = 'q7Vt_2LmXw9Rk4Np8Zs3Hd6Jf1Bc5Gy0';
    expect(loadConfig({ APP_SECRET: strong, DATA_DIR: dir }).APP_SECRET).toBe(strong);
  });

  it('a download link signed with the old fallback formula is refused', async () => {
    const key = `jobs/secret-${Date.now()}/tags.xlsx`;
    await fileStore().put(key, Buffer.from('xlsx-bytes'), 'application/octet-stream');
    const { id: groupId } = await coreDb()
      .selectFrom('company_groups')
      .select('id')
      .where('schema_name', '=', 'demo')
      .executeTakeFirstOrThrow();
    const job = await coreDb()
      .insertInto('jobs')
      .values({
        type: 'qr-xlsx',
        params: '{}',
        company_group_id: groupId,
        company_id: null,
        requested_by: null,
        state: 'completed',
        progress: 100,
        result_key: key,
        result_name: 'tags.xlsx',
        result_content_type: 'application/octet-stream',
        result_size: 10,
        result: null,
        error: null,
        started_at: new Date(),
        finished_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = downloadPath(job.id);
    const exp = Math.floor(Date.now() / 1000) + 300;
    const forged = `${path}?exp=${exp}&sig=${hmac(oldFallback(process.env.DATABASE_URL!), `${path}\n${exp}`)}`;
    await withoutAppSecret(tmpDir(), async () => {
      const r = await rest('GET', forged);
      expect(r.json.error?.code).toBe('DOWNLOAD_LINK_INVALID');
      // The install's own links still work.
      const own = await rest('GET', signPath(path));
      expect(await own.res.text()).toBe('xlsx-bytes');
    });
  });
});

describe('Bull Board access is bound to a live provider-admin session', () => {
  const cookieOf = (setCookie: string | null) => setCookie!.split(';')[0]!;

  async function openBoard(token: string): Promise<string> {
    const { url } = await trpcClient(token).jobs.boardLink.mutate();
    const visit = await rest('GET', url);
    expect(visit.status).toBe(302);
    return cookieOf(visit.headers.get('Set-Cookie'));
  }

  it('a cookie signed with the old fallback formula (or with the current secret) is refused', async () => {
    const exp = Math.floor(Date.now() / 1000) + 900;
    const payload = `1.${exp}`;
    for (const secret of [oldFallback(process.env.DATABASE_URL!), process.env.APP_SECRET!]) {
      const cookie = `eqc_board=${payload}.${hmac(secret, `board\n${payload}`)}`;
      const r = await rest('GET', '/admin/queues/api/queues', { headers: { Cookie: cookie } });
      expect(r.status).toBe(401);
    }
  });

  it('signing out or revoking the session closes the board at once', async () => {
    const token = await loginAs(DEMO.admin);
    const cookie = await openBoard(token);
    expect((await rest('GET', '/admin/queues/api/queues', { headers: { Cookie: cookie } })).status).toBe(200);
    const { sessionId } = (await authenticate(token))!;
    await logoutSession(sessionId);
    expect((await rest('GET', '/admin/queues/api/queues', { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await rest('GET', '/admin/queues', { token })).status).toBe(401);
  });

  it('a one-time link bound to another role’s session does not open it', async () => {
    const groupAdmin = await loginAs(DEMO.groupAdmin);
    expect((await rest('GET', '/admin/queues', { token: groupAdmin })).status).toBe(403);
    await expect(trpcClient(groupAdmin).jobs.boardLink.mutate()).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    // Even a link planted for that session (as if minted) is refused.
    const { sessionId } = (await authenticate(groupAdmin))!;
    const planted = 'P'.repeat(43);
    const digest = createHash('sha256').update(planted).digest('base64url');
    await redis().set(redisKey('board-token', digest), sessionId, 'EX', 60);
    await redis().set(redisKey('board-cookie', digest), sessionId, 'EX', 60);
    const viaLink = await rest('GET', `/admin/queues?token=${planted}`);
    expect([viaLink.status, viaLink.headers.get('Set-Cookie')]).toEqual([401, null]);
    const viaCookie = await rest('GET', '/admin/queues', { headers: { Cookie: `eqc_board=${planted}` } });
    expect(viaCookie.status).toBe(401);
  });
});
