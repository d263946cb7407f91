import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config.ts';

/** Seconds a signed download link stays valid (the seeds use 300 s for video links). */
export const SIGNED_LINK_TTL_SECONDS = 300;

function mac(path: string, exp: number): string {
  return createHmac('sha256', config().APP_SECRET).update(`${path}\n${exp}`).digest('base64url');
}

/** `path?exp=…&sig=…`: an HMAC (APP_SECRET) over the path and expiry, so no session is needed. */
export function signPath(path: string, ttlSeconds = SIGNED_LINK_TTL_SECONDS, now = Date.now()): string {
  return signPathUntil(path, Math.floor(now / 1000) + ttlSeconds);
}

/** `path?exp=…&sig=…` valid until `exp` (Unix seconds): for links that must stay the same a while. */
export function signPathUntil(path: string, exp: number): string {
  return `${path}?exp=${exp}&sig=${mac(path, exp)}`;
}

/** True when `sig` signs `path` with expiry `exp` and the link has not expired. */
export function verifySignedPath(
  path: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const e = Number(exp);
  if (e * 1000 < now) return false;
  const want = Buffer.from(mac(path, e));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
