import type { PlainErrorCode } from '../shared/errors.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';
import { redisCommand, redisKey } from './redis.ts';

export interface LimitRateOptions {
  /** the 429 code (default RATE_LIMITED) */
  code?: PlainErrorCode;
  /**
   * What happens when Redis is down. `closed` (the default, for every auth path: sign-in, sign-up,
   * password reset and change) answers 503 REDIS_UNAVAILABLE at once, since without its counter the
   * call would be an unthrottled password or mail oracle. `open` lets the call through (for limits
   * that only spare a resource, e.g. the CEP look-up's upstream quota).
   */
  whenRedisDown?: 'open' | 'closed';
}

/** Open limits skipped since Redis went away (logged when first skipped; cleared by a counted hit). */
const skipped = new Set<string>();

/**
 * Fixed-window counter on Redis: counts this hit and throws `code` (429) once more than `max`
 * hits happened within `windowSeconds`. Keys live under `<prefix>:rl:…`.
 */
export async function limitRate(
  parts: (string | number)[],
  max: number,
  windowSeconds: number,
  opts: LimitRateOptions = {},
): Promise<void> {
  const key = redisKey('rl', ...parts);
  let hits: number;
  try {
    const res = await redisCommand((r) => r.multi().incr(key).expire(key, windowSeconds, 'NX').exec());
    hits = Number(res?.[0]?.[1] ?? 0);
    skipped.delete(String(parts[0]));
  } catch (err) {
    if (opts.whenRedisDown === 'open' && err instanceof AppError && err.code === 'REDIS_UNAVAILABLE') {
      // Once per limit and outage, not once per request (issue 26 item 20).
      const limit = String(parts[0]);
      if (!skipped.has(limit)) log.warn('rate limit skipped: redis unavailable', { limit });
      skipped.add(limit);
      return;
    }
    throw err;
  }
  if (hits > max) throw new AppError(opts.code ?? 'RATE_LIMITED');
}

export async function clearRate(parts: (string | number)[]): Promise<void> {
  await redisCommand((r) => r.del(redisKey('rl', ...parts)));
}
