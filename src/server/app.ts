import { existsSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { config, mapTileOrigin } from './config.ts';
import type { RequestContext } from './context.ts';
import { authenticate } from './domains/auth/service.ts';
import { forgetSessions } from './domains/auth/session-cache.ts';
import { forgetReads } from './db/read-cache.ts';
import { collectWrites } from './db/write-notify.ts';
import { mountJobsBoard } from './domains/jobs/board.ts';
import { jobRegistry } from './jobs/registry.ts';
import { mountVindiWebhook } from './domains/billing/webhook-route.ts';
import { requestBodyLimit } from './body-limit.ts';
import { mountSandboxPages } from './domains/billing/sandbox-pages.ts';
import { ERROR_CATALOGUE } from '../shared/errors.ts';
import { FIELD_MESSAGES } from '../shared/field-messages.ts';
import { AppError } from './errors.ts';
import { isDatabaseUnavailable } from './db/pg-errors.ts';
import { toTrpcError } from './trpc.ts';
import { buildOpenApiDocument } from './kit/openapi.ts';
import { openApiSources } from './operations.ts';
import { checkReadiness, isDraining } from './readiness.ts';
import { idempotency } from './idempotency.ts';
import { type AppEnv, errorResponse, retryAfterOf } from './rest.ts';
import { registerRestRoutes } from './rest-routes.ts';
import { appRouter } from './router.ts';
import { systemSettings } from './settings.ts';

/** Methods that change nothing: only these may resolve their caller from the session cache. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A caller asking for a fresh answer (kit/operation.ts's per-caller cache). */
const NO_CACHE = /\bno-cache\b/i;

function clientIp(c: Parameters<typeof getConnInfo>[0]): string {
  if (config().TRUST_PROXY) {
    // The client writes the start of the header; each trusted proxy appends the address it saw,
    // so the client is the entry TRUST_PROXY_HOPS from the end (the first one is forgeable).
    const hops = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = hops[Math.max(0, hops.length - config().TRUST_PROXY_HOPS)];
    if (ip) return ip.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

function bearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1] ?? null;
}

/**
 * Whether the request reached us over https: the URL itself, or — behind a trusted proxy — the
 * X-Forwarded-Proto entry of the nearest trusted hop (the same hop count as X-Forwarded-For).
 */
export function cameOverHttps(c: Parameters<typeof getConnInfo>[0]): boolean {
  if (c.req.url.startsWith('https:')) return true;
  if (!config().TRUST_PROXY) return false;
  const protos = (c.req.header('X-Forwarded-Proto') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return protos[Math.max(0, protos.length - config().TRUST_PROXY_HOPS)] === 'https';
}

/**
 * The SPA's Content-Security-Policy. Scripts only from our origin (the built index.html has no
 * inline script). Styles also allow 'unsafe-inline': radix-ui (react-remove-scroll's style
 * singleton) and sonner inject <style> elements at run time; script stays strict. Images also from
 * the inspection map's tile origin (MAP_TILE_URL, read at start-up); Leaflet loads tiles as <img>,
 * so nothing else is opened to it.
 */
export function contentSecurityPolicy(mapTileUrl: string, gcsBucket?: string) {
  const tiles = mapTileOrigin(mapTileUrl);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    // Video lessons play from this server (default-src), or from the bucket's signed URLs
    // (path style, storage.googleapis.com) when GCS_BUCKET is set.
    ...(gcsBucket ? { mediaSrc: ["'self'", 'https://storage.googleapis.com'] } : {}),
    connectSrc: ["'self'"],
    // The installable app (issue 20): the service worker /sw.js and /manifest.webmanifest.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
}

const NUL_IN_URL = /%00/i;
/**
 * Runs a write request; then whatever it changed (a sign-out, a rename, a new row) is seen by this
 * process's next read: the entries that read a schema its statements wrote are dropped (the
 * sessions with `core`), other tenants' stay. Other processes hear of it through the notifications.
 */
async function droppingWhatItWrote(next: () => Promise<void>): Promise<void> {
  const written = new Set<string>();
  try {
    await collectWrites(written, next);
  } finally {
    if (written.has('core')) forgetSessions();
    for (const schema of written) forgetReads(schema);
  }
}

/** The whole HTTP surface: tRPC, REST shim, health, OpenAPI, and the built client. */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: contentSecurityPolicy(config().MAP_TILE_URL, config().GCS_BUCKET),
      // The field flow reads labels with the camera and records an inspection's location (issue 11).
      permissionsPolicy: { camera: ['self'], microphone: [], geolocation: ['self'], payment: [] },
      // Sent below, and only over https (an http answer's HSTS is ignored and misleading).
      strictTransportSecurity: false,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    // Draining (SIGTERM): clients reconnect elsewhere instead of keeping this socket.
    if (isDraining()) c.res.headers.set('Connection', 'close');
    if (cameOverHttps(c))
      c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
  // API answers are per user and per moment: never stored by a browser or a shared cache, unless
  // the route chose its own rule (the product image's ETag caching, file downloads).
  for (const prefix of ['/web/*', '/trpc/*']) {
    app.use(prefix, async (c, next) => {
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    });
    // Postgres refuses NUL in text: a NUL in the path, the query or a header value is a 400 here,
    // before any handler (raw ones included) reads it. Bodies are checked by the input parse.
    app.use(prefix, async (c, next) => {
      let bad = NUL_IN_URL.test(c.req.url);
      c.req.raw.headers.forEach((v) => {
        if (v.includes('\u0000')) bad = true;
      });
      if (bad)
        return errorResponse(
          c,
          new AppError('VALIDATION_FAILED', {
            issues: [{ path: 'url', message: FIELD_MESSAGES.INVALID_CHARACTER }],
          }),
        );
      await next();
    });
    app.use(prefix, requestBodyLimit(SAFE_METHODS));
  }

  // Resolve the caller once per request, for REST and tRPC alike.
  app.use('*', async (c, next) => {
    const ctx: RequestContext = {
      ip: clientIp(c),
      userAgent: c.req.header('User-Agent') ?? null,
      auth: null,
      fresh: NO_CACHE.test(c.req.header('Cache-Control') ?? c.req.header('Pragma') ?? ''),
      // Signed in: the flag read with the session; otherwise the settings cache (src/server/settings.ts).
      underMaintenance: async () => ctx.auth?.maintenance ?? (await systemSettings()).maintenance,
    };
    const token = bearer(c.req.header('Authorization'));
    if (
      token &&
      (c.req.path.startsWith('/web/') ||
        c.req.path.startsWith('/trpc/') ||
        c.req.path.startsWith('/admin/') ||
        // The sandbox bill page answers a session of the bill's group (issue 26 item 3).
        c.req.path.startsWith('/billing/'))
    ) {
      try {
        // Reads may resolve the caller from the session cache; writes always from the database.
        ctx.auth = await authenticate(token, { cached: SAFE_METHODS.has(c.req.method) });
      } catch (e) {
        // A tRPC client reads errors in tRPC's envelope: the procedure's context throws it there.
        if (!c.req.path.startsWith('/trpc/')) throw e;
        c.set('authFailure', e);
      }
      // A REST call with a dead token is a 401 (the client then goes to /logout).
      if (!ctx.auth && c.req.path.startsWith('/web/') && c.req.path !== '/web/authentication/') {
        return errorResponse(c, new AppError('UNAUTHENTICATED'));
      }
    }
    c.set('ctx', ctx);
    return SAFE_METHODS.has(c.req.method) ? next() : droppingWhatItWrote(next);
  });

  // After the caller is known: keys are per caller.
  app.use('/web/*', idempotency);
  app.use('/trpc/*', idempotency);

  app.onError((err, c) => errorResponse(c, err));

  // Liveness: the process answers. Postgres and Redis belong to /ready — restarting this process
  // during their outage would not bring them back.
  app.get('/health', (c) => c.json({ ok: true }));

  // Readiness: 200 only when Postgres and Redis answer and every migration has run; otherwise
  // 503 with the failing check's code (a misspelt or empty database is never "ready").
  app.get('/ready', async (c) => {
    const r = await checkReadiness();
    if (r.ready) return c.json({ data: { checks: r.checks } });
    const code = r.code ?? 'DATABASE_UNAVAILABLE';
    c.header('Retry-After', '5');
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        error: { code, message: ERROR_CATALOGUE[code].message },
        checks: r.checks,
        ...(r.pending ? { pending: r.pending } : {}),
      },
      503,
    );
  });

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: () => {
        const failure = c.get('authFailure');
        if (failure === undefined) return c.get('ctx');
        if (failure instanceof AppError) throw toTrpcError(failure);
        if (isDatabaseUnavailable(failure)) throw toTrpcError(new AppError('DATABASE_UNAVAILABLE'));
        throw failure;
      },
      maxBatchSize: 20,
      // A throttled or unavailable call says when to come back, as on the REST door.
      responseMeta: ({ errors }) => {
        const waits = errors
          .map((e) => (e.cause instanceof AppError ? retryAfterOf(e.cause) : undefined))
          .filter((s): s is number => s !== undefined);
        return waits.length ? { headers: { 'Retry-After': String(Math.max(...waits)) } } : {};
      },
    }),
  );

  // The tables are fixed once the process runs: build the document on first request, not on every one.
  let openApi: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.get('/web/openapi.json', (c) => {
    openApi ??= buildOpenApiDocument(config().PUBLIC_URL, openApiSources());
    return c.json(openApi);
  });
  registerRestRoutes(app);
  mountJobsBoard(app, () => jobRegistry().queues.map((q) => q.name));
  mountVindiWebhook(app);
  mountSandboxPages(app);
  app.all('/web/*', (c) => errorResponse(c, new AppError('NOT_FOUND')));

  const clientDir = path.resolve(config().CLIENT_DIR);
  if (existsSync(clientDir)) {
    const rel = path.relative(process.cwd(), clientDir) || '.';
    // Hashed file names: cacheable for good. (serveStatic's onFound runs after its answer is built,
    // so a header set there is lost; set it on the answer instead.)
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200 || c.res.status === 206)
        c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root: rel }));
    app.use('*', serveStatic({ root: rel }));
    app.get('*', serveStatic({ root: rel, path: 'index.html' }));
  } else {
    app.get('/', (c) =>
      c.text('The client is not built yet: run `npm run build` (npm start does it for you).', 503),
    );
  }
  return app;
}
