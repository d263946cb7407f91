import { afterAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { sweepExpiredResults } from '../../../src/server/domains/jobs/service.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';

afterAll(async () => {
  await closeQueue();
});

describe('Bull Board at /admin/queues', () => {
  it('is served to the provider admin and refused to everyone else', async () => {
    const admin = await loginAs(DEMO.admin);
    const ok = await rest('GET', '/admin/queues', { token: admin });
    expect(ok.status).toBe(200);
    expect(await ok.res.text()).toContain('<html');
    const api = await rest<{ queues: { name: string }[] }>('GET', '/admin/queues/api/queues', {
      token: admin,
    });
    expect(api.status).toBe(200);

    const groupAdmin = await rest('GET', '/admin/queues', { token: await loginAs(DEMO.groupAdmin) });
    expect([groupAdmin.status, groupAdmin.json.error?.code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await rest('GET', '/admin/queues/api/queues');
    expect(anonymous.status).toBe(401);
  });

  it('opens in a browser through a one-time link that sets a random cookie bound to the session', async () => {
    const { url } = await trpcClient(await loginAs(DEMO.admin)).jobs.boardLink.mutate();
    expect(url).toMatch(/^\/admin\/queues\?token=/);
    const first = await rest('GET', url);
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toBe('/admin/queues');
    const cookie = first.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/eqc_board=.+; Max-Age=900; Path=\/admin\/queues; HttpOnly; SameSite=Strict/);
    const viaCookie = await rest('GET', '/admin/queues', { headers: { Cookie: cookie.split(';')[0]! } });
    expect(viaCookie.status).toBe(200);
    // The UI's own scripts load with the same cookie.
    const script = (await viaCookie.res.text()).match(/src="(static\/js\/[^"]+\.js)"/)![1];
    const asset = await rest('GET', `/admin/queues/${script}`, {
      headers: { Cookie: cookie.split(';')[0]! },
    });
    expect([asset.status, asset.headers.get('Content-Type')]).toEqual([
      200,
      expect.stringContaining('javascript'),
    ]);
    const forged = await rest('GET', '/admin/queues', {
      headers: { Cookie: cookie.split(';')[0]!.replace(/=.{8}/, '=forgedXX') },
    });
    expect(forged.status).toBe(401);
    const reused = await rest('GET', url);
    expect(reused.status).toBe(401);
  });
});

describe('retention of job results', () => {
  it('deletes expired result files, keeps the job row, and the download answers 410', async () => {
    const key = `jobs/retention-${Date.now()}/old.pdf`;
    await fileStore().put(key, Buffer.from('%PDF-old'), 'application/pdf');
    const { id: groupId } = await coreDb()
      .selectFrom('company_groups')
      .select('id')
      .where('schema_name', '=', 'demo')
      .executeTakeFirstOrThrow();
    const base = {
      type: 'qr-pdf',
      params: '{}',
      company_group_id: groupId,
      company_id: null,
      requested_by: null,
      state: 'completed' as const,
      progress: 100,
      result_name: 'old.pdf',
      result_content_type: 'application/pdf',
      result_size: 8,
      result: null,
      error: null,
      started_at: new Date(),
      finished_at: new Date(),
    };
    const expired = await coreDb()
      .insertInto('jobs')
      .values({ ...base, result_key: key, expires_at: new Date(Date.now() - 1000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const freshKey = `${key}.fresh`;
    await fileStore().put(freshKey, Buffer.from('%PDF-new'), 'application/pdf');
    const fresh = await coreDb()
      .insertInto('jobs')
      .values({ ...base, result_key: freshKey, expires_at: new Date(Date.now() + 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The scheduled sweep of another test file's workers may get there first: check the effect.
    await sweepExpiredResults();
    expect(await fileStore().size(key)).toBeNull();
    expect(await fileStore().size(freshKey)).toBe(8);
    const row = await coreDb()
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', expired.id)
      .executeTakeFirstOrThrow();
    expect([row.state, row.result_key]).toEqual(['completed', null]);

    const token = await loginAs(DEMO.groupAdmin);
    const gone = await rest('GET', `/web/jobs/${expired.id}/download`, { token });
    expect([gone.status, gone.json.error?.code]).toEqual([410, 'JOB_RESULT_EXPIRED']);
    const view = await rest<{ downloadUrl: string | null }>('GET', `/web/jobs/${expired.id}`, { token });
    expect(view.json.data!.downloadUrl).toBeNull();
    const stillThere = await rest('GET', `/web/jobs/${fresh.id}/download`, { token });
    expect(await stillThere.res.text()).toBe('%PDF-new');
  });
});
