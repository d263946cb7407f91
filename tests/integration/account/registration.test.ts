import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, coreDb } from '../../../src/server/db/database.ts';
import { hashToken } from '../../../src/server/domains/auth/service.ts';
import { loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { registration, startMailServer, tokenFromMail } from './support.ts';

let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
});

async function registerAndGetToken(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const r = await rest<{ id: number; email: string }>('POST', '/web/users/register/', {
    body,
    ip: `10.20.${Math.floor(Math.random() * 250)}.1`,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  const m = await mail.waitFor(body.email);
  return { body, id: r.json.data!.id, mail: m, ...tokenFromMail(m, '/active-environment') };
}

/** The core.users row of `id`. */
function userRow(id: number) {
  return coreDb().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The core.registrations row of the user `userId`. */
function registrationRow(userId: number) {
  return coreDb()
    .selectFrom('registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The activation link's call, with the mailed `token`. */
function activate<T = unknown>(token: string) {
  return rest<T>('POST', '/web/users/active-environment/', { headers: { EmailToken: token } });
}

describe('POST /web/users/register/', () => {
  it('creates a PENDING user with the registration and mails a single-use activation link', async () => {
    const { body, id, mail: m, link, token } = await registerAndGetToken();
    const user = await userRow(id);
    expect(user).toMatchObject({
      email: body.email,
      name: 'Renata Registro',
      phone: '11987654321',
      occupation: 'Gerente de segurança',
      status: 'PENDING',
      role: 'COMPANY_GROUP_ADMIN',
      company_group_id: null,
    });
    expect(user.password_hash.startsWith('$argon2id$')).toBe(true);
    const reg = await registrationRow(id);
    expect(reg).toMatchObject({
      company_name: body.company,
      fantasy_name: 'Fantasia',
      cnpj: '11222333000181',
      selected_plan_id: 2,
      equipment_qtt: 120,
      product_id_vindi: 'prod-9',
      plan_id_vindi: 'plan-7',
      activated_at: null,
    });
    expect(reg.address).toEqual({
      address: 'Av. Paulista, 1000',
      complement: 'Sala 1',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      cep: '01310100',
    });
    // Portuguese by default, the product's name, a link under PUBLIC_URL.
    expect(m.subject).toBe('Ative seu ambiente no EquipCheck');
    expect(m.text).toContain('Olá, Renata Registro!');
    expect(link.startsWith('http://localhost:3000/#/active-environment?t=')).toBe(true);
    expect(m.html).toContain('/#/active-environment?t=');
    // Only the token's hash is stored.
    const stored = await coreDb()
      .selectFrom('email_tokens')
      .select(['purpose', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(stored.purpose).toBe('ACTIVATION');
    expect(stored.expires_at.getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    expect(
      await coreDb()
        .selectFrom('email_tokens')
        .select('id')
        .where('token_hash', '=', token)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a PENDING sign-up cannot sign in yet: AUTHENTICATION_ACTIVATION_PENDING (click the e-mailed link)', async () => {
    const { body } = await registerAndGetToken();
    const r = await rest('POST', '/web/authentication/', {
      headers: { Email: body.email },
      text: body.password,
    });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe('AUTHENTICATION_ACTIVATION_PENDING');
  });

  it('409 USER_REGISTER_EMAIL_EXISTS with the seed message, case-insensitively', async () => {
    const { body } = await registerAndGetToken();
    const again = await rest('POST', '/web/users/register/', {
      body: registration({ email: body.email.toUpperCase() }),
    });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'USER_REGISTER_EMAIL_EXISTS',
      message: `Email ${body.email.toUpperCase()} já existe`,
    });
    const demo = await rest('POST', '/web/users/register/', {
      body: registration({ email: 'operator@equipcheck.dev' }),
    });
    expect(demo.json.error?.code).toBe('USER_REGISTER_EMAIL_EXISTS');
  });

  it('400 USER_REGISTER_EMAIL_INVALID with the seed message', async () => {
    for (const email of ['not-an-email', 'a@', '']) {
      const r = await rest('POST', '/web/users/register/', { body: registration({ email }) });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({
        code: 'USER_REGISTER_EMAIL_INVALID',
        message: `Email ${email} é inválido`,
      });
    }
  });

  it('400 VALIDATION_FAILED naming each bad field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cnpjCompany: '11.222.333/0001-82' }, 'cnpjCompany'],
      [{ phone: '(11) 1234' }, 'phone'],
      [{ phone: '(11) 81234-5678' }, 'phone'],
      [{ cep: '0131-010' }, 'cep'],
      [{ state: 'SPX' }, 'state'],
      [{ password: 'semregra' }, 'password'],
      [{ password: 'Abc@1' }, 'password'],
      [{ company: '  ' }, 'company'],
      [{ name: '' }, 'name'],
      [{ occupation: undefined }, 'occupation'],
      [{ selectedPlanId: 'abc' }, 'selectedPlanId'],
    ];
    for (const [override, path] of cases) {
      const r = await rest('POST', '/web/users/register/', { body: registration(override) });
      expect(r.status, path).toBe(400);
      expect(r.json.error?.code).toBe('VALIDATION_FAILED');
      expect(r.json.error?.issues?.map((i) => i.path)).toContain(path);
    }
    const bad = await rest('POST', '/web/users/register/', {
      text: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  it('accepts the optional fields blank and an alphanumeric CNPJ', async () => {
    const { id } = await registerAndGetToken({
      phone: '',
      cep: '',
      state: '',
      fantasyName: '',
      cnpjCompany: '12.ABC.345/01DE-35',
      selectedPlanId: undefined,
      equipmentQtt: undefined,
    });
    const reg = await registrationRow(id);
    expect(reg).toMatchObject({
      cnpj: '12ABC34501DE35',
      selected_plan_id: null,
      equipment_qtt: null,
      fantasy_name: null,
    });
  });
});

describe('POST /web/users/active-environment/', () => {
  it('creates the company group and company, makes the user its ACTIVE group admin and signs in', async () => {
    const { body, token, id } = await registerAndGetToken();
    const r = await activate<string>(token);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const me = await rest<Record<string, unknown>>('GET', '/web/logged-user/', { token: r.json.data! });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({
      id,
      email: body.email,
      currentRole: 'COMPANY_GROUP_ADMIN',
      status: 'ACTIVE',
      companyName: body.company,
    });
    const schema = me.json.data!.companyGroup as string;
    expect(schema).toMatch(/^empresa[a-z]+ltda[a-z]*$/);
    const group = await coreDb()
      .selectFrom('company_groups')
      .selectAll()
      .where('schema_name', '=', schema)
      .executeTakeFirstOrThrow();
    expect(group.name).toBe(body.company);
    const company = await coreDb()
      .selectFrom('companies')
      .selectAll()
      .where('company_group_id', '=', group.id)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      name: body.company,
      fantasy_name: 'Fantasia',
      cnpj: '11222333000181',
      email: body.email,
      phone: '11987654321',
      main_contact_name: 'Renata Registro',
      enabled: true,
      tags_limit: 1,
    });
    expect(company.address).toMatchObject({ city: 'São Paulo', cep: '01310100' });
    const tenant = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_schema = ${`cg_${schema}`}`.execute(
      baseDb(),
    );
    expect(tenant.rows[0]!.n).toBeGreaterThan(0);
    const reg = await registrationRow(id);
    expect(reg.company_group_id).toBe(group.id);
    expect(reg.activated_at).not.toBeNull();
    // The user can now sign in with the password of the sign-up.
    expect(await loginAs(body.email, body.password)).toBeTruthy();

    // Single use: a second click says it is already active.
    const again = await activate(token);
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('ENVIRONMENT_ALREADY_ACTIVE');
  });

  it('derives a unique schema name when two companies share a name', async () => {
    const company = `Mesma ${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const a = await registerAndGetToken({ company });
    const b = await registerAndGetToken({ company });
    const ta = await activate<string>(a.token);
    const tb = await activate<string>(b.token);
    const ga = (await rest<{ companyGroup: string }>('GET', '/web/logged-user/', { token: ta.json.data! }))
      .json.data!.companyGroup;
    const gb = (await rest<{ companyGroup: string }>('GET', '/web/logged-user/', { token: tb.json.data! }))
      .json.data!.companyGroup;
    expect(ga).not.toBe(gb);
    expect(gb.startsWith(ga)).toBe(true);
  });

  it('400 TOKEN_INVALID for a missing, garbage or expired token', async () => {
    const missing = await rest('POST', '/web/users/active-environment/');
    expect(missing.status).toBe(400);
    expect(missing.json.error?.code).toBe('TOKEN_INVALID');
    const garbage = await activate('x'.repeat(43));
    expect(garbage.json.error?.code).toBe('TOKEN_INVALID');
    const { token, id } = await registerAndGetToken();
    await coreDb()
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const expired = await activate(token);
    expect(expired.status).toBe(400);
    expect(expired.json.error?.code).toBe('TOKEN_INVALID');
    expect((await userRow(id)).status).toBe('PENDING');
  });

  it('two activations at once create one company group', async () => {
    const { token, id } = await registerAndGetToken();
    const [a, b] = await Promise.all([activate(token), activate(token)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const reg = await registrationRow(id);
    expect((await userRow(id)).company_group_id).toBe(reg.company_group_id);
  });
});

describe('tRPC account.register / account.activate', () => {
  it('gives the same codes and mails in the chosen language', async () => {
    const body = registration({ language: 'en' });
    const client = trpcClient();
    const res = await client.account.register.mutate(body);
    expect(res.email).toBe(body.email);
    const m = await mail.waitFor(body.email);
    expect(m.subject).toBe('Activate your EquipCheck environment');
    await expect(client.account.register.mutate(body)).rejects.toMatchObject({
      data: { code: 'USER_REGISTER_EMAIL_EXISTS', httpStatus: 409 },
    });
    await expect(client.account.register.mutate({ ...body, email: 'bad' })).rejects.toMatchObject({
      data: { code: 'USER_REGISTER_EMAIL_INVALID', httpStatus: 400 },
    });
    await expect(
      client.account.register.mutate({ ...registration(), cnpjCompany: '123' }),
    ).rejects.toMatchObject({ data: { code: 'VALIDATION_FAILED' } });
    const { token } = tokenFromMail(m, '/active-environment');
    await expect(client.account.activate.mutate({ token: 'short' })).rejects.toMatchObject({
      data: { code: 'TOKEN_INVALID' },
    });
    const session = await client.account.activate.mutate({ token });
    const me = await trpcClient(session.token).account.me.query();
    expect(me.currentRole).toBe('COMPANY_GROUP_ADMIN');
  });
});
