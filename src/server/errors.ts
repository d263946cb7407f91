import { ERROR_CATALOGUE, type ErrorCode, formatMessage } from '../shared/errors.ts';

/** A business error with a catalogue code; REST and tRPC both turn it into the same answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: { path: string; message: string }[];

  constructor(
    code: ErrorCode,
    opts: {
      status?: number;
      message?: string;
      params?: Record<string, string | number>;
      issues?: { path: string; message: string }[];
    } = {},
  ) {
    const known = (ERROR_CATALOGUE as Record<string, { status: number; message: string }>)[code];
    super(opts.message ?? formatMessage(known?.message ?? code, opts.params));
    this.code = code;
    this.status = opts.status ?? known?.status ?? 400;
    this.issues = opts.issues;
  }
}

export const notFound = (what = 'NOT_FOUND') =>
  new AppError(what === 'NOT_FOUND' ? 'NOT_FOUND' : what, { status: 404 });
export const forbidden = () => new AppError('FORBIDDEN');
