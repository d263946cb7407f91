import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestEnvironment } from '../../helpers/test-env.ts';
import { applyEnv, createTestEnvironment } from '../../helpers/test-env.ts';

/*
 * Issue 16 item 1: the /config-system toggles take effect on the server. "Permitir cadastro
 * público" off refuses sign-ups (403 USER_REGISTER_DISABLED, no user, no mail); "Modo manutenção"
 * on answers 503 MAINTENANCE_MODE with Retry-After to every call but the provider admin's (sign-in
 * of the provider admin, sign-out, the public settings, /health and /ready keep answering).
 *
 * Both settings are platform-wide, so this file runs on a database of its own (migrated and
 * seeded here): turning them on in the run's shared database would refuse the calls of every test
 * file running alongside. The settings cache is on (its default), so the NOTIFY that drops it is
 * exercised too.
 */
let env: TestEnvironment;
let api: typeof import('../../helpers/api.ts');
let db: typeof import('../../../src/server/db/database.ts');
let settings: typeof import('../../../src/server/settings.ts');
let sessions: typeof import('../../../src/server/domains/auth/session-cache.ts');
let seededPassword: string;

beforeAll(async () => {
  env = await createTestEnvironment('settings');
  applyEnv(env.env);
  delete process.env.SETTINGS_CACHE_MS;
  delete process.env.SESSION_CACHE_MS;
  (await import('../../../src/server/config.ts')).resetConfig();
  const { migrateAll } = await import('../../../src/server/db/migrate.ts');
  const { seedDemo } = await import('../../../src/server/seed/seed.ts');
  await migrateAll();
  await seedDemo();
  api = await import('../../helpers/api.ts');
  db = await import('../../../src/server/db/database.ts');
  settings = await import('../../../src/server/settings.ts');
  sessions = await import('../../../src/server/domains/auth/session-cache.ts');
  seededPassword = (await import('../../../src/server/seed/demo-users.ts')).DEMO_PASSWORD;
}, 120_000);

afterAll(async () => {
  await db?.closeDb();
  await (await import('../../../src/server/redis.ts')).closeRedis();
  await env?.teardown();
});

type Cfg = { id: number; param: string | null; enabled: boolean; configValue: string };

async function settingId(token: string, param: string): Promise<number> {
  const list = await api.rest<Cfg[]>('GET', '/web/config-system/', { token });
  const row = list.json.data?.find((c) => c.param === param);
  if (!row) throw new Error(`no ${param} in ${JSON.stringify(list.json)}`);
  return row.id;
}

async function toggle(token: string, param: string, enabled: boolean): Promise<void> {
  const r = await api.rest<Cfg>('PUT', `/web/config-system/${await settingId(token, param)}/toggle/`, {
    token,
    body: { enabled },
  });
  expect(r.status).toBe(200);
  expect(r.json.data).toMatchObject({ enabled, configValue: enabled ? '1' : '0' });
}

let seq = 0;
function registration(email: string) {
  return {
    name: 'Renata Registro',
    email,
    phone: '(11) 98765-4321',
    occupation: 'Gerente',
    cnpjCompany: '11.222.333/0001-81',
    company: `Empresa Config ${String.fromCharCode(97 + (seq++ % 26))}${Date.now().toString(36).replace(/\d/g, '')}`,
    password: 'Senha@123',
  };
}

const email = (p: string) => `${p}-${Date.now().toString(36)}-${seq++}@settings.dev`;

async function userCount(address: string): Promise<number> {
  const r = await db.coreDb().selectFrom('users').select('id').where('email', '=', address).execute();
  return r.length;
}

async function mailCount(address: string): Promise<number> {
  const r = await db
    .coreDb()
    .selectFrom('email_outbox')
    .select('id')
    .where('to_address', '=', address)
    .execute();
  return r.length;
}

describe('the settings shown on /config-system', () => {
  it('are the three the server acts on, nothing else', async () => {
    const token = await api.loginAs(api.DEMO.admin);
    const r = await api.rest<Cfg[]>('GET', '/web/config-system/', { token });
    expect(r.status).toBe(200);
    expect(r.json.data!.map((c) => c.param).sort()).toEqual([
      'DUE_DIGEST_GROUP_ADMINS',
      'MAINTENANCE_MODE',
      'PUBLIC_SIGNUP',
    ]);
    // A toggle of an older install that never did anything stays in the table, unseen.
    await db
      .coreDb()
      .insertInto('system_config')
      .values({
        title: 'Notificações por e-mail de vencimento',
        config_type: 'TOGGLE',
        config_value: '1',
        enabled: true,
        param: 'DUE_DATE_EMAILS',
      })
      .execute();
    const again = await api.rest<Cfg[]>('GET', '/web/config-system/', { token });
    expect(again.json.data!.map((c) => c.param).sort()).toEqual([
      'DUE_DIGEST_GROUP_ADMINS',
      'MAINTENANCE_MODE',
      'PUBLIC_SIGNUP',
    ]);
  });
});

