/**
 * `Idempotency-Key` on every POST (REST and tRPC): the same key with the same request replays the
 * first answer for 24 h (a retry after a lost answer creates nothing twice); the same key with
 * another request is 409 IDEMPOTENCY_KEY_REUSED. A duplicate that arrives while the first is still
 * running waits for it (up to IDEMPOTENCY_WAIT_MS) and gets the same answer. Server errors (5xx) are
 * not kept, so a retry runs again.
 *
 * - The request's fingerprint covers everything that changes the answer: method, path, query, body,
 *   the caller the session resolves to (user, role, company group, company) and every header an
 *   operation reads (the `headers` its REST bindings declare — `Email`, `EmailToken`,
 *   `Remember-Login`, … — plus `Content-Type` and `Prefer`).
 * - Keys are per caller: a signed-in user's are the user's; an anonymous caller's are per client
 *   address *and* fingerprint, so an anonymous request is only ever answered from a request with
 *   exactly its inputs — another input runs for real and gets its own honest answer.
 * - An answer that carries a credential (operations declared `credential: true`: sign-in, activation,
 *   password reset, a webhook signing secret) is never kept in Redis, so it is never replayed to
 *   anyone and a Redis dump holds no token or secret: a retry of such a call runs again.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { RequestContext } from './context.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';
import { operationList } from './operations.ts';
import { redisCommand, redisKey } from './redis.ts';
import { type AppEnv, errorResponse } from './rest.ts';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
export const IDEMPOTENCY_WAIT_MS = 10_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface Stored {
  hash: string;
  state: 'pending' | 'done';
  status?: number;
  contentType?: string;
  body?: string;
}

let readHeaders: readonly string[] | undefined;
/** The request headers that may change an answer: every one an operation's binding reads, sorted. */
export function fingerprintHeaders(): readonly string[] {
  readHeaders ??= [
    ...new Set([
      'content-type',
      'prefer',
      ...operationList.flatMap(({ operation }) =>
        operation.rest.flatMap((b) => (b.headers ?? []).map((h) => h.name.toLowerCase())),
      ),
    ]),
  ].sort();
  return readHeaders;
}

/** Who the session makes the caller: everything of it an answer may depend on. */
function callerOf(ctx: RequestContext): string {
  const a = ctx.auth;
  return a ? `user ${a.user.id} ${a.role} ${a.companyGroup?.id ?? '-'} ${a.companyId ?? '-'}` : 'anonymous';
}

function replay(s: Stored): Response {
  return new Response(s.body ?? '', {
    status: s.status ?? 200,
    headers: {
      'Content-Type': s.contentType ?? 'application/json',
      'Idempotent-Replayed': 'true',
      'Cache-Control': 'no-store',
    },
  });
}

const isMultipart = (type: string | undefined) => /^multipart\/form-data\b/i.test(type ?? '');

/** A multipart body's boundary is random per send: a resend of the same form must match (issue 29). */
function headerForFingerprint(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  return name === 'content-type' && isMultipart(value) ? 'multipart/form-data' : value;
}

/**
 * What of the body the fingerprint covers: its bytes, or for a form its fields in order — names,
 * texts, and each file's type and SHA-256 — so an offline photo resent after the app restarted
 * (a new boundary) is the same request. A form that does not parse falls back to its bytes.
 */
async function bodyForFingerprint(req: Request): Promise<Buffer> {
  if (isMultipart(req.headers.get('content-type') ?? undefined)) {
    try {
      const parts: string[][] = [];
      for (const [name, v] of (await req.clone().formData()).entries())
        parts.push(
          typeof v === 'string'
            ? [name, 'text', v]
            : [
                name,
                'file',
                v.type,
                createHash('sha256')
                  .update(Buffer.from(await v.arrayBuffer()))
                  .digest('hex'),
              ],
        );
      return Buffer.from(JSON.stringify(parts));
    } catch {
      // not a readable form: its bytes
    }
  }
  return Buffer.from(await req.clone().arrayBuffer());
}

export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('Idempotency-Key');
  if (c.req.method !== 'POST' || key === undefined) return next();
  if (!KEY_PATTERN.test(key)) return errorResponse(c, new AppError('IDEMPOTENCY_KEY_INVALID'));
  const ctx = c.get('ctx');
  const fingerprint = createHash('sha256').update(
    JSON.stringify([
      c.req.method,
      c.req.path,
      new URL(c.req.url).search,
      callerOf(ctx),
      fingerprintHeaders().map((h) => headerForFingerprint(h, c.req.header(h))),
    ]),
  );
  fingerprint.update('\n').update(await bodyForFingerprint(c.req.raw));
  const hash = fingerprint.digest('hex');
  // Anonymous callers are told apart by address and by the whole request, never by address alone.
  const owner = ctx.auth ? [`u${ctx.auth.user.id}`] : [`ip${ctx.ip}`, hash];
  const rkey = redisKey('idempotency', ...owner, createHash('sha256').update(key).digest('hex'));

  // Claims the key for this request (true) unless another request holds it.
  const claim = async () =>
    (await redisCommand((r) =>
      r.set(
        rkey,
        JSON.stringify({ hash, state: 'pending' } satisfies Stored),
        'EX',
        IDEMPOTENCY_TTL_SECONDS,
        'NX',
      ),
    )) === 'OK';
  // Fails open: with Redis down the request runs without replay protection (Postgres, not Redis,
  // holds the data; refusing every write during an outage would lose more than a rare duplicate).
  const forget = () => redisCommand((r) => r.del(rkey)).catch(() => undefined);
  let claimed: boolean;
  try {
    claimed = await claim();
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'REDIS_UNAVAILABLE')) throw err;
    log.warn('idempotency key not checked: redis unavailable', { path: c.req.path });
    return next();
  }
  if (!claimed) {
    const until = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      const raw = await redisCommand((r) => r.get(rkey));
      if (raw === null) break; // the first one failed and was dropped: run this one
      const s = JSON.parse(raw) as Stored;
      if (s.hash !== hash) return errorResponse(c, new AppError('IDEMPOTENCY_KEY_REUSED'));
      if (s.state === 'done') return replay(s);
      if (Date.now() > until) return errorResponse(c, new AppError('IDEMPOTENCY_KEY_IN_PROGRESS'));
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!(await claim())) return errorResponse(c, new AppError('IDEMPOTENCY_KEY_IN_PROGRESS'));
  }

  try {
    await next();
  } catch (err) {
    await forget();
    throw err;
  }
  // A server error runs again on retry; a credential is never kept (nor, so, replayed).
  if (c.res.status >= 500 || ctx.answerCarriesCredential) {
    await forget();
    return;
  }
  const stored: Stored = {
    hash,
    state: 'done',
    status: c.res.status,
    contentType: c.res.headers.get('Content-Type') ?? 'application/json',
    body: await c.res.clone().text(),
  };
  await redisCommand((r) => r.set(rkey, JSON.stringify(stored), 'EX', IDEMPOTENCY_TTL_SECONDS)).catch(
    (e: Error) => log.warn('idempotency: answer not kept', { error: e.message }),
  );
};
