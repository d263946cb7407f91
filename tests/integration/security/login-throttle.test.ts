import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { config, resetConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { redisKey } from '../../../src/server/redis.ts';
import { rest } from '../../helpers/api.ts';
import { makeDemoUser } from '../../helpers/demo-user.ts';

/**
 * Sign-in throttling (issue 10 item 8): progressive delay per (e-mail, IP), per IP and per e-mail,
 * never a lockout of the owner, and a mail to the owner when it starts. Time is not waited for:
 * a counter's `next` is moved to the past to stand for "the wait is over".
 */
let redis: Redis;
beforeAll(() => {
  // This file's own per-IP allowance (the suite's default is high so other tests can sign in freely).
  process.env.LOGIN_FREE_PER_IP = '20';
  resetConfig();
  redis = new Redis(config().REDIS_URL);
});
afterAll(async () => {
  await redis.quit();
});

const makeUser = (password = 'Secret@1') => makeDemoUser('ACTIVE', password, 'Teresa Throttle');

const signIn = (email: string, password: string, ip: string) =>
  rest<string>('POST', '/web/authentication/', { headers: { Email: email }, text: password, ip });

/** "The wait is over" for a counter. */
const waitOver = (...parts: string[]) => redis.hset(redisKey('login', ...parts), 'next', '0');

async function outbox(email: string) {
  await pendingAfterAnswer();
  return coreDb()
    .selectFrom('email_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .execute();
}

describe('sign-in throttling', () => {
  it('slows one address with growing waits; an attempt inside a wait is refused and not counted', async () => {
    const u = await makeUser();
    const ip = '10.31.0.1';
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, 'Wrong@123', ip)).status).toBe(401);
    // The 6th attempt is still checked (401) but starts the delay.
    expect((await signIn(u.email, 'Wrong@123', ip)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await signIn(u.email, u.password, ip);
      expect(refused.status).toBe(429);
      expect(refused.json.error?.code).toBe('AUTHENTICATION_RATE_LIMITED');
      expect(refused.headers.get('Retry-After')).toBe(String(refused.json.error?.params?.retryAfter));
      waits.push(Number(refused.json.error?.params?.retryAfter));
      // Refused again at once: not counted (the wait does not grow).
      expect((await signIn(u.email, 'Wrong@123', ip)).json.error?.params?.retryAfter).toBe(waits[round]);
      await waitOver('pair', u.email, ip);
      expect((await signIn(u.email, 'Wrong@123', ip)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    // The right password once the wait is over: signed in, and the address starts afresh.
    await waitOver('pair', u.email, ip);
    expect((await signIn(u.email, u.password, ip)).status).toBe(200);
    expect(await redis.exists(redisKey('login', 'pair', u.email, ip))).toBe(0);
  });

  it('an attack from many addresses never locks the owner out of their usual address', async () => {
    const u = await makeUser();
    const home = '10.32.0.1';
    expect((await signIn(u.email, u.password, home)).status).toBe(200);
    // 130 wrong passwords from 130 addresses: the e-mail counter passes its 100 and starts waiting.
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++)
      statuses.push((await signIn(u.email, 'Wrong@123', `10.33.${i >> 8}.${i & 255}`)).status);
    expect(statuses.filter((s) => s === 401).length).toBe(101);
    expect(statuses.slice(101).every((s) => s === 429)).toBe(true);
    // From a new address the owner is slowed (seconds, at most the cap), not locked out.
    const elsewhere = await signIn(u.email, u.password, '10.34.0.1');
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.json.error?.params?.retryAfter)).toBeLessThanOrEqual(
      config().LOGIN_DELAY_MAX_SECONDS,
    );
    // From home the owner signs in at once with the right password, which also ends the e-mail's wait.
    expect((await signIn(u.email, u.password, home)).status).toBe(200);
    expect((await signIn(u.email, u.password, '10.34.0.1')).status).toBe(200);
  });

  it('caps one address across many e-mails', async () => {
    const ip = '10.35.0.1';
    const results: number[] = [];
    for (let i = 0; i < 22; i++)
      results.push((await signIn(`nobody-${i}-${Date.now()}@test.dev`, 'Wrong@123', ip)).status);
    // 20 free attempts, the 21st is checked and starts the wait, the 22nd waits.
    expect(results.slice(0, 21).every((s) => s === 401)).toBe(true);
    expect(results[21]).toBe(429);
  });

  it('mails the owner once when throttling starts, and nobody for an unknown e-mail; both answers are alike', async () => {
    const u = await makeUser();
    const unknown = `unknown-${Date.now()}@test.dev`;
    const answers: Record<string, unknown>[] = [];
    for (const email of [u.email, unknown]) {
      const ip = email === u.email ? '10.36.0.1' : '10.36.0.2';
      for (let i = 0; i < 6; i++) await signIn(email, 'Wrong@123', ip);
      const r = await signIn(email, 'Wrong@123', ip);
      answers.push({ status: r.status, code: r.json.error?.code, params: r.json.error?.params });
      await waitOver('pair', email, ip);
      for (let i = 0; i < 3; i++) {
        await waitOver('pair', email, ip);
        await signIn(email, 'Wrong@123', ip);
      }
    }
    expect(answers[0]).toEqual(answers[1]);
    const mails = await outbox(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Tentativas de login');
    expect(mails[0]!.text_body).toContain('não foi bloqueada');
    expect(await outbox(unknown)).toHaveLength(0);
  });
});
