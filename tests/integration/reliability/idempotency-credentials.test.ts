import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { redisCommand } from '../../../src/server/redis.ts';
import { loginAs, rest, testApp } from '../../helpers/api.ts';
import { makeActiveUser, registration, startMailServer, tokenFromMail } from '../account/support.ts';
import { letters, otherGroup, PASSWORD } from '../organisations/fixtures.ts';

/**
 * Issue 26, security 1–2: a reused `Idempotency-Key` never hands one caller another's answer, and an
 * answer that carries a credential (a session token, a webhook signing secret) is never kept in
 * Redis. Real app, Postgres and Redis.
 */
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail.close();
});

/** Every idempotency record of this run's Redis prefix: key and stored value. */
async function idempotencyRecords(): Promise<{ key: string; value: string }[]> {
  const out: { key: string; value: string }[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redisCommand((r) =>
      r.scan(cursor, 'MATCH', `${config().REDIS_PREFIX}:idempotency:*`, 'COUNT', 1000),
    );
    cursor = next;
    for (const key of keys) {
      const value = await redisCommand((r) => r.get(key));
      if (value !== null) out.push({ key, value });
    }
  } while (cursor !== '0');
  return out;
}

/** Fails with what Redis holds when any idempotency record contains one of `secrets`. */
async function expectNotInRedis(...secrets: string[]) {
  const records = await idempotencyRecords();
  const leaks = records.filter((r) => secrets.some((s) => r.value.includes(s)));
  expect(leaks, `idempotency records holding a credential: ${JSON.stringify(leaks)}`).toEqual([]);
}

/** The user a session token belongs to (through the logged-user call). */
async function emailOf(token: string): Promise<string> {
  const me = await rest<{ email: string }>('GET', '/web/logged-user/', { token });
  expect(me.status, JSON.stringify(me.json)).toBe(200);
  return me.json.data!.email;
}