describe('"Permitir cadastro público"', () => {
  it('off: sign-up is refused on both doors with its code, and no user or mail is made', async () => {
    const admin = await api.loginAs(api.DEMO.admin);
    // On (as seeded): a sign-up works and mails its activation link.
    const before = email('open');
    const ok = await api.rest('POST', '/web/users/register/', {
      body: registration(before),
      ip: '10.40.0.1',
    });
    expect(ok.status).toBe(201);
    expect(await mailCount(before)).toBe(1);

    await toggle(admin, 'PUBLIC_SIGNUP', false);
    expect((await api.rest('GET', '/web/config/public/')).json.data).toMatchObject({
      publicSignup: false,
      maintenance: false,
    });
    const refused = email('closed');
    const r = await api.rest('POST', '/web/users/register/', {
      body: registration(refused),
      ip: '10.40.0.2',
    });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({
      code: 'USER_REGISTER_DISABLED',
      message: 'O cadastro público está desativado. Fale com o suporte para criar uma conta.',
    });
    const viaTrpc = await api
      .trpcClient()
      .account.register.mutate(registration(refused))
      .then(
        () => null,
        (e: { data?: { code?: string; httpStatus?: number } }) => e.data,
      );
    expect(viaTrpc).toMatchObject({ code: 'USER_REGISTER_DISABLED', httpStatus: 403 });
    expect(await userCount(refused)).toBe(0);
    expect(await mailCount(refused)).toBe(0);

    await toggle(admin, 'PUBLIC_SIGNUP', true);
    const after = email('reopened');
    expect(
      (await api.rest('POST', '/web/users/register/', { body: registration(after), ip: '10.40.0.3' })).status,
    ).toBe(201);
    expect(await userCount(after)).toBe(1);
  });

  it('a change made elsewhere (another process, SQL) reaches this process through NOTIFY', async () => {
    const set = async (enabled: boolean) => {
      await db
        .coreDb()
        .updateTable('system_config')
        .set({ enabled, config_value: enabled ? '1' : '0' })
        .where('param', '=', 'PUBLIC_SIGNUP')
        .execute();
      await settings.settingsChangesSettled();
    };
    // Warm the cache, then change the row behind its back.
    expect((await settings.systemSettings()).publicSignup).toBe(true);
    await set(false);
    const closed = email('sql-closed');
    const r = await api.rest('POST', '/web/users/register/', { body: registration(closed), ip: '10.40.0.4' });
    expect(r.json.error?.code).toBe('USER_REGISTER_DISABLED');
    await set(true);
    const open = email('sql-open');
    expect(
      (await api.rest('POST', '/web/users/register/', { body: registration(open), ip: '10.40.0.5' })).status,
    ).toBe(201);
  });
});

