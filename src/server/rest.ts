import type { Context, Hono, MiddlewareHandler } from 'hono';
import { ZodError, type z } from 'zod';
import { ERROR_CATALOGUE, type ErrorBody } from '../shared/errors.ts';
import type { Role } from '../shared/roles.ts';
import type { AuthContext, RequestContext, TenantContext } from './context.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';

/** Hono variables set by the auth middleware. */
export type AppEnv = { Variables: { ctx: RequestContext } };
export type RestApp = Hono<AppEnv>;

/** The success envelope of the REST shim. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  return c.json({ data }, status);
}

export function errorResponse(c: Context, err: unknown) {
  if (err instanceof AppError) {
    const body: ErrorBody = {
      code: err.code,
      message: err.message,
      ...(err.params ? { params: err.params } : {}),
      ...(err.issues ? { issues: err.issues } : {}),
    };
    return c.json({ error: body }, err.status as 400);
  }
  if (err instanceof ZodError) {
    return c.json(
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: ERROR_CATALOGUE.VALIDATION_FAILED.message,
          issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        },
      },
      400,
    );
  }
  if (err instanceof SyntaxError) {
    return c.json({ error: { code: 'VALIDATION_FAILED', message: 'Malformed request body' } }, 400);
  }
  log.error('request failed', { path: c.req.path, error: String((err as Error)?.stack ?? err) });
  return c.json({ error: { code: 'INTERNAL_ERROR', message: ERROR_CATALOGUE.INTERNAL_ERROR.message } }, 500);
}

export function requestContext(c: Context<AppEnv>): RequestContext {
  return c.get('ctx');
}

/** Requires a signed-in user with one of `roles` (all roles when omitted). */
export function requireAuth(
  c: Context<AppEnv>,
  roles?: readonly Role[],
): RequestContext & { auth: AuthContext } {
  const ctx = c.get('ctx');
  if (!ctx.auth) throw new AppError('UNAUTHENTICATED');
  if (roles && !roles.includes(ctx.auth.role)) throw new AppError('FORBIDDEN');
  return ctx as RequestContext & { auth: AuthContext };
}

/** Requires a signed-in user with one of `roles`, inside a company group. */
export function requireTenant(c: Context<AppEnv>, roles: readonly Role[]): TenantContext {
  const ctx = requireAuth(c, roles);
  if (!ctx.auth.companyGroup || !ctx.auth.tenant) throw new AppError('TENANT_FORBIDDEN');
  return ctx as TenantContext;
}

/** Parses a JSON body with a zod schema; an empty or malformed body is a 400, never a 500. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new AppError('VALIDATION_FAILED', { message: 'Malformed JSON body' });
    }
  }
  return schema.parse(value);
}

/** Parses the query string with a zod schema (use z.coerce for numbers). */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return schema.parse(c.req.query());
}

/** Parses a path parameter as a positive integer id. */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name);
  const n = Number(raw);
  if (!raw || !Number.isSafeInteger(n) || n <= 0)
    throw new AppError('VALIDATION_FAILED', { message: `Invalid ${name}` });
  return n;
}

export type RestMiddleware = MiddlewareHandler<AppEnv>;
