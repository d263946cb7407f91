import { existsSync } from 'node:fs';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { config } from './config.ts';
import type { RequestContext } from './context.ts';
import { pingDb } from './db/database.ts';
import { authenticate } from './domains/auth/service.ts';
import { mountJobsBoard } from './domains/jobs/board.ts';
import { ERROR_CATALOGUE } from '../shared/errors.ts';
import { AppError } from './errors.ts';
import { buildOpenApiDocument } from './kit/openapi.ts';
import { openApiSources } from './operations.ts';
import { checkReadiness } from './readiness.ts';
import { redis } from './redis.ts';
import { idempotency } from './idempotency.ts';
import { type AppEnv, errorResponse } from './rest.ts';
import { registerRestRoutes } from './rest-routes.ts';
import { appRouter } from './router.ts';

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

/** The whole HTTP surface: tRPC, REST shim, health, OpenAPI, and the built client. */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined }));
  app.use(
    '/web/*',
    bodyLimit({
      maxSize: 12 * 1024 * 1024,
      onError: (c) =>
        errorResponse(c, new AppError('VALIDATION_FAILED', { status: 413, message: 'Payload too large' })),
    }),
  );
  app.use(
    '/trpc/*',
    bodyLimit({
      maxSize: 12 * 1024 * 1024,
      onError: (c) =>
        errorResponse(c, new AppError('VALIDATION_FAILED', { status: 413, message: 'Payload too large' })),
    }),
  );

  // Resolve the caller once per request, for REST and tRPC alike.
  app.use('*', async (c, next) => {
    const ctx: RequestContext = {
      ip: clientIp(c),
      userAgent: c.req.header('User-Agent') ?? null,
      auth: null,
    };
    const token = bearer(c.req.header('Authorization'));
    if (
      token &&
      (c.req.path.startsWith('/web/') || c.req.path.startsWith('/trpc/') || c.req.path.startsWith('/admin/'))
    ) {
      ctx.auth = await authenticate(token);
      // A REST call with a dead token is a 401 (the client then goes to /logout).
      if (!ctx.auth && c.req.path.startsWith('/web/') && c.req.path !== '/web/authentication/') {
        return errorResponse(c, new AppError('UNAUTHENTICATED'));
      }
    }
    c.set('ctx', ctx);
    await next();
  });

  // After the caller is known: keys are per caller.
  app.use('/web/*', idempotency);
  app.use('/trpc/*', idempotency);

  app.onError((err, c) => errorResponse(c, err));

  app.get('/health', async (c) => {
    await Promise.all([pingDb(), redis().ping()]);
    return c.json({ ok: true });
  });

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
      createContext: () => c.get('ctx'),
      maxBatchSize: 20,
    }),
  );

  app.get('/web/openapi.json', (c) => c.json(buildOpenApiDocument(config().PUBLIC_URL, openApiSources())));
  registerRestRoutes(app);
  mountJobsBoard(app);
  app.all('/web/*', (c) => errorResponse(c, new AppError('NOT_FOUND')));

  const clientDir = path.resolve(config().CLIENT_DIR);
  if (existsSync(clientDir)) {
    const rel = path.relative(process.cwd(), clientDir) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root: rel,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use('*', serveStatic({ root: rel }));
    app.get('*', serveStatic({ root: rel, path: 'index.html' }));
  } else {
    app.get('/', (c) =>
      c.text('The client is not built yet: run `npm run build` (npm start does it for you).', 503),
    );
  }
  return app;
}
