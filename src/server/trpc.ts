import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { ERROR_CATALOGUE } from '../shared/errors.ts';
import { describeIssue, type IssueBody } from '../shared/field-messages.ts';
import type { RequestContext } from './context.ts';
import { isDatabaseUnavailable, isRecordSealedViolation } from './db/pg-errors.ts';
import { AppError } from './errors.ts';
import { log } from './logger.ts';

type TrpcCode = TRPCError['code'];
function trpcCodeFor(status: number): TrpcCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL_SERVER_ERROR';
  }
}

/** Wraps an AppError so tRPC carries its catalogue code. */
export function toTrpcError(err: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeFor(err.status), message: err.message, cause: err });
}

const t = initTRPC.context<RequestContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let code: string = shape.data.code;
    let issues: IssueBody[] | undefined;
    let params: Readonly<Record<string, string | number>> | undefined;
    let message = shape.message;
    if (cause instanceof AppError) {
      code = cause.code;
      params = cause.params;
      issues = cause.issues;
    } else if (cause instanceof ZodError) {
      code = 'VALIDATION_FAILED';
      message = ERROR_CATALOGUE.VALIDATION_FAILED.message;
      issues = cause.issues.map(describeIssue);
    } else if (isDatabaseUnavailable(cause)) {
      code = 'DATABASE_UNAVAILABLE';
      message = ERROR_CATALOGUE.DATABASE_UNAVAILABLE.message;
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      code = 'INTERNAL_ERROR';
      message = ERROR_CATALOGUE.INTERNAL_ERROR.message;
    }
    // `data.code` and `data.params` are the catalogue code and its parameters, as REST's `error`.
    return {
      ...shape,
      message,
      data: { ...shape.data, stack: undefined, code, trpcCode: shape.data.code, params, issues },
    };
  },
});

export const router = t.router;

/** Turns thrown AppErrors into TRPCErrors (keeping the code) and logs unexpected ones. */
const errorMapper = t.middleware(async ({ next, path }) => {
  const res = await next();
  if (!res.ok) {
    // A sealed record's row refused by its trigger is the catalogue's 409 RECORD_SEALED.
    const cause = isRecordSealedViolation(res.error.cause) ? new AppError('RECORD_SEALED') : res.error.cause;
    if (cause instanceof AppError) {
      (res as { error: TRPCError }).error = toTrpcError(cause);
    } else if (isDatabaseUnavailable(cause)) {
      // Postgres restarting or a killed connection: 503 DATABASE_UNAVAILABLE, never a 500.
      log.warn('procedure failed: database unavailable', { path, error: String(cause?.message) });
      (res as { error: TRPCError }).error = toTrpcError(new AppError('DATABASE_UNAVAILABLE'));
    } else if (res.error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof ZodError)) {
      log.error('procedure failed', { path, error: String(cause?.stack ?? res.error.message) });
    }
  }
  return res;
});

export const publicProcedure = t.procedure.use(errorMapper);
