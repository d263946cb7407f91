import type { Context, Hono } from 'hono';
import { ZodError } from 'zod';
import { ERROR_CATALOGUE, type ErrorBody } from '../shared/errors.ts';
import { describeIssue } from '../shared/field-messages.ts';
import type { RequestContext } from './context.ts';
import { isDatabaseUnavailable, isRecordSealedViolation } from './db/pg-errors.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';

/** Hono variables set by the auth middleware. */
export type AppEnv = {
  Variables: {
    ctx: RequestContext;
    /** Resolving the caller failed (e.g. the database went away): tRPC answers it in its own shape. */
    authFailure?: unknown;
  };
};
export type RestApp = Hono<AppEnv>;

/** The success envelope of the REST shim. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  return c.json({ data }, status);
}

/** The seconds an error tells the caller to wait: its own, its `retryAfter` parameter, 5 for a 503. */
export function retryAfterOf(err: AppError): number | undefined {
  if (err.retryAfter !== undefined) return err.retryAfter;
  if (typeof err.params?.retryAfter === 'number') return err.params.retryAfter;
  return err.status === 503 ? 5 : undefined;
}

export function errorResponse(c: Context, thrown: unknown) {
  // A sealed record's row refused by its trigger is the catalogue's 409 RECORD_SEALED.
  const err = isRecordSealedViolation(thrown) ? new AppError('RECORD_SEALED') : thrown;
  if (err instanceof AppError) {
    const body: ErrorBody = {
      code: err.code,
      message: err.message,
      ...(err.params ? { params: err.params } : {}),
      ...(err.issues ? { issues: err.issues } : {}),
    };
    // A throttled or unavailable call says when to come back.
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    return c.json({ error: body }, err.status as 400);
  }
  if (err instanceof ZodError) {
    return c.json(
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: ERROR_CATALOGUE.VALIDATION_FAILED.message,
          issues: err.issues.map(describeIssue),
        },
      },
      400,
    );
  }
  if (err instanceof SyntaxError) {
    return c.json({ error: { code: 'VALIDATION_FAILED', message: 'Malformed request body' } }, 400);
  }
  if (isDatabaseUnavailable(err)) {
    // Postgres restarting or a killed connection: the caller may retry; not a server bug.
    log.warn('request failed: database unavailable', {
      path: c.req.path,
      error: String((err as Error)?.message ?? err),
    });
    const body: ErrorBody = {
      code: 'DATABASE_UNAVAILABLE',
      message: ERROR_CATALOGUE.DATABASE_UNAVAILABLE.message,
    };
    c.header('Retry-After', '5');
    return c.json({ error: body }, 503);
  }
  log.error('request failed', { path: c.req.path, error: String((err as Error)?.stack ?? err) });
  return c.json({ error: { code: 'INTERNAL_ERROR', message: ERROR_CATALOGUE.INTERNAL_ERROR.message } }, 500);
}
