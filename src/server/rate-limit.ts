import type { PlainErrorCode } from '../shared/errors.ts';
import { AppError } from './errors.ts';
import { redis, redisKey } from './redis.ts';

/**
 * Fixed-window counter on Redis: counts this hit and throws `code` (429) once more than `max`
 * hits happened within `windowSeconds`. Keys live under `<prefix>:rl:…`.
 */
export async function limitRate(
  parts: (string | number)[],
  max: number,
  windowSeconds: number,
  code: PlainErrorCode = 'RATE_LIMITED',
): Promise<void> {
  const key = redisKey('rl', ...parts);
  const res = await redis().multi().incr(key).expire(key, windowSeconds, 'NX').exec();
  if (Number(res?.[0]?.[1] ?? 0) > max) throw new AppError(code);
}

export async function clearRate(parts: (string | number)[]): Promise<void> {
  await redis().del(redisKey('rl', ...parts));
}
