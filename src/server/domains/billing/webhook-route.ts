/**
 * `POST /web/billing/webhooks/vindi/{secret}` (issue 17; billing-integration). Vindi signs nothing
 * and sends no event id, so the URL carries a secret: VINDI_WEBHOOK_SECRET, or one derived from
 * APP_SECRET (`npx tsx scripts/vindi-webhook-url.ts` prints the URL to register at Vindi). Not a
 * signed-in call and not an operation (no session, no role): a plain Hono route.
 *
 * - The secret is compared in constant time (SHA-256 digests of both, `timingSafeEqual`); a wrong
 *   one is 401 and nothing is read or stored.
 * - The body is capped (WEBHOOK_BODY_LIMIT; a larger one is read and dropped, then 413); malformed JSON or an event that does not parse is 400.
 * - Then `ingestVindiEvent`: stored under its dedup key and enqueued; a duplicate is 200 as well.
 *   Nothing here calls the provider, so the answer takes milliseconds.
 * - The path holds the secret: failures are logged here without it (never the request path).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { bodyLimitOf } from '../../body-limit.ts';
import { config } from '../../config.ts';
import { isDatabaseUnavailable } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import { type AppEnv, errorResponse, type RestApp } from '../../rest.ts';
import { ingestVindiEvent } from './webhook-ingest.ts';

export const VINDI_WEBHOOK_PATH = '/web/billing/webhooks/vindi';
/** Vindi's events are a few KB; anything far larger is not one. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** The secret path segment: VINDI_WEBHOOK_SECRET, else an HMAC of APP_SECRET (stable per install). */
export function vindiWebhookSecret(): string {
  const c = config();
  return (
    c.VINDI_WEBHOOK_SECRET ?? createHmac('sha256', c.APP_SECRET).update('vindi-webhook').digest('base64url')
  );
}

/** The full address to register at Vindi (Configurações → Webhooks). */
export function vindiWebhookUrl(): string {
  return `${config().PUBLIC_URL.replace(/\/+$/, '')}${VINDI_WEBHOOK_PATH}/${vindiWebhookSecret()}`;
}

const digest = (v: string) => createHash('sha256').update(v, 'utf8').digest();

/** Constant time whatever the given value's length: both sides are hashed to 32 bytes first. */
export function webhookSecretMatches(given: string): boolean {
  return timingSafeEqual(digest(given), digest(vindiWebhookSecret()));
}

async function receive(c: Context<AppEnv>) {
  try {
    if (!webhookSecretMatches(c.req.param('secret') ?? ''))
      return errorResponse(c, new AppError('UNAUTHENTICATED'));
    const text = await c.req.text();
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return errorResponse(c, new AppError('VALIDATION_FAILED', { message: 'Malformed JSON body' }));
    }
    const r = await ingestVindiEvent(raw);
    return c.json({ data: { received: true, duplicate: r.duplicate } }, 200);
  } catch (e) {
    if (e instanceof AppError) return errorResponse(c, e);
    const unavailable = isDatabaseUnavailable(e);
    log[unavailable ? 'warn' : 'error']('vindi webhook failed', { error: String((e as Error)?.stack ?? e) });
    // Vindi retries a non-2xx: a 503 brings the event back once the database is.
    return errorResponse(c, new AppError(unavailable ? 'DATABASE_UNAVAILABLE' : 'INTERNAL_ERROR'));
  }
}

/** Mounted by `src/server/app.ts` before the `/web/*` catch-all. */
export function mountVindiWebhook(app: RestApp): void {
  // Issue 26 item 7: a refused body is read (and dropped) first, as the app's own limit does, so
  // the sender gets the 413 instead of a reset socket.
  const limit = bodyLimitOf(WEBHOOK_BODY_LIMIT);
  app.post(`${VINDI_WEBHOOK_PATH}/:secret`, limit, receive);
  app.post(`${VINDI_WEBHOOK_PATH}/:secret/`, limit, receive);
}