describe('"Modo manutenção"', () => {
  it('on: 503 MAINTENANCE_MODE with Retry-After for everyone but the provider admin', async () => {
    const admin = await api.loginAs(api.DEMO.admin);
    const groupAdmin = await api.loginAs(api.DEMO.groupAdmin);
    const leaving = await api.loginAs(api.DEMO.operator);
    // A cached session (reads resolve the caller from memory) must not outlive the switch.
    expect((await api.rest('GET', '/web/logged-user/', { token: groupAdmin })).status).toBe(200);

    await toggle(admin, 'MAINTENANCE_MODE', true);
    try {
      // Non-provider calls, REST: 503, the code, its text and when to come back.
      const me = await api.rest('GET', '/web/logged-user/', { token: groupAdmin });
      expect(me.status).toBe(503);
      expect(me.headers.get('Retry-After')).toBe('120');
      expect(me.json.error).toMatchObject({
        code: 'MAINTENANCE_MODE',
        message: 'O sistema está em manutenção. Tente novamente em alguns minutos.',
      });
      expect((await api.rest('GET', '/web/products/', { token: groupAdmin })).json.error?.code).toBe(
        'MAINTENANCE_MODE',
      );
      // tRPC: the same code, HTTP 503 and Retry-After.
      const viaTrpc = await api
        .trpcClient(groupAdmin)
        .account.me.query()
        .then(
          () => null,
          (e: { data?: { code?: string; httpStatus?: number } }) => e.data,
        );
      expect(viaTrpc).toMatchObject({ code: 'MAINTENANCE_MODE', httpStatus: 503 });
      const raw = await api.testApp().request('/trpc/account.me', {
        headers: { Authorization: `Bearer ${groupAdmin}` },
      });
      expect(raw.status).toBe(503);
      expect(raw.headers.get('Retry-After')).toBe('120');
      // Anonymous calls too (a sign-up, a reset request).
      const signUp = await api.rest('POST', '/web/users/register/', {
        body: registration(email('maint')),
        ip: '10.40.1.1',
      });
      expect([signUp.status, signUp.json.error?.code]).toEqual([503, 'MAINTENANCE_MODE']);
      const reset = await api.rest('POST', '/web/password/reset/', {
        headers: { Email: api.DEMO.companyAdmin },
      });
      expect([reset.status, reset.json.error?.code]).toEqual([503, 'MAINTENANCE_MODE']);

      // Signing in: the provider admin may, anyone else is told why (after the password check,
      // so a wrong password still says only that), and no session is opened for them.
      const sessionsOf = async () =>
        (
          await db
            .coreDb()
            .selectFrom('sessions as s')
            .innerJoin('users as u', 'u.id', 's.user_id')
            .select('s.id')
            .where('u.email', '=', api.DEMO.companyAdmin)
            .execute()
        ).length;
      const opened = await sessionsOf();
      const signIn = (who: string, password: string) =>
        api.rest('POST', '/web/authentication/', {
          headers: { Email: who },
          text: password,
          ip: '10.40.1.2',
        });
      const refused = await signIn(api.DEMO.companyAdmin, seededPassword);
      expect([refused.status, refused.json.error?.code]).toEqual([503, 'MAINTENANCE_MODE']);
      expect(refused.headers.get('Retry-After')).toBe('120');
      const wrong = await signIn(api.DEMO.companyAdmin, 'Errada@123');
      expect(wrong.json.error?.code).toBe('AUTHENTICATION_INVALID_CREDENTIALS');
      expect(await sessionsOf()).toBe(opened);
      const providerAgain = await signIn(api.DEMO.admin, seededPassword);
      expect(providerAgain.status).toBe(200);

      // The provider admin works as usual.
      for (const path of ['/web/logged-user/', '/web/config-system/', '/web/company-groups/', '/web/users/'])
        expect((await api.rest('GET', path, { token: providerAgain.json.data as string })).status, path).toBe(
          200,
        );
      expect((await api.trpcClient(admin).account.me.query()).email).toBe(api.DEMO.admin);

      // What the client needs to show the maintenance page, and the probes, keep answering.
      const pub = await api.rest('GET', '/web/config/public/');
      expect([pub.status, pub.json.data]).toEqual([200, expect.objectContaining({ maintenance: true })]);
      expect((await api.rest('GET', '/health')).status).toBe(200);
      expect((await api.rest('GET', '/ready')).status).toBe(200);
      // Signing out is still possible.
      expect((await api.rest('DELETE', '/web/authentication/', { token: leaving })).status).toBe(200);
    } finally {
      await toggle(admin, 'MAINTENANCE_MODE', false);
    }
    expect((await api.rest('GET', '/web/logged-user/', { token: groupAdmin })).status).toBe(200);
    expect((await api.rest('GET', '/web/config/public/')).json.data).toMatchObject({ maintenance: false });
  });

  it('switched by another process (SQL), it reaches cached sessions and anonymous calls through NOTIFY', async () => {
    const groupAdmin = await api.loginAs(api.DEMO.groupAdmin);
    const set = async (enabled: boolean) => {
      await db
        .coreDb()
        .updateTable('system_config')
        .set({ enabled, config_value: enabled ? '1' : '0' })
        .where('param', '=', 'MAINTENANCE_MODE')
        .execute();
      await settings.settingsChangesSettled();
      await sessions.authChangesSettled();
    };
    expect((await api.rest('GET', '/web/logged-user/', { token: groupAdmin })).status).toBe(200);
    expect((await api.rest('GET', '/web/config/public/')).json.data).toMatchObject({ maintenance: false });
    await set(true);
    try {
      expect((await api.rest('GET', '/web/logged-user/', { token: groupAdmin })).status).toBe(503);
      expect((await api.rest('GET', '/web/config/public/')).json.data).toMatchObject({ maintenance: true });
    } finally {
      await set(false);
    }
    expect((await api.rest('GET', '/web/logged-user/', { token: groupAdmin })).status).toBe(200);
  });
});
