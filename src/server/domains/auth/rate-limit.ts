import { config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { redis, redisKey } from '../../redis.ts';

/**
 * Fixed-window counters on Redis. Counts attempts per e-mail and per IP; a successful login
 * clears the e-mail's counter so a user who finally types the right password starts afresh.
 */
export async function checkLoginRate(email: string, ip: string): Promise<void> {
  const c = config();
  const keys = [redisKey('rl', 'login', 'email', email.toLowerCase()), redisKey('rl', 'login', 'ip', ip)];
  const r = redis();
  const res = await r
    .multi()
    .incr(keys[0]!)
    .expire(keys[0]!, c.LOGIN_WINDOW_SECONDS, 'NX')
    .incr(keys[1]!)
    .expire(keys[1]!, c.LOGIN_WINDOW_SECONDS, 'NX')
    .exec();
  const byEmail = Number(res?.[0]?.[1] ?? 0);
  const byIp = Number(res?.[2]?.[1] ?? 0);
  if (byEmail > c.LOGIN_MAX_PER_EMAIL || byIp > c.LOGIN_MAX_PER_IP) {
    throw new AppError('AUTHENTICATION_RATE_LIMITED');
  }
}

export async function clearLoginRate(email: string): Promise<void> {
  await redis().del(redisKey('rl', 'login', 'email', email.toLowerCase()));
}
