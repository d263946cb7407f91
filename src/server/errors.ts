import {
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorParamName,
  type ErrorParams,
  formatMessage,
  type PlainErrorCode,
} from '../shared/errors.ts';
import type { IssueBody } from '../shared/field-messages.ts';

type Issue = IssueBody;

interface AppErrorOptions {
  /** Overrides the catalogue's status (rare: e.g. 413 for a body over the limit). */
  status?: number;
  /** Overrides the catalogue's message on the server's answer (clients translate by code). */
  message?: string;
  issues?: Issue[];
  /** Seconds the caller should wait before retrying (the `Retry-After` header of REST and tRPC). */
  retryAfter?: number;
}

/**
 * The options of a code: `params` is required, and typed, when its message has `{x}` placeholders.
 * A code only known at run time (cast `as never`, e.g. one a field rule names) takes any params.
 */
export type AppErrorArgs<C extends ErrorCode> = [C] extends [never]
  ? [opts?: AppErrorOptions & { params?: Readonly<Record<string, string | number>> }]
  : [ErrorParamName<C>] extends [never]
    ? [opts?: AppErrorOptions & { params?: undefined }]
    : [opts: AppErrorOptions & { params: ErrorParams<C> }];

/**
 * A business error with a catalogue code (`src/shared/errors.ts`); REST and tRPC both turn it
 * into the same envelope: code, message (pt, params filled in), params, issues.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly status: number;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly issues?: Issue[];
  readonly retryAfter?: number;

  constructor(code: C, ...[opts]: AppErrorArgs<C>) {
    // Defensive: a code cast from run-time data may be missing from the catalogue.
    const known: { status: number; message: string } | undefined = ERROR_CATALOGUE[code];
    const params = opts?.params as Record<string, string | number> | undefined;
    super(opts?.message ?? formatMessage(known?.message ?? code, params));
    this.code = code;
    this.status = opts?.status ?? known?.status ?? 400;
    this.params = params;
    this.issues = opts?.issues;
    this.retryAfter = opts?.retryAfter;
  }
}

export const notFound = (code: PlainErrorCode = 'NOT_FOUND') => new AppError(code, { status: 404 });
export const forbidden = () => new AppError('FORBIDDEN');
