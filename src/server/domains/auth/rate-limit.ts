import { sql } from 'kysely';
import { runAfterAnswer } from '../../after-answer.ts';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import { sendMail } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/messages.ts';
import { redisCommand, redisGroupKey } from '../../redis.ts';

/**
 * Sign-in throttling with progressive delay, never a lockout (OWASP Authentication Cheat Sheet).
 * Three counters, each a Redis hash {n, next}: (e-mail, IP), IP, and e-mail. Every attempt is
 * counted *before* the password is checked (parallel guesses cannot slip through), on every counter
 * whose `next` has come; a counter past its free allowance makes the next attempt wait
 * 1 s, 2 s, 4 s … up to LOGIN_DELAY_MAX_SECONDS. An attempt inside a wait is refused (429 with the
 * seconds left) and not counted. Counters fade LOGIN_WINDOW_SECONDS after the last attempt.
 *
 * The per-e-mail counter has a much higher allowance (it slows a distributed attack on one account)
 * and does not apply from an address the account signed in from recently, so an attacker hammering
 * an account from elsewhere never locks its owner out. A success clears the (e-mail, IP) and e-mail
 * counters and gives the attempt back to the IP counter (an office behind one address signs in
 * many times a day). When Redis is down sign-in answers 503 (fails closed: see decisions).
 */
const SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local maxd = tonumber(ARGV[4])
local wait = 0
for i = 1, #KEYS do
  local nxt = tonumber(redis.call('HGET', KEYS[i], 'next') or '0')
  if nxt - now > wait then wait = nxt - now end
end
if wait > 0 then return {0, wait, 0} end
local kicked = 0
for i = 1, #KEYS do
  local free = tonumber(ARGV[4 + i])
  local n = redis.call('HINCRBY', KEYS[i], 'n', 1)
  if n > free then
    local d = math.min(base * 2 ^ (n - free - 1), maxd)
    redis.call('HSET', KEYS[i], 'next', now + d)
    if n == free + 1 and ARGV[4 + #KEYS + i] == '1' then kicked = 1 end
  end
  redis.call('EXPIRE', KEYS[i], window)
end
return {1, 0, kicked}
`;

const KNOWN_ADDRESS_DAYS = 30;

/**
 * The script and `clearLoginRate`'s MULTI use several of these keys at once, so they share one hash
 * tag on a Redis Cluster (`{<prefix>:login}:…`, one slot: sign-ins are few, a slot carries them).
 */
export const loginKey = (...parts: string[]) => redisGroupKey('login', ...parts);

const keys = (email: string, ip: string) => ({
  pair: loginKey('pair', email, ip),
  ip: loginKey('ip', ip),
  email: loginKey('email', email),
  known: loginKey('known', email),
  notified: loginKey('notified', email),
});

/**
 * Counts a sign-in attempt, or refuses it with 429 AUTHENTICATION_RATE_LIMITED and `retryAfter`
 * seconds while one of its counters is waiting. Mails the account's owner the first time the
 * throttle starts on their account within a window.
 */
export async function checkLoginRate(email: string, ip: string): Promise<void> {
  const c = config();
  const k = keys(email.toLowerCase(), ip);
  const res = await redisCommand(async (r) => {
    const isKnown = (await r.sismember(k.known, ip)) === 1;
    // The e-mail counter does not slow the owner's usual addresses.
    const counters = isKnown ? [k.pair, k.ip] : [k.pair, k.ip, k.email];
    const free = isKnown
      ? [c.LOGIN_FREE_PER_PAIR, c.LOGIN_FREE_PER_IP]
      : [c.LOGIN_FREE_PER_PAIR, c.LOGIN_FREE_PER_IP, c.LOGIN_FREE_PER_EMAIL];
    // Which counters tell the owner when they start throttling: not the bare IP one.
    const notify = isKnown ? ['1', '0'] : ['1', '0', '1'];
    const out = (await r.eval(
      SCRIPT,
      counters.length,
      ...counters,
      Date.now(),
      c.LOGIN_WINDOW_SECONDS,
      1000,
      c.LOGIN_DELAY_MAX_SECONDS * 1000,
      ...free,
      ...notify,
    )) as [number, number, number];
    return out;
  });
  const [allowed, waitMs, kicked] = res;
  if (kicked === 1) notifyOwner(email.toLowerCase(), k.notified, c.LOGIN_WINDOW_SECONDS);
  if (allowed !== 1) {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError('AUTHENTICATION_RATE_LIMITED', { params: { retryAfter } });
  }
}

/** After a good password: the owner starts afresh and this address becomes one of theirs. */
export async function clearLoginRate(email: string, ip?: string): Promise<void> {
  const k = keys(email.toLowerCase(), ip ?? '');
  await redisCommand(async (r) => {
    const m = r.multi().del(k.email);
    if (ip) {
      m.del(k.pair)
        .sadd(k.known, ip)
        .expire(k.known, KNOWN_ADDRESS_DAYS * 86_400)
        .hincrby(k.ip, 'n', -1);
    }
    await m.exec();
  });
}

/** One mail per account per window, after the answer (the caller learns nothing from its timing). */
function notifyOwner(email: string, flagKey: string, windowSeconds: number): void {
  runAfterAnswer('sign-in throttling mail', async () => {
    const first = await redisCommand((r) => r.set(flagKey, '1', 'EX', windowSeconds, 'NX'));
    if (first !== 'OK') return;
    const user = await coreDb()
      .selectFrom('users')
      .select(['name', 'email', 'language'])
      .where(sql`lower(email)`, '=', email)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!user) return;
    log.info('sign-in throttled: owner notified', { email });
    await sendMail(
      user.email,
      renderMail('loginThrottled', user.language, {
        name: user.name,
        link: `${config().PUBLIC_URL.replace(/\/$/, '')}/#/`,
        validHours: Math.round(windowSeconds / 60),
      }),
    );
  });
}
