import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { buildOpenApiDocument } from './kit/openapi.ts';
import { openApiSources } from './operations.ts';
import { type AppEnv, requireAuth } from './rest.ts';

/** Metadata of one REST shim route, collected to serve `/web/openapi.json`. */
export interface RouteMeta {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
  tag: string;
  summary: string;
  roles?: readonly string[] | 'public';
  body?: z.ZodType;
  query?: z.ZodType;
  /** e.g. 'application/pdf' for downloads */
  produces?: string;
}

const routes: RouteMeta[] = [];

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

/**
 * A small wrapper over a Hono app that records each route for the OpenAPI document.
 * Domains' rest.ts use it: `const r = restRoutes(app, 'Catalogue'); r.get('/web/categories/', {...}, h)`.
 */
export function restRoutes(app: Hono<AppEnv>, tag: string) {
  const add =
    (method: RouteMeta['method']) =>
    (path: string, meta: Omit<RouteMeta, 'method' | 'path' | 'tag'>, handler: Handler) => {
      if (!routes.some((r) => r.method === method && r.path === path))
        routes.push({ method, path, tag, ...meta });
      // The declared roles are enforced here, before the handler parses anything, so a refused
      // role always gets 403 (never a 400 for a body it should not have been sending).
      const guarded: Handler =
        meta.roles === 'public'
          ? handler
          : (c) => {
              requireAuth(c, Array.isArray(meta.roles) ? meta.roles : undefined);
              return handler(c);
            };
      app.on(method.toUpperCase(), path, guarded);
    };
  return { get: add('get'), post: add('post'), put: add('put'), delete: add('delete'), patch: add('patch') };
}

function toOpenApiPath(p: string): string {
  return p.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

function jsonSchema(s: z.ZodType): unknown {
  try {
    return z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' });
  } catch {
    return {};
  }
}

export function openApiDocument(publicUrl: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = toOpenApiPath(r.path);
    const params = [...p.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      description:
        r.roles === 'public' ? 'Public.' : r.roles ? `Roles: ${r.roles.join(', ')}.` : 'Any signed-in user.',
      parameters: params,
      security: r.roles === 'public' ? [] : [{ bearer: [] }],
      responses: {
        '200': r.produces
          ? {
              description: 'File',
              content: { [r.produces]: { schema: { type: 'string', format: 'binary' } } },
            }
          : { description: 'Success: `{ "data": … }`' },
        default: { description: 'Error: `{ "error": { "code", "message", "params"?, "issues"? } }`' },
      },
    };
    if (r.query) (op as { 'x-query-schema': unknown })['x-query-schema'] = jsonSchema(r.query);
    if (r.body) op.requestBody = { content: { 'application/json': { schema: jsonSchema(r.body) } } };
    paths[p] ??= {};
    paths[p][r.method] = op;
  }
  // Domains on the operations kit come from their tables; the rest (being moved) from restRoutes.
  const doc = buildOpenApiDocument(publicUrl, openApiSources()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [p, methods] of Object.entries(paths)) doc.paths[p] = { ...methods, ...doc.paths[p] };
  return doc;
}

/** Every registered REST route with its declared roles (the permission matrix test walks this). */
export function registeredRoutes(): readonly RouteMeta[] {
  return routes;
}
