import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { hashToken } from '../../../src/server/domains/auth/service.ts';
import { authChangesSettled } from '../../../src/server/domains/auth/session-cache.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { makeDemoUser } from '../../helpers/demo-user.ts';

const makeUser = makeDemoUser;

describe('POST /web/authentication/', () => {
  it('answers a token in the data envelope for right credentials', async () => {
    const r = await rest<string>('POST', '/web/authentication/', {
      headers: { Email: DEMO.operator },
      text: 'Demo@123',
    });
    expect(r.status).toBe(200);
    expect(typeof r.json.data).toBe('string');
    expect(r.json.data!.length).toBeGreaterThanOrEqual(40);
    // Only the hash is stored.
    const row = await coreDb()
      .selectFrom('sessions')
      .select(['token_hash', 'expires_at'])
      .where('token_hash', '=', hashToken(r.json.data!))
      .executeTakeFirst();
    expect(row).toBeDefined();
    const stored = await coreDb()
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', r.json.data!)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('is case-insensitive on the e-mail', async () => {
    const r = await rest('POST', '/web/authentication/', {
      headers: { Email: DEMO.operator.toUpperCase() },
      text: 'Demo@123',
    });
    expect(r.status).toBe(200);
  });

  it('gives one generic 401 for a wrong password and for an unknown e-mail', async () => {
    const wrong = await rest('POST', '/web/authentication/', {
      headers: { Email: DEMO.operator },
      text: 'Nope@123',
    });
    const unknown = await rest('POST', '/web/authentication/', {
      headers: { Email: 'nobody@nowhere.dev' },
      text: 'Nope@123',
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.json.error?.code).toBe('AUTHENTICATION_INVALID_CREDENTIALS');
      expect(r.json.error?.message).toBe('e-mail e/ou senha inválidos');
    }
  });

  it('answers 400 with issues when the Email header or the password is missing', async () => {
    const r = await rest('POST', '/web/authentication/', { text: 'x' });
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('VALIDATION_FAILED');
    expect(r.json.error?.issues?.[0]?.path).toBe('email');
    const r2 = await rest('POST', '/web/authentication/', { headers: { Email: DEMO.operator }, text: '' });
    expect(r2.status).toBe(400);
  });

  it('refuses a PENDING user with AUTHENTICATION_PENDING_USER_STATUS', async () => {
    const r = await rest('POST', '/web/authentication/', {
      headers: { Email: DEMO.pending },
      text: 'Demo@123',
    });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe('AUTHENTICATION_PENDING_USER_STATUS');
  });

  it('refuses an INACTIVE user', async () => {
    const u = await makeUser('INACTIVE');
    const r = await rest('POST', '/web/authentication/', { headers: { Email: u.email }, text: u.password });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe('AUTHENTICATION_INACTIVE_USER');
  });

  it('gives a longer session with remember-login', async () => {
    const short = await rest<string>('POST', '/web/authentication/', {
      headers: { Email: DEMO.operator },
      text: 'Demo@123',
    });
    const long = await rest<string>('POST', '/web/authentication/?remember=true', {
      headers: { Email: DEMO.operator },
      text: 'Demo@123',
    });
    const exp = async (t: string) =>
      (
        await coreDb()
          .selectFrom('sessions')
          .select('expires_at')
          .where('token_hash', '=', hashToken(t))
          .executeTakeFirstOrThrow()
      ).expires_at.getTime();
    expect((await exp(long.json.data!)) - (await exp(short.json.data!))).toBeGreaterThan(7 * 86_400_000);
  });
});

describe('sessions', () => {
  it("GET /web/logged-user/ answers every field of the seed's logged user", async () => {
    const token = await loginAs(DEMO.companyAdmin);
    const r = await rest<Record<string, unknown>>('GET', '/web/logged-user/', { token });
    expect(r.status).toBe(200);
    const u = r.json.data!;
    for (const k of [
      'id',
      'name',
      'email',
      'phone',
      'occupation',
      'image',
      'companyId',
      'companyName',
      'companyGroup',
      'currentRole',
      'vindi_id',
      'subscription_id',
      'generated_tag_qty',
      'active_tags_qty',
    ]) {
      expect(u).toHaveProperty(k);
    }
    expect(u.email).toBe(DEMO.companyAdmin);
    expect(u.currentRole).toBe('COMPANY_ADMIN');
    expect(u.companyName).toBe('Extintores Demo Ltda');
    expect(u.companyGroup).toBe('demo');
  });

  it('401 UNAUTHENTICATED without a token, with a garbage token, after logout and after expiry', async () => {
    expect((await rest('GET', '/web/logged-user/')).json.error?.code).toBe('UNAUTHENTICATED');
    const garbage = await rest('GET', '/web/logged-user/', { token: 'garbage' });
    expect(garbage.status).toBe(401);

    const token = await loginAs(DEMO.operator);
    expect((await rest('GET', '/web/logged-user/', { token })).status).toBe(200);
    const out = await rest('DELETE', '/web/authentication/', { token });
    expect(out.status).toBe(200);
    const after = await rest('GET', '/web/logged-user/', { token });
    expect(after.status).toBe(401);
    expect(after.json.error?.code).toBe('UNAUTHENTICATED');

    const t2 = await loginAs(DEMO.operator);
    await coreDb()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(t2))
      .execute();
    expect((await rest('GET', '/web/logged-user/', { token: t2 })).status).toBe(401);
  });

  it('an idle session expires', async () => {
    const token = await loginAs(DEMO.operator);
    await coreDb()
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '9 hours'` })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await rest('GET', '/web/logged-user/', { token })).status).toBe(401);
  });

  it('a user disabled after signing in loses access at once', async () => {
    const u = await makeUser();
    const token = await loginAs(u.email, u.password);
    expect((await rest('GET', '/web/logged-user/', { token })).status).toBe(200);
    await coreDb().updateTable('users').set({ status: 'INACTIVE' }).where('email', '=', u.email).execute();
    // A write from outside the app reaches the session cache by NOTIFY: wait for it, not for time.
    await authChangesSettled();
    expect((await rest('GET', '/web/logged-user/', { token })).status).toBe(401);
  });

  it('tRPC gives the same codes in error.data.code', async () => {
    await expect(trpcClient().account.me.query()).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED', httpStatus: 401 },
    });
    await expect(
      trpcClient().auth.login.mutate({ email: DEMO.operator, password: 'bad' }),
    ).rejects.toMatchObject({
      data: { code: 'AUTHENTICATION_INVALID_CREDENTIALS' },
    });
    const { token } = await trpcClient().auth.login.mutate({ email: DEMO.groupAdmin, password: 'Demo@123' });
    const me = await trpcClient(token).account.me.query();
    expect(me.currentRole).toBe('COMPANY_GROUP_ADMIN');
    await expect(trpcClient(token).auth.login.mutate({ email: '', password: '' })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED', httpStatus: 400 },
    });
  });

  it('answers 404 in the envelope for an unknown REST path', async () => {
    const r = await rest('GET', '/web/nope/');
    expect(r.status).toBe(404);
    expect(r.json.error?.code).toBe('NOT_FOUND');
  });

  it('serves an OpenAPI document listing the shim', async () => {
    const r = await rest('GET', '/web/openapi.json');
    const doc = r.json as unknown as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/web/authentication/', '/web/logged-user/']),
    );
  });
});
