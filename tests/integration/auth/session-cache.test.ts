import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationName, baseDb, coreDb, observeQueries } from '../../../src/server/db/database.ts';
import { connected } from '../../../src/server/db/notifications.ts';
import { hashToken } from '../../../src/server/domains/auth/service.ts';
import { authChangesSettled } from '../../../src/server/domains/auth/session-cache.ts';
import { loginAs, testApp } from '../../helpers/api.ts';
import { otherTenant, waitFor } from '../qr/helpers.ts';

/**
 * Reads resolve their caller from a per-process cache for up to SESSION_CACHE_MS (issue 12);
 * every change to what a caller is read from drops it: the app's own writes at once, anything
 * else (another process, SQL) by the NOTIFY of the tables' triggers.
 */
let tenant: Awaited<ReturnType<typeof otherTenant>>;
beforeAll(async () => {
  tenant = await otherTenant();
});

async function call(token: string, path = '/web/logged-user/', init: RequestInit = {}) {
  const statements: string[] = [];
  const stop = observeQueries((q) => statements.push(q.sql));
  try {
    const res = await testApp().request(path, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.8.8.8', ...init.headers },
    });
    const json = (await res.json()) as { data?: Record<string, unknown>; error?: { code: string } };
    return {
      status: res.status,
      json,
      sessionReads: statements.filter((s) => /"core"\."sessions"/.test(s)).length,
    };
  } finally {
    stop();
  }
}

describe('the session cache', () => {
  it('serves a second read from memory and never authorises a write from it', async () => {
    const token = await loginAs(tenant.email);
    await waitFor(async () => (connected() ? true : undefined), 5000, 10);
    expect((await call(token)).sessionReads).toBe(1);
    const second = await call(token);
    expect([second.status, second.sessionReads]).toEqual([200, 0]);
    const put = await call(token, '/web/logged-user/', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Nome Novo', phone: null, occupation: null }),
    });
    expect([put.status, put.sessionReads]).toEqual([200, 1]);
    // The write dropped this process's entries: the next read sees the new name.
    const after = await call(token);
    expect([after.json.data?.name, after.sessionReads]).toEqual(['Nome Novo', 1]);
  });

  it('a session revoked by SQL (another process) answers 401 once the notification lands; a write at once', async () => {
    const token = await loginAs(tenant.email);
    await call(token);
    expect((await call(token)).sessionReads).toBe(0);
    await coreDb()
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    // Before the notification is processed, writes already check the database.
    const put = await call(token, '/web/logged-user/', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'X', phone: null, occupation: null }),
    });
    expect(put.status).toBe(401);
    await authChangesSettled();
    const read = await call(token);
    expect([read.status, read.json.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('a company renamed elsewhere shows on the next read after the notification', async () => {
    const token = await loginAs(tenant.email);
    await call(token);
    const name = `Renomeada ${Date.now()}`;
    await coreDb().updateTable('companies').set({ name }).where('id', '=', tenant.companyId).execute();
    await authChangesSettled();
    expect((await call(token)).json.data?.companyName).toBe(name);
  });

  it('stops using the cache while its LISTEN connection is lost, and resumes after reconnecting', async () => {
    const token = await loginAs(tenant.email);
    await waitFor(async () => (connected() ? true : undefined), 5000, 10);
    const listener = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where application_name = ${applicationName()} and query ilike 'listen%'`.execute(baseDb())
      ).rows.map((r) => r.pid);
    const [pid] = await listener();
    expect(pid).toBeDefined();
    await sql`select pg_terminate_backend(${pid}::int)`.execute(baseDb());
    await waitFor(async () => (connected() ? undefined : true), 5000, 5);
    // Not listening: a change could go unheard, so every read goes to the database.
    await call(token);
    expect((await call(token)).sessionReads).toBe(1);
    const [again] = await waitFor(async () => {
      const pids = await listener();
      return connected() && pids.length && pids[0] !== pid ? pids : undefined;
    }, 10_000);
    expect(again).not.toBe(pid);
    await call(token);
    expect((await call(token)).sessionReads).toBe(0);
  });
});
