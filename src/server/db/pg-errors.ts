/** Postgres unique violation (SQLSTATE 23505), optionally of one constraint or unique index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  if (!constraint || e.constraint === constraint) return true;
  // On Citus the violation comes from the worker's shard: its constraint is `<name>_<shard id>`,
  // named in the message (the constraint field is not always passed on).
  const shard = new RegExp(`^${constraint}_\\d+$`);
  if (e.constraint && shard.test(e.constraint)) return true;
  return !e.constraint && new RegExp(`"${constraint}_\\d+"`).test(e.message ?? '');
}

/**
 * SQLSTATEs meaning "the database is not there right now", not "your query is wrong": class 08
 * (connection exceptions) and the shutdown / start-up codes of class 57 (admin shutdown, crash
 * shutdown, cannot connect now).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** Socket errors of a refused, reset or timed-out connection. */
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/** pg's own messages for a connection that died or could not be had (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

/**
 * True when a query failed because Postgres was unreachable, restarting, or killed its
 * connection (the caller gets 503 DATABASE_UNAVAILABLE, not a 500). Follows `cause` and the
 * `errors` of an AggregateError (a refused connection to a host with several addresses).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === 'string' &&
    (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_SYSCALL_CODES.has(e.code))
  )
    return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * A write the database refused because the record is sealed (issue 29 item 3): the triggers of
 * tenant migration 1101 raise SQLSTATE `EQ409`. The REST and tRPC error mappers answer it as 409
 * RECORD_SEALED, so any path that forgot to check gets the same answer.
 */
export function isRecordSealedViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'EQ409';
}
