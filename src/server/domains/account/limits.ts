import { AppError } from '../../errors.ts';
import { redis, redisKey } from '../../redis.ts';

/**
 * Fixed-window counter on Redis: throws RATE_LIMITED (429) once `max` hits happened within
 * `windowSeconds`. Protects the public account calls (sign-up, reset mails, CEP proxy) from abuse.
 */
export async function limitRate(
  parts: (string | number)[],
  max: number,
  windowSeconds: number,
): Promise<void> {
  const key = redisKey('rl', ...parts);
  const res = await redis().multi().incr(key).expire(key, windowSeconds, 'NX').exec();
  if (Number(res?.[0]?.[1] ?? 0) > max) throw new AppError('RATE_LIMITED');
}