const ip = () => `10.26.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('Idempotency-Key and credentials', () => {
  testApp();

  it('a garbage activation token sent with the victim’s key gets TOKEN_INVALID, not the victim’s session', async () => {
    const body = registration();
    const reg = await rest('POST', '/web/users/register/', { body, ip: ip() });
    expect(reg.status, JSON.stringify(reg.json)).toBe(201);
    const { token: mailed } = tokenFromMail(await mail.waitFor(body.email), '/active-environment');
    const address = ip();
    const key = `act-${letters(16)}`;
    const victim = await rest<string>('POST', '/web/users/active-environment/', {
      headers: { EmailToken: mailed, 'Idempotency-Key': key },
      ip: address,
    });
    expect(victim.status, JSON.stringify(victim.json)).toBe(200);
    const session = victim.json.data!;
    expect(await emailOf(session)).toBe(body.email);

    // Same address, same key, same (empty) body: only the header differs.
    const attacker = await rest<string>('POST', '/web/users/active-environment/', {
      headers: { EmailToken: 'garbage', 'Idempotency-Key': key },
      ip: address,
    });
    expect([attacker.status, attacker.json.error?.code]).toEqual([400, 'TOKEN_INVALID']);
    expect(attacker.headers.get('Idempotent-Replayed')).toBeNull();
    expect(JSON.stringify(attacker.json)).not.toContain(session);

    // Nor is the victim's own retry a replay: the answer was never kept (the link is now used).
    const retry = await rest<string>('POST', '/web/users/active-environment/', {
      headers: { EmailToken: mailed, 'Idempotency-Key': key },
      ip: address,
    });
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expect(JSON.stringify(retry.json)).not.toContain(session);
    await expectNotInRedis(session);
  });

  it('sign-in: another Email header with the same key and body signs in its own account; no token is kept', async () => {
    const password = 'Mesma@123';
    const [victim, other] = [await makeActiveUser(password), await makeActiveUser(password)];
    const address = ip();
    const key = `login-${letters(16)}`;
    const signIn = (email: string) =>
      rest<string>('POST', '/web/authentication/', {
        headers: { Email: email, 'Idempotency-Key': key },
        text: password,
        ip: address,
      });
    const first = await signIn(victim.email);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const second = await signIn(other.email);
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.json.data).not.toBe(first.json.data);
    expect(await emailOf(second.json.data!)).toBe(other.email);
    // The victim's retry with its key signs in again (a new session), never a stored one.
    const again = await signIn(victim.email);
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(again.json.data).not.toBe(first.json.data);

    // tRPC's sign-in, as the browser sends it (a key with every mutation).
    const trpc = await testApp().request('/trpc/auth.login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Forwarded-For': address },
      body: JSON.stringify({ json: { email: victim.email, password } }),
    });
    const trpcText = await trpc.text();
    expect(trpc.status, trpcText).toBe(200);
    const trpcToken = (JSON.parse(trpcText) as { result: { data: { json: { token: string } } } }).result.data
      .json.token;
    await expectNotInRedis(first.json.data!, second.json.data!, again.json.data!, trpcToken);
  });

  it('a webhook signing secret (create, rotate) is never kept nor replayed', async () => {
    const g = await otherGroup();
    const token = await loginAs(g.email, PASSWORD);
    const key = `wh-${letters(16)}`;
    const body = {
      url: `http://127.0.0.1:9/idem-${letters(6)}`,
      events: ['equipment.registered'],
      companyId: g.companyId,
    };
    const created = await rest<{ id: number; secret: string }>('POST', '/web/webhooks/endpoints/', {
      token,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const rotateKey = `rot-${letters(16)}`;
    const rotate = () =>
      rest<{ secret: string }>('POST', `/web/webhooks/endpoints/${created.json.data!.id}/rotate-secret`, {
        token,
        headers: { 'Idempotency-Key': rotateKey },
      });
    const [r1, r2] = [await rotate(), await rotate()];
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r2.headers.get('Idempotent-Replayed')).toBeNull();
    expect(r2.json.data!.secret).not.toBe(r1.json.data!.secret);
    await expectNotInRedis(created.json.data!.secret, r1.json.data!.secret, r2.json.data!.secret);
  });

  it('a normal mutation is still replayed for its caller; another caller with the key gets its own answer', async () => {
    const [g, h] = [await otherGroup(), await otherGroup()];
    const [token, other] = [await loginAs(g.email, PASSWORD), await loginAs(h.email, PASSWORD)];
    const key = `co-${letters(16)}`;
    const body = {
      name: `Idem ${letters(8)}`,
      cnpj: null,
      mainContactName: 'Contato',
      email: 'c@empresa.dev',
      phone: '(11) 3333-4444',
    };
    const call = (t: string) =>
      rest<number>('POST', '/web/companies/', { token: t, body, headers: { 'Idempotency-Key': key } });
    const first = await call(token);
    const replayed = await call(token);
    expect([first.status, replayed.status]).toEqual([201, 201]);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayed.json.data).toBe(first.json.data);
    const theirs = await call(other);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(theirs.json.data).not.toBe(first.json.data);
    const rows = await coreDb()
      .selectFrom('companies')
      .select(['id', 'company_group_id'])
      .where('name', '=', body.name)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.company_group_id)).toEqual([g.companyGroupId, h.companyGroupId]);
    // The answer kept is the company's id, never the caller's token.
    await expectNotInRedis(token, other);
  });

  it('anonymous callers at one address never share a replay across different inputs', async () => {
    const address = ip();
    const key = `anon-${letters(16)}`;
    const check = (token: string) =>
      rest<string>('POST', '/web/password/reset/check/', {
        headers: { EmailToken: token, 'Idempotency-Key': key },
        ip: address,
      });
    const first = await check('garbage-one');
    const second = await check('garbage-two');
    expect([first.status, second.status]).toEqual([200, 200]);
    // The same request is still replayed (a retry after a lost answer).
    const retry = await check('garbage-one');
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
  });
});
